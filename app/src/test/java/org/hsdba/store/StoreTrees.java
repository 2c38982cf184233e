package org.hsdba.store;

import java.util.List;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;

/** Small admissible trees for store tests. */
final class StoreTrees {

    static final PortRef PORT = PortRef.of("pof:0000000000000001", 3);
    static final PortRef OTHER = PortRef.of("pof:0000000000000002", 1);

    private StoreTrees() {
    }

    /** A one-level tree with {@code n} users, at {@code version}. */
    static BandwidthTree tree(PortRef port, int n, long version) {
        BandwidthTree.Builder b = BandwidthTree.builder(port).capacity(Rate.parse("10G")).version(version)
                .levels(List.of(LevelSpec.of("user", FieldSpec.of(240, 32))));
        for (int i = 0; i < n; i++) {
            b.addNode(NodeSpec.builder("u" + i).key(MatchKey.exact(32, java.math.BigInteger.valueOf(0x0a000000L + i)))
                    .weight(1.0).build());
        }
        return b.build();
    }
}
