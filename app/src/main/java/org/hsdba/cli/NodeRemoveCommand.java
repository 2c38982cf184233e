package org.hsdba.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.hsdba.api.EditResult;
import org.hsdba.model.PortRef;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.json.ConfigJson;

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

    @Option(name = "--version", description = "Expected tree version: refuse the edit if the tree changed since")
    Long version;

    @Override
    protected void doExecute() {
        PortRef p = port(device, port);
        EditResult r = service().edit(p, TreeEdit.deleteSubtree(id), expected(version));
        if (json()) {
            printJson(ConfigJson.treeToJson(r.tree()));
        } else {
            print("removed %d node(s) %s from %s, tree version %d", r.removedNodes().size(), r.removedNodes(), p,
                    r.tree().version());
        }
    }
}
