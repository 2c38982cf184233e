package org.hsdba.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.hsdba.api.NotFoundException;
import org.hsdba.model.BandwidthTree;

/** Lists the bandwidth trees, or shows one. */
@Service
@Command(scope = "onos", name = "hsdba-trees", description = "Lists hsdba bandwidth trees, or shows the tree of one port")
public class TreesCommand extends HsdbaCommand {

    @Argument(index = 0, name = "device", description = "Device id, e.g. pof:0000000000000001")
    @Completion(DeviceIdCompleter.class)
    String device;

    @Argument(index = 1, name = "port", description = "Port number")
    @Completion(PortCompleter.class)
    long port = -1;

    @Override
    protected void doExecute() {
        if (device == null) {
            for (BandwidthTree t : service().trees()) {
                print("%s", CliFormat.treeLine(t));
            }
            return;
        }
        if (port < 0) {
            service().trees().stream().filter(t -> t.port().deviceId().equals(device))
                    .forEach(t -> print("%s", CliFormat.treeLine(t)));
            return;
        }
        BandwidthTree t = service().tree(port(device, port))
                .orElseThrow(() -> new NotFoundException("no tree for port " + port + " of " + device));
        CliFormat.treeLines(t).forEach(line -> print("%s", line));
    }
}
