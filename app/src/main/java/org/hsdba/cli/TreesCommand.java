package org.hsdba.cli;

import java.util.List;
import java.util.stream.Collectors;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.hsdba.model.json.ConfigJson;

/** Lists the bandwidth trees, or shows one. */
@Service
@Command(scope = "onos", name = "hsdba-trees", description = "Lists hsdba bandwidth trees, or shows the tree of one port")
public class TreesCommand extends HsdbaCommand {

    @Argument(index = 0, name = "device", description = "Device id, e.g. pof:0000000000000001")
    @Completion(DeviceIdCompleter.class)
    String device;

    @Argument(index = 1, name = "port", description = "Port number: show that port's tree node by node")
    @Completion(PortCompleter.class)
    Long port;

    @Override
    void run() {
        if (port == null) {
            List<BandwidthTree> trees = service().trees().stream()
                    .filter(t -> device == null || t.port().deviceId().equals(device)).collect(Collectors.toList());
            if (json()) {
                printJson(CliJson.trees(trees));
            } else {
                trees.forEach(t -> print("%s", CliFormat.treeLine(t)));
            }
            return;
        }
        PortRef p = port(device, port);
        BandwidthTree t = tree(p);
        if (json()) {
            printJson(ConfigJson.treeToJson(t));
        } else {
            CliFormat.treeLines(t).forEach(line -> print("%s", line));
        }
    }
}
