package org.hsdba.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.hsdba.api.PortState;

/** Shows the live state of a port's tree. */
@Service
@Command(scope = "onos", name = "hsdba-state", description = "Shows measured rates, targets and states of an hsdba tree")
public class StateCommand extends HsdbaCommand {

    @Argument(index = 0, name = "device", required = true, description = "Device id")
    @Completion(DeviceIdCompleter.class)
    String device;

    @Argument(index = 1, name = "port", required = true, description = "Port number")
    @Completion(PortCompleter.class)
    long port;

    @Override
    protected void doExecute() {
        PortState state = service().state(port(device, port));
        if (json()) {
            printJson(CliJson.state(state));
        } else {
            CliFormat.stateLines(state).forEach(line -> print("%s", line));
        }
    }
}
