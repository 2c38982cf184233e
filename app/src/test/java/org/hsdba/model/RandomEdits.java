package org.hsdba.model;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded random trees and random edit sequences for property tests: small trees whose levels
 * have keys of different lengths, with templates, joined nodes, given and missing guarantees and
 * weights, peaks; edits of every kind, a good part of them breaking a rule (unknown or duplicate
 * ids, wrong key lengths, too deep, cycles, second templates, oversubscription, overlapping keys,
 * non-positive weights, guarantees above peaks).
 */
public final class RandomEdits {

    private final SplittableRandom rnd;
    private int nextId;

    public RandomEdits(long seed) {
        this.rnd = new SplittableRandom(seed);
    }

    /** A tree of 1..3 levels (8- and 16-bit keys) and about {@code size} nodes, likely admissible. */
    public BandwidthTree tree(int size) {
        int depth = 1 + rnd.nextInt(3);
        List<LevelSpec> levels = new ArrayList<>();
        for (int d = 0; d < depth; d++) {
            levels.add(LevelSpec.of("level" + d, FieldSpec.of(272 + 16 * d, d % 2 == 0 ? 16 : 8)));
        }
        BandwidthTree.Builder b = BandwidthTree.builder(TestTrees.PORT).capacity(Rate.parse("10G")).eta(0.9)
                .levels(levels).mode(rnd.nextInt(3) == 0 ? AllocationMode.GUARANTEE_EXCESS : AllocationMode.WEIGHTED);
        List<String> ids = new ArrayList<>();
        List<Integer> depths = new ArrayList<>();
        for (int k = 0; k < size; k++) {
            int p = ids.isEmpty() || rnd.nextInt(4) == 0 ? -1 : rnd.nextInt(ids.size());
            if (p >= 0 && depths.get(p) >= depth) {
                p = -1;
            }
            int d = p < 0 ? 1 : depths.get(p) + 1;
            String id = "n" + nextId++;
            NodeSpec.Builder n = NodeSpec.builder(id).parent(p < 0 ? null : ids.get(p))
                    .key(distinctKey(levels.get(d - 1), k)).weight(1.0 + rnd.nextInt(4));
            if (rnd.nextInt(5) == 0) {
                n.peak(Rate.ofBps(100_000_000L * (1 + rnd.nextInt(20))));
            }
            n.joined(rnd.nextInt(6) == 0).pinned(rnd.nextInt(6) == 0);
            b.addNode(n.build());
            ids.add(id);
            depths.add(d);
        }
        return b.build();
    }

    /** A key no other node of {@link #tree} has: exact, distinct per node. */
    private static MatchKey distinctKey(LevelSpec level, int k) {
        int bits = level.field().lengthBits();
        return MatchKey.exact(bits, bits == 16 ? new byte[] {(byte) (k >>> 8), (byte) k} : new byte[] {(byte) k});
    }

    /** A random edit of {@code t}, valid or not. */
    public TreeEdit edit(BandwidthTree t) {
        int kind = rnd.nextInt(10);
        if (t.size() == 0 || kind < 3) {
            return TreeEdit.add(newNode(t, randomParent(t)));
        }
        NodeSpec target = t.node(rnd.nextInt(t.size()));
        switch (kind) {
            case 3:
            case 4:
            case 5:
                return TreeEdit.update(changed(t, target));
            case 6:
                return TreeEdit.deleteSubtree(rnd.nextInt(20) == 0 ? "ghost" : target.id());
            case 7:
            case 8:
                return TreeEdit.move(target.id(), randomParent(t));
            default:
                return replacement(t, target);
        }
    }

    /** Mostly an existing node or the port; sometimes a node that does not exist. */
    private String randomParent(BandwidthTree t) {
        int r = rnd.nextInt(t.size() + 3);
        if (r >= t.size() + 1) {
            return r == t.size() + 2 && rnd.nextInt(4) == 0 ? "ghost" : null;
        }
        return r == t.size() ? null : t.node(r).id();
    }

    private NodeSpec newNode(BandwidthTree t, String parent) {
        int r = rnd.nextInt(15);
        // Now and then an id in use, or one used before (perhaps deleted since).
        String id = r == 0 && t.size() > 0 ? t.node(rnd.nextInt(t.size())).id()
                : r == 1 && nextId > 0 ? "n" + rnd.nextInt(nextId) : "n" + nextId++;
        return newNode(t, id, parent);
    }

    private NodeSpec newNode(BandwidthTree t, String id, String parent) {
        return attributes(t, NodeSpec.builder(id).parent(parent), parent).build();
    }

    /** Random attributes; the key fits the level below {@code parent} most of the time. */
    private NodeSpec.Builder attributes(BandwidthTree t, NodeSpec.Builder n, String parent) {
        int d = parent == null ? 1 : t.contains(parent) ? t.depth(parent) + 1 : 1;
        int bits = d <= t.levels().size() ? t.levels().get(d - 1).field().lengthBits() : 16;
        if (rnd.nextInt(12) == 0) {
            bits = bits == 16 ? 8 : 16;
        }
        n.key(randomKey(bits));
        int g = rnd.nextInt(4);
        if (g == 0) {
            n.guaranteed(Rate.ofBps(50_000_000L * (1 + rnd.nextInt(40))));
        }
        int w = rnd.nextInt(6);
        if (w < 3) {
            n.weight(w == 0 && rnd.nextInt(5) == 0 ? 0.0 : 0.5 * (1 + rnd.nextInt(8)));
        }
        if (rnd.nextInt(4) == 0) {
            n.peak(Rate.ofBps(100_000_000L * (1 + rnd.nextInt(30))));
        }
        if (rnd.nextInt(10) == 0) {
            n.template(true).key(rnd.nextBoolean() ? null : randomKey(bits));
        }
        return n.joined(rnd.nextInt(12) == 0).pinned(rnd.nextInt(8) == 0);
    }

    /** An exact key or a prefix, from a small space so that siblings overlap now and then. */
    private MatchKey randomKey(int bits) {
        int value = rnd.nextInt(64);
        byte[] bytes = bits == 16 ? new byte[] {(byte) (value >>> 2), (byte) (value << 6)} : new byte[] {(byte) value};
        if (rnd.nextInt(4) == 0) {
            int prefix = 1 + rnd.nextInt(bits - 1);
            return MatchKey.parse(hex(bytes), hex(prefixMask(bits, prefix)), bits);
        }
        return MatchKey.exact(bits, bytes);
    }

    private static byte[] prefixMask(int bits, int prefix) {
        byte[] m = new byte[bits / 8];
        for (int b = 0; b < prefix; b++) {
            m[b / 8] |= (byte) (0x80 >>> (b % 8));
        }
        return m;
    }

    private static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder("0x");
        for (byte x : bytes) {
            sb.append(String.format("%02x", x & 0xff));
        }
        return sb.toString();
    }

    /** The node with one or two attributes changed (or, rarely, its parent: an invalid update). */
    private NodeSpec changed(BandwidthTree t, NodeSpec old) {
        NodeSpec.Builder n = old.toBuilder();
        for (int changes = 1 + rnd.nextInt(2); changes > 0; changes--) {
            switch (rnd.nextInt(8)) {
                case 0:
                    n.guaranteed(rnd.nextBoolean() ? null : Rate.ofBps(50_000_000L * (1 + rnd.nextInt(40))));
                    break;
                case 1:
                    n.weight(rnd.nextInt(3) == 0 ? null : Double.valueOf(rnd.nextInt(8) == 0 ? -1.0 : 0.5 * (1 + rnd.nextInt(8))));
                    break;
                case 2:
                    n.peak(rnd.nextBoolean() ? Rate.UNLIMITED : Rate.ofBps(100_000_000L * (1 + rnd.nextInt(30))));
                    break;
                case 3:
                    n.key(randomKey(rnd.nextInt(8) == 0 ? 24 - t.level(old.id()).field().lengthBits()
                            : t.level(old.id()).field().lengthBits()));
                    break;
                case 4:
                    n.template(!old.isTemplate());
                    break;
                case 5:
                    n.joined(!old.isJoined());
                    break;
                case 6:
                    n.pinned(!old.isPinned());
                    break;
                default:
                    if (rnd.nextInt(4) == 0) {
                        n.parent(randomParent(t));
                    }
            }
        }
        return n.build();
    }

    /** A replacement of the subtree at {@code target} by a root and 0..3 nodes below it (or, rarely, elsewhere). */
    private TreeEdit replacement(BandwidthTree t, NodeSpec target) {
        List<NodeSpec> nodes = new ArrayList<>();
        nodes.add(rnd.nextInt(3) == 0 ? newNode(t, target.id(), target.parentId()) : newNode(t, target.parentId()));
        for (int k = rnd.nextInt(4); k > 0; k--) {
            String parent = rnd.nextInt(8) == 0 ? randomParent(t) : nodes.get(rnd.nextInt(nodes.size())).id();
            nodes.add(newNode(t, parent));
        }
        return TreeEdit.replaceSubtree(target.id(), nodes);
    }
}
