package org.hsdba.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.hsdba.api.EditResult;
import org.hsdba.model.TreeEdit;

/** Removes a node and its subtree. */
@Service
@Command(scope = "onos", name = "hsdba-node-remove", description = "Removes a node and its subtree from an hsdba tree")
public class NodeRemoveCommand extends HsdbaCommand {

    @Argument(index = 0, name = "device", required = true, description = "Device id")
    @Completion(DeviceIdCompleter.class)
    String device;

    @Argument(index = 1, name = "port", required = true, description = "Port number")
    @Completion(PortCompleter.class)
    long port;

    @Argument(index = 2, name = "id", required = true, description = "Node id")
    @Completion(NodeIdCompleter.class)
    String id;

    @Option(name = "--version", description = "Expected tree version (optimistic concurrency)")
    long version = -1;

    @Override
    protected void doExecute() {
        EditResult r = service().edit(port(device, port), TreeEdit.deleteSubtree(id), expected(version));
        print("removed %d node(s) %s, tree version %d", r.removedNodes().size(), r.removedNodes(), r.tree().version());
    }
}
