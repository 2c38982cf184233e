package org.hsdba.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.hsdba.model.PortRef;
import org.hsdba.model.TreeEdit;

/** Removes a node and its subtree. */
@Service
@Command(scope = "onos", name = "hsdba-node-remove", description = "Removes a node and its subtree from an hsdba tree")
public class NodeRemoveCommand extends NodeEditCommand {

    @Argument(index = 2, name = "id", required = true, description = "Node id")
    @Completion(NodeIdCompleter.class)
    String id;

    @Override
    void run() {
        PortRef p = portRef();
        apply(p, TreeEdit.deleteSubtree(id), r -> String.format("removed %d node(s) %s from %s, tree version %d",
                r.removedNodes().size(), r.removedNodes(), p, r.tree().operatorVersion()));
    }
}
