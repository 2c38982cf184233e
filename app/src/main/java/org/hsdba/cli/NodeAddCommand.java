package org.hsdba.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;

/** Adds a node under a parent (or the port). */
@Service
@Command(scope = "onos", name = "hsdba-node-add", description = "Adds a node to an hsdba bandwidth tree")
public class NodeAddCommand extends NodeEditCommand {

    @Argument(index = 2, name = "id", required = true, description = "New node id")
    String id;

    @Argument(index = 3, name = "key", description = "Key on the level's field: hex (0x0a01), IPv4 or CIDR; "
            + "not needed for a template")
    String key;

    @Option(name = "--parent", description = "Parent node id (default: under the port)")
    @Completion(NodeIdCompleter.class)
    String parent;

    @Option(name = "--mask", description = "Key mask in hex (default: all ones)")
    String mask;

    @Option(name = "--guaranteed", aliases = "-g", description = "Guaranteed rate, e.g. 250M")
    String guaranteed;

    @Option(name = "--weight", aliases = "-w", description = "Weight (> 0)")
    Double weight;

    @Option(name = "--peak", aliases = "-l", description = "Peak rate, e.g. 1G or unlimited")
    String peak;

    @Option(name = "--pinned", description = "Never prune the node")
    boolean pinned;

    @Option(name = "--template", description = "A template for nodes joining under the same parent")
    boolean template;

    @Override
    void run() {
        PortRef p = portRef();
        BandwidthTree tree = tree(p);
        int depth = parent == null ? 1 : tree.depth(parent) + 1;
        if (depth > tree.levels().size()) {
            throw new IllegalArgumentException("\"" + parent + "\" is at the deepest level; it cannot have children");
        }
        NodeSpec.Builder node = NodeSpec.builder(id).parent(parent).weight(weight).pinned(pinned).template(template)
                .guaranteed(guaranteed == null ? null : Rate.parse(guaranteed))
                .peak(peak == null ? Rate.UNLIMITED : Rate.parseLimit(peak));
        if (key != null) {
            node.key(MatchKey.parse(key, mask, tree.levels().get(depth - 1).field().lengthBits()));
        }
        apply(p, TreeEdit.add(node.build()), r -> String.format("added %s to %s, tree version %d", id, p,
                r.tree().operatorVersion()));
    }
}
