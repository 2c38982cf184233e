package org.hsdba.impl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import org.hsdba.admission.EditChain;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.impl.program.CounterReading;
import org.hsdba.impl.program.EditHistory;
import org.hsdba.impl.program.EntryCounters;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.model.AppliedEdit;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.JoinTemplate;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;

/**
 * Traffic activity of one device's nodes, from counter readings and the switch's entry status
 * reports. A node's idle clock starts when it is first seen in the program (a grace period for
 * new nodes) and restarts whenever its arrived bytes grow or the switch reports it reactivated.
 *
 * <p>Active: the switch's bit where it has one (in-switch); otherwise emulated: traffic within
 * the idle timeout. Only leaves report transitions (leaves are what goes inactive in the
 * algorithm). Used on the control thread only.
 */
final class ActivityTracker {

    /** A leaf became inactive or active again. */
    static final class Transition {
        final NodeRef node;
        final boolean active;

        Transition(NodeRef node, boolean active) {
            this.node = node;
            this.active = active;
        }
    }

    private static final class Activity {
        long lastArrived;
        long lastTrafficNanos;
        boolean active;
        boolean everActive;
        /** When the leaf went inactive after having been active; -1 if it is active or never was. */
        long inactiveSinceNanos = -1;
    }

    /** By port, then node id (no per-node key objects: a tree's nodes are walked at every confirmed change). */
    private final Map<PortRef, Map<String, Activity>> nodes = new HashMap<>();
    /** The tree each port's nodes were last taken from: an unchanged tree is not walked again. */
    private final Map<PortRef, BandwidthTree> tracked = new HashMap<>();

    /**
     * Starts tracking the nodes (not templates) of the program's trees that are new to it and
     * forgets those no longer in it. Costs nothing for a tree that did not change.
     */
    void track(List<BandwidthTree> trees, long nowNanos) {
        track(trees, nowNanos, null);
    }

    /**
     * {@link #track(List, long)}, costing what the edits touched for a tree whose edits from the
     * one tracked before {@code history} knows (null: none known) and that removed no node: a
     * join then looks at its new node instead of walking the whole tree beside the one before
     * (2.7 % of a lane's CPU per join with 2000 users under one parent at 100 joins/s).
     */
    void track(List<BandwidthTree> trees, long nowNanos, EditHistory history) {
        Set<PortRef> ports = new HashSet<>();
        for (BandwidthTree t : trees) {
            ports.add(t.port());
            BandwidthTree before = tracked.get(t.port());
            if (before == t) {
                continue;
            }
            tracked.put(t.port(), t);
            Map<String, Activity> byId = nodes.computeIfAbsent(t.port(), p -> new HashMap<>());
            if (before != null && history != null && trackAlong(byId, before, t, history, nowNanos)) {
                continue;
            }
            boolean hadNodes = !byId.isEmpty();
            // Walked beside the tree tracked before, references first: a node object it had at
            // this place is tracked already (or a template), which the two node arrays tell
            // without touching the node (a join adds 1 node of n; reading each node's template
            // flag cost a cache miss per node, 9 % of the lane in a 2000-user join run).
            int next = 0;
            int shared = before == null ? 0 : before.size();
            int matched = 0;
            for (int i = 0; i < t.size(); i++) {
                NodeSpec n = t.node(i);
                if (next < shared && before.node(next) == n) {
                    next++;
                    matched++;
                    continue;
                }
                if (n.isTemplate()) {
                    continue;
                }
                while (next < shared && before.node(next).isTemplate()) {
                    next++;
                }
                if (next < shared && before.node(next) == n) {
                    next++;
                    matched++;
                    continue;
                }
                if (!byId.containsKey(n.id())) { // not computeIfAbsent: no capturing lambda per node
                    Activity a = new Activity();
                    a.lastTrafficNanos = nowNanos;
                    byId.put(n.id(), a);
                }
            }
            // Every node of the tree before is still there (same object): nothing left it. Else
            // (a prune, a replacement, a whole new tree) the tracked ids are checked one by one.
            if (hadNodes && !(before != null && matched == shared)) {
                byId.keySet().removeIf(id -> !t.contains(id) || t.node(t.indexOf(id)).isTemplate());
            }
        }
        nodes.keySet().retainAll(ports);
        tracked.keySet().retainAll(ports);
    }

    /**
     * Brings {@code byId} (the nodes of {@code before}, not templates) to those of {@code t} from
     * the nodes the edits between them created or changed; every other node of {@code t} is a
     * node object of {@code before} (what {@link AppliedEdit} promises). False, with nothing
     * changed, if no chain is known or an edit removed nodes (which only a walk of the tracked
     * ids finds).
     */
    private static boolean trackAlong(Map<String, Activity> byId, BandwidthTree before, BandwidthTree t,
                                      EditHistory history, long nowNanos) {
        Optional<EditChain> chain = history.between(before, t);
        if (chain.isEmpty()) {
            return false;
        }
        List<String> touched = new ArrayList<>();
        for (AppliedEdit e : chain.get().edits()) {
            int created = 0;
            for (int i : e.changedNodes()) {
                if (e.sourceIndex(i) < 0) {
                    created++;
                }
                touched.add(e.after().node(i).id());
            }
            if (e.after().size() != e.before().size() + created) {
                return false; // something was removed (a prune, a replacement, a whole new tree)
            }
        }
        for (String id : touched) {
            int i = t.indexOf(id);
            if (i < 0 || t.node(i).isTemplate()) {
                byId.remove(id);
            } else if (!byId.containsKey(id)) {
                Activity a = new Activity();
                a.lastTrafficNanos = nowNanos;
                byId.put(id, a);
            }
        }
        return true;
    }

    /** Forgets everything (the switch was wiped): counters restart from zero. */
    void clear() {
        nodes.clear();
        tracked.clear();
    }

    private Activity get(NodeRef node) {
        Map<String, Activity> byId = nodes.get(node.port());
        return byId == null ? null : byId.get(node.nodeId());
    }

    /**
     * Updates from a reading; returns the leaves' transitions.
     *
     * @param leaves which nodes are leaves
     * @param idleTimeout per node, for the emulation of inactivity when the switch has no bit
     */
    List<Transition> onReading(CounterReading reading, Set<NodeRef> leaves,
                               java.util.function.Function<NodeRef, Duration> idleTimeout) {
        long now = reading.nanoTime();
        List<Transition> out = new ArrayList<>();
        for (Map.Entry<NodeRef, EntryCounters> e : reading.entries().entrySet()) {
            Activity a = get(e.getKey());
            if (a == null) {
                continue;
            }
            EntryCounters c = e.getValue();
            long arrived = c.arrivedBytes();
            boolean traffic = arrived < a.lastArrived ? arrived > 0 : arrived > a.lastArrived;
            a.lastArrived = arrived;
            if (traffic) {
                // A reading is timed when requested: a status that arrived meanwhile may be newer.
                a.lastTrafficNanos = Math.max(a.lastTrafficNanos, now);
            }
            boolean active = c.active().orElseGet(() -> a.everActive || traffic
                    ? now - a.lastTrafficNanos < idleTimeout.apply(e.getKey()).toNanos() : false);
            Transition t = setActive(e.getKey(), a, active, now);
            if (t != null && leaves.contains(e.getKey())) {
                out.add(t);
            }
        }
        return out;
    }

    /** The switch reported an entry idle ({@code active} false) or reactivated; returns the transition, if any. */
    Transition onStatus(NodeRef node, boolean active, long nowNanos) {
        Activity a = get(node);
        if (a == null) {
            return null;
        }
        if (active) {
            a.lastTrafficNanos = nowNanos;
        }
        return setActive(node, a, active, nowNanos);
    }

    private static Transition setActive(NodeRef node, Activity a, boolean active, long now) {
        if (active == a.active) {
            return null;
        }
        a.active = active;
        if (active) {
            boolean wasActive = a.everActive;
            a.everActive = true;
            a.inactiveSinceNanos = -1;
            return wasActive ? new Transition(node, true) : null;
        }
        a.inactiveSinceNanos = now;
        return new Transition(node, false);
    }

    boolean isActive(NodeRef node) {
        Activity a = get(node);
        return a != null && a.active;
    }

    /** Monotonic time of the node's last traffic (or of its first sighting), if tracked. */
    OptionalLong lastTrafficNanos(NodeRef node) {
        Activity a = get(node);
        return a == null ? OptionalLong.empty() : OptionalLong.of(a.lastTrafficNanos);
    }

    /** True if the node ever saw traffic. */
    boolean everActive(NodeRef node) {
        Activity a = get(node);
        return a != null && a.everActive;
    }

    /**
     * Roots of the subtrees to prune now: joined, non-pinned nodes with no declared or pinned
     * descendant whose idle time plus lifetime has passed since their last traffic (for a leaf
     * that went idle, since it went idle, plus its lifetime). Declared nodes are never listed:
     * the operator put them there. A node inside a pruned subtree is not listed separately.
     */
    List<String> expired(BandwidthTree tree, HsdbaParameters p, long nowNanos) {
        int n = tree.size();
        boolean[] keep = exemptFromPruning(tree);
        List<String> out = new ArrayList<>();
        int skipBelowDepth = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int depth = tree.depth(i);
            if (depth > skipBelowDepth) {
                continue;
            }
            skipBelowDepth = Integer.MAX_VALUE;
            if (keep[i] || tree.node(i).isTemplate()) {
                continue;
            }
            Map<String, Activity> byId = nodes.get(tree.port());
            Activity a = byId == null ? null : byId.get(tree.node(i).id());
            if (a == null) {
                continue;
            }
            LevelSpec level = tree.level(i);
            long idle = idleTimeout(level, p).toNanos();
            long life = lifetime(level, p).toNanos();
            long since = a.inactiveSinceNanos >= 0 ? a.inactiveSinceNanos : a.lastTrafficNanos + idle;
            if (!a.active && nowNanos - since >= life) {
                out.add(tree.node(i).id());
                skipBelowDepth = depth;
            } else if (a.active && nowNanos - a.lastTrafficNanos >= idle + life) {
                // Active by the switch's bit but no counted traffic for longer than a leaf lives:
                // counters are the authority for internal nodes (the algorithm prunes them by polling).
                out.add(tree.node(i).id());
                skipBelowDepth = depth;
            }
        }
        return out;
    }

    /**
     * Per node (by index), whether pruning must leave it: declared (not joined) and pinned nodes,
     * and every ancestor of one. Templates count for nothing: they go with their parent, as they
     * only describe that parent's future children.
     */
    static boolean[] exemptFromPruning(BandwidthTree tree) {
        boolean[] keep = new boolean[tree.size()];
        for (int i = tree.size() - 1; i >= 0; i--) { // pre-order backwards: children before parents
            NodeSpec node = tree.node(i);
            if (node.isPinned() || (!node.isJoined() && !node.isTemplate())) {
                keep[i] = true;
            }
            if (keep[i] && tree.parentIndex(i) >= 0) {
                keep[tree.parentIndex(i)] = true;
            }
        }
        return keep;
    }

    static Duration idleTimeout(LevelSpec level, HsdbaParameters p) {
        return level.join().flatMap(JoinTemplate::idleTimeout).orElse(p.idleTimeout());
    }

    static Duration lifetime(LevelSpec level, HsdbaParameters p) {
        return level.join().flatMap(JoinTemplate::lifetime).orElse(p.leafLifetime());
    }
}
