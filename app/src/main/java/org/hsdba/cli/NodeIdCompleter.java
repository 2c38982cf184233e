package org.hsdba.cli;

import java.util.List;
import java.util.stream.Collectors;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.hsdba.api.HsdbaService;
import org.hsdba.model.BandwidthTree;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.onosproject.cli.AbstractShellCommand;

/** Completes node ids of the tree named by the device and port typed before (or of every tree). */
@Service
public class NodeIdCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        String device = CompletionArgs.argument(commandLine, 0);
        String port = CompletionArgs.argument(commandLine, 1);
        return AbstractShellCommand.get(HsdbaService.class).trees().stream()
                .filter(t -> device == null || t.port().deviceId().equals(device))
                .filter(t -> port == null || String.valueOf(t.port().port()).equals(port))
                .map(BandwidthTree::nodes).flatMap(List::stream).map(n -> n.id()).distinct()
                .collect(Collectors.toList());
    }
}
