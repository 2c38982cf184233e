package org.hsdba.sim.eval;

import java.util.ArrayList;
import java.util.List;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.sim.traffic.ActiveInterval;
import org.hsdba.sim.traffic.ArrivalProcess;
import org.hsdba.sim.traffic.PacketSizes;
import org.hsdba.sim.traffic.TrafficSource;

/**
 * The trees and traffic of the paper's setups, as in {@code examples/paper-*.json}: every level
 * keyed on the IPv4 destination (bit offset 240 of an Ethernet/IPv4 frame), hosts 10.0.0.k
 * (single level), subnets 10.1/16 and 10.2/16 with hosts 10.g.0.k (two levels); port 1 of
 * {@code pof:0000000000000001}; 1024-byte CBR sources.
 */
final class PaperTrees {

    static final PortRef PORT = PortRef.of("pof:0000000000000001", 1);
    static final FieldSpec IPV4_DST = FieldSpec.of(240, 32);
    static final int PACKET_BYTES = 1024;

    private PaperTrees() {
    }

    static MatchKey key(String ipv4OrCidr) {
        return MatchKey.parse(ipv4OrCidr, null, 32);
    }

    /** One level, hosts h1..hn on 10.0.0.1..n with the given weights. */
    static BandwidthTree singleLevel(double capacityBps, double eta, double... weights) {
        BandwidthTree.Builder b = BandwidthTree.builder(PORT).capacity(Rate.ofBps(Math.round(capacityBps))).eta(eta)
                .levels(List.of(LevelSpec.of("host", IPV4_DST)));
        for (int k = 1; k <= weights.length; k++) {
            b.addNode(NodeSpec.builder("h" + k).key(key("10.0.0." + k)).weight(weights[k - 1]).build());
        }
        return b.build();
    }

    /** Subnets A (10.1/16, weight a) and B (10.2/16, weight b), each with hosts 1..3 of the given weights. */
    static BandwidthTree twoLevel(double capacityBps, double eta, double a, double b, double... hostWeights) {
        BandwidthTree.Builder t = BandwidthTree.builder(PORT).capacity(Rate.ofBps(Math.round(capacityBps))).eta(eta)
                .levels(List.of(LevelSpec.of("subnet", IPV4_DST), LevelSpec.of("host", IPV4_DST)));
        String[] groups = {"A", "B"};
        double[] groupWeights = {a, b};
        for (int g = 0; g < 2; g++) {
            t.addNode(NodeSpec.builder(groups[g]).key(key("10." + (g + 1) + ".0.0/16")).weight(groupWeights[g]).build());
            for (int k = 1; k <= hostWeights.length; k++) {
                t.addNode(NodeSpec.builder(groups[g] + k).parent(groups[g]).key(key("10." + (g + 1) + ".0." + k))
                        .weight(hostWeights[k - 1]).build());
            }
        }
        return t.build();
    }

    /**
     * One CBR source per leaf at {@code rateBps}, source k (from 1) active in
     * {@code [step (k-1), step (k-1) + on)} seconds: the paper's staggered pattern is step 10, on 60.
     */
    static List<TrafficSource> staggered(List<String> leaves, double rateBps, double stepSeconds, double onSeconds) {
        List<TrafficSource> out = new ArrayList<>();
        for (int k = 0; k < leaves.size(); k++) {
            out.add(cbr("s" + (k + 1), leaves.get(k), rateBps, stepSeconds * k, stepSeconds * k + onSeconds));
        }
        return out;
    }

    static TrafficSource cbr(String id, String leaf, double rateBps, double fromSeconds, double toSeconds) {
        return new TrafficSource(id, leaf, rateBps, PacketSizes.fixed(PACKET_BYTES), ArrivalProcess.cbr(),
                List.of(ActiveInterval.seconds(fromSeconds, toSeconds)));
    }
}
