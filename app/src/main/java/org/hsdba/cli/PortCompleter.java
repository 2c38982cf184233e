package org.hsdba.cli;

import java.util.List;
import java.util.stream.Collectors;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.hsdba.api.HsdbaService;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.onosproject.cli.AbstractShellCommand;

/** Completes the managed ports of the device typed before (or of every device). */
@Service
public class PortCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        String device = CompletionArgs.argument(commandLine, 0);
        return AbstractShellCommand.get(HsdbaService.class).trees().stream()
                .filter(t -> device == null || t.port().deviceId().equals(device))
                .map(t -> String.valueOf(t.port().port())).distinct().collect(Collectors.toList());
    }
}
