package org.hsdba.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Operator state and membership of a tree told apart: the declared part (settings, levels,
 * nodes the operator declared, and joined nodes that have a declared or pinned descendant, which
 * hold it up) and the joined nodes, which come and go by packet-in and pruning.
 */
public final class Membership {

    private Membership() {
    }

    /**
     * The tree with the settings, levels and declared nodes of {@code operator} and the joined
     * nodes of {@code members} (the current tree): a joined node of {@code members} stays if its
     * parent is in the result (the port, or a node that is there); a joined node of {@code operator}
     * that has left {@code members} goes, and so does whatever hung below it. Versions are those of
     * {@code operator}; the caller sets new ones.
     */
    public static BandwidthTree merge(BandwidthTree operator, BandwidthTree members) {
        return merge(operator, members, false);
    }

    /**
     * A whole tree an operator writes, laid over the current membership: as {@link #merge}, except
     * that a joined node both trees hold is taken as the operator wrote it (the writer may have
     * changed it; an undo's old copy, which {@link #merge} replaces, cannot have). So a tree read
     * before a join and written back after it keeps the node that joined in between, and does not
     * bring back one pruned in between.
     */
    public static BandwidthTree rebase(BandwidthTree written, BandwidthTree current) {
        return merge(written, current, true);
    }

    private static BandwidthTree merge(BandwidthTree operator, BandwidthTree members, boolean operatorsJoined) {
        Map<String, NodeSpec> candidates = new LinkedHashMap<>();
        for (NodeSpec n : operator.nodes()) {
            if (!n.isJoined() || members.contains(n.id())) {
                candidates.put(n.id(), n.isJoined() && !operatorsJoined ? members.get(n.id()) : n);
            }
        }
        for (NodeSpec n : members.nodes()) {
            if (n.isJoined() && !candidates.containsKey(n.id())) {
                candidates.put(n.id(), n);
            }
        }
        // Pre-order of both inputs puts parents first except across them: resolve until stable.
        Set<String> kept = new HashSet<>();
        boolean grew = true;
        while (grew) {
            grew = false;
            for (NodeSpec n : candidates.values()) {
                if (!kept.contains(n.id()) && (n.parentId() == null || kept.contains(n.parentId()))) {
                    kept.add(n.id());
                    grew = true;
                }
            }
        }
        List<NodeSpec> nodes = new ArrayList<>();
        for (NodeSpec n : candidates.values()) {
            if (kept.contains(n.id())) {
                nodes.add(n);
            }
        }
        return operator.toBuilder().nodes(nodes).build();
    }

    /** How many nodes of the tree were joined by packet-in. */
    public static int joinedCount(BandwidthTree tree) {
        int c = 0;
        for (NodeSpec n : tree.nodes()) {
            if (n.isJoined()) {
                c++;
            }
        }
        return c;
    }
}
