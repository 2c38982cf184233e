package org.hsdba.compiler;

import java.util.ArrayList;
import java.util.List;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;

/** Small trees for compiler tests: level 1 on the IPv4 destination's first 16 bits, level 2 on all 32. */
final class CompilerTestTrees {

    static final PortRef PORT = PortRef.of("pof:0000000000000001", 2);
    static final List<LevelSpec> TWO_LEVELS = List.of(LevelSpec.of("group", FieldSpec.of(240, 16)),
            LevelSpec.of("user", FieldSpec.of(240, 32)));

    private CompilerTestTrees() {
    }

    /** Groups A and B (weights 1, 2), each with three users weighted 1, 1, 2. */
    static BandwidthTree twoLevel() {
        List<NodeSpec> nodes = new ArrayList<>();
        nodes.add(group("A", 1, 1));
        nodes.add(group("B", 2, 2));
        for (int k = 1; k <= 3; k++) {
            nodes.add(user("A" + k, "A", 1, k, k == 3 ? 2 : 1));
            nodes.add(user("B" + k, "B", 2, k, k == 3 ? 2 : 1));
        }
        return BandwidthTree.builder(PORT).capacity(Rate.ofMbps(300)).eta(0.95).levels(TWO_LEVELS).nodes(nodes).build();
    }

    static NodeSpec group(String id, int third, double w) {
        return NodeSpec.builder(id).key(MatchKey.exact(16, new byte[] {10, (byte) third})).weight(w).build();
    }

    static NodeSpec user(String id, String parent, int third, int fourth, double w) {
        return NodeSpec.builder(id).parent(parent).key(MatchKey.exact(32, new byte[] {10, (byte) third, 0, (byte) fourth}))
                .weight(w).build();
    }

    /** A two-level tree with {@code groups} groups of {@code users} users each. */
    static BandwidthTree wide(int groups, int users) {
        List<NodeSpec> nodes = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            String gid = "g" + g;
            nodes.add(NodeSpec.builder(gid).key(MatchKey.exact(16, new byte[] {(byte) (g >> 8), (byte) g})).weight(1.0)
                    .build());
            for (int u = 0; u < users; u++) {
                nodes.add(NodeSpec.builder(gid + "u" + u).parent(gid).key(MatchKey.exact(32,
                        new byte[] {(byte) (g >> 8), (byte) g, (byte) (u >> 8), (byte) u})).weight(1.0 + u % 3).build());
            }
        }
        return BandwidthTree.builder(PORT).capacity(Rate.ofGbps(10)).eta(0.95).levels(TWO_LEVELS).nodes(nodes).build();
    }
}
