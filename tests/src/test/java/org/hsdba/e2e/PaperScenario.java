package org.hsdba.e2e;

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
 * The paper's single- and two-level setups (hsdba-algorithm.md section 6) with rates scaled by
 * 3/100: C = 300 Mb/s instead of 10 Gb/s, six CBR sources of 90 Mb/s instead of 3 Gb/s, 1024-byte
 * frames, eta = 1 as the paper runs them, and the time line compressed 2:1: source k (1..6) is
 * active in [5(k-1), 5(k-1) + 30] s, so a phase lasts 5 s instead of 10 s (K = 10 ms settles in
 * far less than the second each run leaves out). A phase carries about 55k packets per source,
 * which keeps the random drop decisions' noise below 1 % per node and phase. Frames are Ethernet/IPv4/UDP to 10.{group}.0.{k};
 * level 1 of the two-level tree matches the destination's first 16 bits (frame bits 240..255),
 * leaves the whole destination (bits 240..271). The IPv4 identification counts up per source and
 * packet, as a sender's does (controller-assisted mode drops on its low 8 bits).
 */
final class PaperScenario {

    static final PortRef PORT = PortRef.of("pof:0000000000000001", 2);
    static final int IN_PORT = 1;
    static final Rate CAPACITY = Rate.ofMbps(300);
    static final double SOURCE_BPS = 90e6;
    static final int FRAME_BYTES = 1024;
    static final int PHASES = 11;
    static final long PHASE_NS = 5_000_000_000L;
    static final String SCALE = "C = 300 Mb/s, sources 90 Mb/s (the paper's rates x 3/100), 1024-byte frames, eta = 1, 5 s phases (time x 1/2)";

    private PaperScenario() {
    }

    static long startNs(int source) {
        return (source - 1) * PHASE_NS;
    }

    static long stopNs(int source) {
        return startNs(source) + 6 * PHASE_NS;
    }

    /** One level, leaves s1..s6 with the given weights; s_k is 10.0.0.k. */
    static BandwidthTree singleLevel(double... weights) {
        List<NodeSpec> nodes = new ArrayList<>();
        for (int k = 1; k <= 6; k++) {
            nodes.add(NodeSpec.builder("s" + k).key(ip(0, k)).weight(weights[k - 1]).build());
        }
        return BandwidthTree.builder(PORT).capacity(CAPACITY).eta(1.0)
                .levels(List.of(LevelSpec.of("user", FieldSpec.of(240, 32)))).nodes(nodes).build();
    }

    /** Two levels: A (10.1/16) = {A1, A2, A3} for sources 1-3, B (10.2/16) = {B1, B2, B3} for sources 4-6. */
    static BandwidthTree twoLevel(double wA, double wB, double... childWeights) {
        List<NodeSpec> nodes = new ArrayList<>();
        nodes.add(NodeSpec.builder("A").key(MatchKey.exact(16, new byte[] {10, 1})).weight(wA).build());
        nodes.add(NodeSpec.builder("B").key(MatchKey.exact(16, new byte[] {10, 2})).weight(wB).build());
        for (int k = 1; k <= 3; k++) {
            nodes.add(NodeSpec.builder("A" + k).parent("A").key(ip(1, k)).weight(childWeights[k - 1]).build());
        }
        for (int k = 1; k <= 3; k++) {
            nodes.add(NodeSpec.builder("B" + k).parent("B").key(ip(2, k)).weight(childWeights[k - 1]).build());
        }
        return BandwidthTree.builder(PORT).capacity(CAPACITY).eta(1.0)
                .levels(List.of(LevelSpec.of("group", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32))))
                .nodes(nodes).build();
    }

    /** Leaf id of source k in either tree. */
    static String leafOf(BandwidthTree tree, int source) {
        if (tree.contains("s" + source)) {
            return "s" + source;
        }
        return (source <= 3 ? "A" : "B") + (source <= 3 ? source : source - 3);
    }

    /** Third octet of source k's destination in either tree (0 single level, 1 = A, 2 = B). */
    static int groupOf(BandwidthTree tree, int source) {
        if (tree.contains("s" + source)) {
            return 0;
        }
        return source <= 3 ? 1 : 2;
    }

    /** Fourth octet of source k's destination. */
    static int hostOf(BandwidthTree tree, int source) {
        if (tree.contains("s" + source)) {
            return source;
        }
        return source <= 3 ? source : source - 3;
    }

    private static MatchKey ip(int group, int host) {
        return MatchKey.exact(32, new byte[] {10, (byte) group, 0, (byte) host});
    }

    /** An Ethernet/IPv4/UDP frame of {@link #FRAME_BYTES} to 10.group.0.host with IPv4 identification {@code id}. */
    static byte[] frame(int group, int host, int id) {
        return frame(group, host, id, (int) PORT.port());
    }

    /** The same frame to destination MAC 02:00:00:00:00:{macLast}. */
    static byte[] frame(int group, int host, int id, int macLast) {
        byte[] f = new byte[FRAME_BYTES];
        f[0] = 0x02;
        f[5] = (byte) macLast;
        f[6] = 0x02;
        f[11] = 0x01;
        f[12] = 0x08;
        f[14] = 0x45;
        int ipLen = FRAME_BYTES - 14;
        f[16] = (byte) (ipLen >>> 8);
        f[17] = (byte) ipLen;
        f[18] = (byte) (id >>> 8);
        f[19] = (byte) id;
        f[22] = 64;
        f[23] = 17;
        f[26] = 10;
        f[29] = 1;
        f[30] = 10;
        f[31] = (byte) group;
        f[32] = 0;
        f[33] = (byte) host;
        int udpLen = ipLen - 20;
        f[34] = 0x30;
        f[35] = 0x39;
        f[36] = 0x13;
        f[37] = (byte) 0x89;
        f[38] = (byte) (udpLen >>> 8);
        f[39] = (byte) udpLen;
        return f;
    }
}
