package org.hsdba.cli;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.hsdba.api.PortState;

/** Shows the live state of a port's tree. */
@Service
@Command(scope = "onos", name = "hsdba-state", description = "Shows measured rates, targets and states of an hsdba tree")
public class StateCommand extends PortCommand {

    @Override
    void run() {
        PortState state = service().state(portRef());
        if (json()) {
            printJson(CliJson.state(state));
        } else {
            CliFormat.stateLines(state).forEach(line -> print("%s", line));
        }
    }
}
