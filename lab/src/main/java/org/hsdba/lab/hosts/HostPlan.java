package org.hsdba.lab.hosts;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.alloc.Allocation;
import org.hsdba.alloc.Allocator;
import org.hsdba.lab.traffic.LabScenario;
import org.hsdba.lab.traffic.RateScaling;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.scenario.Interval;
import org.hsdba.scenario.TrafficSource;

/**
 * What {@code hsdba lab --hosts} builds from a scenario, worked out before anything is created:
 * the one tree it plays, which side of the switch carries the leaves' addresses, one flow per
 * source, and the exact allocation at any time. Pure; a scenario it cannot play is an
 * IllegalArgumentException saying why.
 */
public final class HostPlan {
    /** IPv4 source and destination address fields (bit offsets in the frame) and their length. */
    static final int IPV4_SRC = 208;
    static final int IPV4_DST = 240;
    static final int FIRST_PORT = 5201;

    private final BandwidthTree tree;
    private final ResolvedTree resolved;
    private final boolean leavesAreDestinations;
    private final List<HostFlow> flows;
    private final double duration;
    private final String congestionControl;

    private HostPlan(BandwidthTree tree, boolean leavesAreDestinations, List<HostFlow> flows, double duration,
            String congestionControl) {
        this.tree = tree;
        this.resolved = Admission.admit(tree);
        this.leavesAreDestinations = leavesAreDestinations;
        this.flows = List.copyOf(flows);
        this.duration = duration;
        this.congestionControl = congestionControl;
    }

    /** The plan for {@code lab} with its rates times its own scale and {@code extraScale}. */
    public static HostPlan of(LabScenario lab, double extraScale) {
        double factor = lab.scale() * extraScale;
        List<BandwidthTree> trees = lab.scenario().effectiveConfig().trees();
        if (trees.size() != 1) {
            throw new IllegalArgumentException("--hosts plays a scenario with one tree (one switch, one egress port); this one has "
                    + trees.size());
        }
        BandwidthTree tree = RateScaling.scale(trees.get(0), factor);
        int offset = -1;
        for (LevelSpec l : tree.levels()) {
            int o = l.field().offsetBits();
            if (l.field().lengthBits() != 32 || (o != IPV4_SRC && o != IPV4_DST) || (offset >= 0 && o != offset)) {
                throw new IllegalArgumentException("--hosts needs every level of the tree to match the same IPv4 address "
                        + "(destination: offset 240, or source: offset 208, length 32), so that real hosts' addresses "
                        + "select the leaves; level \"" + l.name() + "\" matches offset " + o + " length " + l.field().lengthBits());
            }
            offset = o;
        }
        List<HostFlow> flows = new ArrayList<>();
        int port = FIRST_PORT;
        for (TrafficSource s : lab.scenario().sources()) {
            NodeSpec leaf = tree.get(s.nodeId());
            MatchKey key = leaf.key();
            if (key == null || !key.isExact()) {
                throw new IllegalArgumentException("source " + s.id() + ": leaf " + tree.path(s.nodeId())
                        + " has no exact address key, so no host can be addressed to it");
            }
            if (s.active().size() != 1) {
                throw new IllegalArgumentException("source " + s.id() + ": --hosts runs each source as one iperf3 flow, so it "
                        + "needs exactly one active interval, found " + s.active().size());
            }
            if (!s.sizes().isFixed()) {
                throw new IllegalArgumentException("source " + s.id() + ": --hosts needs a fixed packet size (iperf3 -l)");
            }
            Interval iv = s.active().get(0);
            InetAddress address;
            try {
                address = InetAddress.getByAddress(key.value());
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("source " + s.id() + ": " + e.getMessage(), e);
            }
            boolean tcp = lab.tcpSources().contains(s.id());
            int frame = s.sizes().minBytes();
            if (!tcp && (frame < HostFlow.UDP_OVERHEAD + 16 || frame > 1514)) {
                throw new IllegalArgumentException("source " + s.id() + ": UDP frames of " + frame
                        + " bytes cannot be sent by iperf3 through a 1500-byte MTU (" + (HostFlow.UDP_OVERHEAD + 16) + "..1514)");
            }
            flows.add(new HostFlow(s.id(), s.nodeId(), address, tcp, s.rate().bps() * factor, frame, iv.start(),
                    Math.min(iv.end(), lab.durationSeconds()), port++, lab.addedRtt().getOrDefault(s.id(), Duration.ZERO)));
        }
        return new HostPlan(tree, offset == IPV4_DST, flows, lab.durationSeconds(), lab.congestionControl());
    }

    public BandwidthTree tree() {
        return tree;
    }

    /** True if the leaves' addresses are destinations (receivers behind the egress port), false if sources. */
    public boolean leavesAreDestinations() {
        return leavesAreDestinations;
    }

    public List<HostFlow> flows() {
        return flows;
    }

    /** The TCP senders' congestion control (a Linux algorithm name). */
    public String congestionControl() {
        return congestionControl;
    }

    /** Seconds of traffic (the scenario's duration). */
    public double duration() {
        return duration;
    }

    /** Distinct leaf addresses, in flow order. */
    public List<InetAddress> leafAddresses() {
        return flows.stream().map(HostFlow::leafAddress).distinct().collect(Collectors.toList());
    }

    /**
     * Exact allocation per leaf id (b/s, frame bytes) at time {@code t}: TCP flows as greedy (demand
     * the whole root bandwidth), UDP flows at their rate, flows outside their interval at 0.
     */
    public Map<String, Double> exactAt(double t) {
        Map<String, Double> demand = new LinkedHashMap<>();
        for (HostFlow f : flows) {
            double d = t >= f.start() && t < f.end() ? Math.min(f.wireBps(), tree.rootBandwidth()) : 0;
            demand.merge(f.leafId(), d, Double::sum);
        }
        Allocation a = Allocator.allocate(resolved, demand);
        Map<String, Double> out = new LinkedHashMap<>();
        for (String leaf : demand.keySet()) {
            out.put(leaf, a.allocation(tree.indexOf(leaf)));
        }
        return out;
    }
}
