package org.hsdba.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.hsdba.api.NotFoundException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;

/** Changes some attributes of a node; the others keep their values. */
@Service
@Command(scope = "onos", name = "hsdba-node-update", description = "Updates attributes of a node of an hsdba tree")
public class NodeUpdateCommand extends NodeEditCommand {

    @Argument(index = 2, name = "id", required = true, description = "Node id")
    @Completion(NodeIdCompleter.class)
    String id;

    @Option(name = "--key", description = "New key (hex, IPv4 or CIDR)")
    String key;

    @Option(name = "--mask", description = "Mask of the new key, hex")
    String mask;

    @Option(name = "--guaranteed", aliases = "-g", description = "Guaranteed rate, e.g. 250M; \"none\" to derive it")
    String guaranteed;

    @Option(name = "--weight", aliases = "-w", description = "Weight (> 0); 0 to derive it")
    Double weight;

    @Option(name = "--peak", aliases = "-l", description = "Peak rate, e.g. 1G or unlimited")
    String peak;

    // A Boolean option is a flag in Karaf ("--pinned true" would make "true" an argument): --pinned=false unpins.
    @Option(name = "--pinned", description = "Pin the node (never pruned); --pinned=false unpins it")
    Boolean pinned;

    @Option(name = "--adopt", description = "Declare a node that joined by packet-in: it is then never pruned")
    boolean adopt;

    @Override
    void run() {
        PortRef p = portRef();
        BandwidthTree tree = tree(p);
        NodeSpec old = tree.node(id).orElseThrow(() -> new NotFoundException("no node \"" + id + "\" under " + p));
        changed(old, tree); // a bad option is refused here, before anything is queued
        // The options are applied to the node as it is when the edit is written, so a concurrent edit of its
        // other attributes is kept rather than overwritten with what was read here.
        apply(p, TreeEdit.update(id, this::changed), r -> String.format("updated %s in %s, tree version %d", id, p,
                r.tree().operatorVersion()));
    }

    /** {@code old} with the options given applied; the key is read at the node's level in {@code tree}. */
    private NodeSpec changed(NodeSpec old, BandwidthTree tree) {
        NodeSpec.Builder b = old.toBuilder();
        if (key != null) {
            b.key(MatchKey.parse(key, mask, tree.level(id).field().lengthBits()));
        }
        if (guaranteed != null) {
            b.guaranteed(guaranteed.equals("none") ? null : Rate.parse(guaranteed));
        }
        if (weight != null) {
            b.weight(weight == 0 ? null : weight);
        }
        if (peak != null) {
            b.peak(Rate.parseLimit(peak));
        }
        if (pinned != null) {
            b.pinned(pinned);
        }
        if (adopt) {
            b.joined(false);
        }
        return b.build();
    }
}
