package org.hsdba.sim.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.hsdba.sim.engine.EnforcementProbe;
import org.hsdba.sim.engine.NodeTree;
import org.hsdba.sim.engine.PacketObserver;
import org.hsdba.sim.engine.Phase;

/**
 * Counts, after every change of the active set (a phase start), the packets until every active
 * leaf's enforced rate stays within a tolerance of its oracle allocation for the rest of the
 * phase. A leaf's enforced rate, read from the switch after every packet, is what its packets
 * are held to at that instant: its offered rate times the pass probability the switch applies,
 * {@code D * min(1, f / R)} with {@code f} and {@code R} of the node that decides its packets (the
 * leaf, or its deepest installed ancestor before it has joined). Packets are counted at the
 * switch's input, all flows together; per-flow figures divide by the active flows.
 */
final class ConvergenceTracker implements PacketObserver {

    private final NodeTree tree;
    private final List<Phase> phases;
    private final EnforcementProbe probe;
    private final Predicate<String> installed;
    private final double tolerance;
    private final long[] packets;
    private final long[] lastBadPacket;
    private final long[] lastBadNs;
    private final boolean[] endedBad;
    private int phase;

    /**
     * @param installed whether a node has an entry in the switch now (a leaf that has not joined
     *                  is enforced by its deepest installed ancestor)
     */
    ConvergenceTracker(NodeTree tree, List<Phase> phases, EnforcementProbe probe, Predicate<String> installed,
                       double tolerance) {
        this.tree = tree;
        this.phases = phases;
        this.probe = probe;
        this.installed = installed;
        this.tolerance = tolerance;
        this.packets = new long[phases.size()];
        this.lastBadPacket = new long[phases.size()];
        this.lastBadNs = new long[phases.size()];
        this.endedBad = new boolean[phases.size()];
        java.util.Arrays.fill(lastBadPacket, -1);
    }

    @Override
    public void packet(long tNs, int sourceIndex, int node, int bytes, boolean delivered) {
        while (phase + 1 < phases.size() && tNs >= phases.get(phase + 1).startNs()) {
            phase++;
        }
        Phase ph = phases.get(phase);
        packets[phase]++;
        boolean ok = true;
        for (Map.Entry<String, Double> e : ph.leafDemandsBps().entrySet()) {
            double target = ph.oracleBps(e.getKey());
            double enforced = enforced(e.getKey(), e.getValue());
            if (Double.isNaN(enforced) || Math.abs(enforced - target) > tolerance * target) {
                ok = false;
                break;
            }
        }
        if (!ok) {
            lastBadPacket[phase] = packets[phase];
            lastBadNs[phase] = tNs - ph.startNs();
        }
        endedBad[phase] = !ok;
    }

    private double enforced(String leaf, double demand) {
        int n = tree.indexOf(leaf);
        while (n > 0 && !installed.test(tree.id(n))) {
            n = tree.parent(n);
        }
        if (n <= 0) {
            return demand;
        }
        String id = tree.id(n);
        double r = probe.measuredBps(id);
        double f = probe.fairBps(id);
        if (Double.isNaN(r) || Double.isNaN(f)) {
            return Double.NaN;
        }
        return r <= f ? demand : demand * f / r;
    }

    /** Per phase (after the first): packets and time to converge, or not converged by the phase's end. */
    List<Result> results() {
        List<Result> out = new ArrayList<>();
        for (int p = 1; p < phases.size(); p++) {
            int flows = phases.get(p).leafDemandsBps().size();
            if (flows == 0) {
                continue;
            }
            out.add(new Result(p, phases.get(p), flows, phases.get(p - 1).leafDemandsBps().size(),
                    Math.max(0, lastBadPacket[p]), lastBadPacket[p] < 0 ? 0 : lastBadNs[p] / 1e9,
                    !endedBad[p] && packets[p] > 0, packets[p]));
        }
        return out;
    }

    /** One change's convergence. Immutable. */
    static final class Result {
        final int phase;
        final Phase at;
        final int flows;
        /** Flows active before the change. */
        final int previousFlows;
        /** Packets (all flows) from the change to the last one still out of tolerance. */
        final long packets;
        final double seconds;
        final boolean converged;
        final long phasePackets;

        Result(int phase, Phase at, int flows, int previousFlows, long packets, double seconds, boolean converged,
               long phasePackets) {
            this.phase = phase;
            this.at = at;
            this.flows = flows;
            this.previousFlows = previousFlows;
            this.packets = packets;
            this.seconds = seconds;
            this.converged = converged;
            this.phasePackets = phasePackets;
        }

        double packetsPerFlow() {
            return (double) packets / flows;
        }
    }
}
