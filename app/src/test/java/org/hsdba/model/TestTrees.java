package org.hsdba.model;

import java.util.ArrayList;
import java.util.List;

/** Compact tree construction for tests: levels of 16-bit fields at distinct offsets, keys by number. */
public final class TestTrees {

    public static final PortRef PORT = PortRef.of("pof:0000000000000001", 3);

    private TestTrees() {
    }

    /** Levels named after the default level names, each on its own 16-bit field. */
    public static List<LevelSpec> levels(int count) {
        String[] names = {"polymorphic", "subnet", "user", "service", "l5", "l6", "l7", "l8", "l9"};
        List<LevelSpec> out = new ArrayList<>();
        for (int d = 0; d < count; d++) {
            out.add(LevelSpec.of(names[d], FieldSpec.of(272 + 16 * d, 16)));
        }
        return out;
    }

    /** A builder for a tree with {@code levels} levels, capacity and eta. */
    public static BandwidthTree.Builder tree(int levels, String capacity, double eta) {
        return BandwidthTree.builder(PORT).capacity(Rate.parse(capacity)).eta(eta).levels(levels(levels));
    }

    /** A node with an exact 16-bit key holding {@code key}. */
    public static NodeSpec.Builder node(String id, String parent, int key) {
        return NodeSpec.builder(id).parent(parent).key(key16(key));
    }

    public static MatchKey key16(int key) {
        return MatchKey.exact(16, new byte[] {(byte) (key >>> 8), (byte) key});
    }
}
