package org.hsdba.cli;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import java.util.Optional;

import org.hsdba.api.Enforcement;
import org.hsdba.api.PortState;

/** Shows the live state of a port's tree and which version of it the switch enforces. */
@Service
@Command(scope = "onos", name = "hsdba-state", description = "Shows measured rates, targets and states of an hsdba tree")
public class StateCommand extends PortCommand {

    @Override
    void run() {
        PortState state = service().state(portRef());
        Optional<Enforcement> enforcement = service().device(portRef().deviceId()).flatMap(d -> d.tree(portRef().port()));
        if (json()) {
            printJson(CliJson.state(state, enforcement.orElse(null)));
        } else {
            CliFormat.stateLines(state).forEach(line -> print("%s", line));
            // What the switch runs, so an edit still on its way (or failed) is never mistaken for enforced.
            enforcement.ifPresent(e -> print("enforcement: %s", e.describe()));
        }
    }
}
