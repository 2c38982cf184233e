package org.hsdba.algorithm;

import java.util.ArrayList;
import java.util.List;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;

/**
 * The paper's setups of hsdba-algorithm.md section 6, rates scaled by 3/100 (C =
 * 300 Mb/s, sources of 90 Mb/s instead of 10 Gb/s and 3 Gb/s) and run at eta = 1 as the paper does. Level 1 of the
 * two-level tree matches the first 16 bits of the IPv4 destination (frame bits 240..255), leaves
 * match the whole destination (bits 240..271). Source k (1..6) is active in [10(k-1), 10(k-1)+60] s.
 */
final class PaperSetups {

    static final PortRef PORT = PortRef.of("pof:0000000000000001", 2);
    static final Rate CAPACITY = Rate.ofMbps(300);
    static final double SOURCE_BPS = 90e6;
    static final int PACKET_BYTES = 1024;
    static final int PHASES = 11;
    static final long PHASE_NS = 10_000_000_000L;

    private PaperSetups() {
    }

    static long startNs(int source) {
        return (source - 1) * PHASE_NS;
    }

    static long stopNs(int source) {
        return startNs(source) + 6 * PHASE_NS;
    }

    /** One level, leaves s1..s6 with the given weights. */
    static BandwidthTree singleLevel(double... weights) {
        List<NodeSpec> nodes = new ArrayList<>();
        for (int k = 1; k <= 6; k++) {
            nodes.add(NodeSpec.builder("s" + k).key(ip(10, 0, 0, k)).weight(weights[k - 1]).build());
        }
        return BandwidthTree.builder(PORT).capacity(CAPACITY).eta(1.0)
                .levels(List.of(LevelSpec.of("user", FieldSpec.of(240, 32)))).nodes(nodes).build();
    }

    /** One level in guarantee+excess mode: leaf k gets guarantee g[k-1] (Mb/s) and weight w[k-1], independently. */
    static BandwidthTree singleLevelExcess(double[] guaranteesMbps, double[] weights) {
        List<NodeSpec> nodes = new ArrayList<>();
        for (int k = 1; k <= 6; k++) {
            nodes.add(NodeSpec.builder("s" + k).key(ip(10, 0, 0, k)).guaranteed(Rate.ofMbps(guaranteesMbps[k - 1]))
                    .weight(weights[k - 1]).build());
        }
        return BandwidthTree.builder(PORT).capacity(CAPACITY).eta(1.0).mode(org.hsdba.model.AllocationMode.GUARANTEE_EXCESS)
                .levels(List.of(LevelSpec.of("user", FieldSpec.of(240, 32)))).nodes(nodes).build();
    }

    /** Two levels: A = {A1, A2, A3} (sources 1-3), B = {B1, B2, B3} (sources 4-6). */
    static BandwidthTree twoLevel(double wA, double wB, double... childWeights) {
        List<NodeSpec> nodes = new ArrayList<>();
        nodes.add(NodeSpec.builder("A").key(MatchKey.exact(16, new byte[] {10, 1})).weight(wA).build());
        nodes.add(NodeSpec.builder("B").key(MatchKey.exact(16, new byte[] {10, 2})).weight(wB).build());
        for (int k = 1; k <= 3; k++) {
            nodes.add(NodeSpec.builder("A" + k).parent("A").key(ip(10, 1, 0, k)).weight(childWeights[k - 1]).build());
        }
        for (int k = 1; k <= 3; k++) {
            nodes.add(NodeSpec.builder("B" + k).parent("B").key(ip(10, 2, 0, k)).weight(childWeights[k - 1]).build());
        }
        return BandwidthTree.builder(PORT).capacity(CAPACITY).eta(1.0)
                .levels(List.of(LevelSpec.of("group", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32))))
                .nodes(nodes).build();
    }

    /** Leaf id of source k in either tree. */
    /** Two hosts h1 (10.1.0.1) and h2 (10.1.0.2) of equal weight under a 1 Gb/s port at eta 0.95 (a class that stops or slows). */
    static BandwidthTree twoHostsGigabit() {
        return BandwidthTree.builder(PORT).capacity(Rate.ofMbps(1000)).eta(0.95)
                .levels(List.of(LevelSpec.of("host", FieldSpec.of(240, 32))))
                .nodes(List.of(NodeSpec.builder("h1").key(ip(10, 1, 0, 1)).build(),
                        NodeSpec.builder("h2").key(ip(10, 1, 0, 2)).build()))
                .build();
    }

    static String leafOf(BandwidthTree tree, int source) {
        if (tree.contains("s" + source)) {
            return "s" + source;
        }
        return (source <= 3 ? "A" : "B") + (source <= 3 ? source : source - 3);
    }

    static MatchKey ip(int a, int b, int c, int d) {
        return MatchKey.exact(32, new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
    }
}
