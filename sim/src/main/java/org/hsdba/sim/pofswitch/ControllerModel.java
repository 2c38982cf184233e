package org.hsdba.sim.pofswitch;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.hsdba.admission.Admission;
import org.hsdba.algorithm.KernelTree;
import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;

/**
 * The controller's side of a join, in simulated time (the harness runs without ONOS): the switch
 * sends a PACKET_IN when a packet misses a level that may grow (join template); the controller
 * finds the node the packet belongs to in the operator's declared tree (the pre-declared policy
 * of algorithm section 4), and {@code latency} later the switch holds the new program (the
 * compiler's incremental diff: one FLOW_MOD ADD, plus the parent's MODIFY when it gains its first
 * child). {@code latency} stands for the whole control loop, packet-in to rules installed (the
 * paper measured 3.6 ms to register and 4.53 ms to update the rules with ONOS). A node missing
 * from the declared tree is not created. Prunes are the switch's own idle timeout (inactive
 * entries); the controller's deletions at the end of a node's life are not modelled.
 * Single-threaded.
 */
public final class ControllerModel {

    private final BandwidthTree declared;
    private final KernelTree classifier;
    private final long latencyNs;
    private final List<Pending> pending = new ArrayList<>();
    private final Set<String> requested = new HashSet<>();
    private final List<Join> joins = new ArrayList<>();
    private long packetIns;

    /**
     * @param declared  every node the operator allows (the tree the switch starts with is a part of it)
     * @param latencyNs packet-in to rules installed, ns (>= 0)
     */
    public ControllerModel(BandwidthTree declared, long latencyNs) {
        if (latencyNs < 0) {
            throw new IllegalArgumentException("control latency must be >= 0 ns, got " + latencyNs);
        }
        this.declared = Objects.requireNonNull(declared, "declared tree");
        this.classifier = KernelTree.of(Admission.admit(declared));
        this.latencyNs = latencyNs;
    }

    public long latencyNs() {
        return latencyNs;
    }

    /** Installs every join whose rules are due by {@code tNs} (call before the packet at {@code tNs}). */
    public void before(long tNs, ProgrammedSwitch sw) {
        while (!pending.isEmpty() && pending.get(0).dueNs <= tNs) {
            Pending p = pending.remove(0);
            Set<String> ids = new LinkedHashSet<>(sw.installedIds());
            ids.add(p.nodeId);
            sw.update(ProgrammedSwitch.restrict(declared, ids));
            joins.add(new Join(p.nodeId, p.packetInNs, p.dueNs));
        }
    }

    /** Reads what the switch sent up for the packet at {@code tNs}; a join request schedules its node. */
    public void upward(List<PofMessage> messages, long tNs, ProgrammedSwitch sw) {
        for (PofMessage m : messages) {
            if (!(m instanceof PacketIn)) {
                continue;
            }
            packetIns++;
            String node = missingNode(((PacketIn) m).data(), sw.installedIds());
            if (node != null && requested.add(node)) {
                pending.add(new Pending(node, tNs, tNs + latencyNs));
            }
        }
    }

    /** The highest declared node on the frame's path that the switch does not hold yet, or null. */
    private String missingNode(byte[] frame, Set<String> installed) {
        int deepest = classifier.deepestMatch(frame);
        String missing = null;
        for (int v = deepest; v >= 0; v = declared.parentIndex(v)) {
            String id = declared.node(v).id();
            if (!installed.contains(id)) {
                missing = id;
            }
        }
        return missing;
    }

    /** PACKET_INs received so far. */
    public long packetIns() {
        return packetIns;
    }

    /** The joins done so far, in order. */
    public List<Join> joins() {
        return Collections.unmodifiableList(joins);
    }

    private static final class Pending {
        final String nodeId;
        final long packetInNs;
        final long dueNs;

        Pending(String nodeId, long packetInNs, long dueNs) {
            this.nodeId = nodeId;
            this.packetInNs = packetInNs;
            this.dueNs = dueNs;
        }
    }

    /** One completed join: the node, when its first packet-in arrived, when its rules were in. Immutable. */
    public static final class Join {
        private final String nodeId;
        private final long packetInNs;
        private final long installedNs;

        Join(String nodeId, long packetInNs, long installedNs) {
            this.nodeId = nodeId;
            this.packetInNs = packetInNs;
            this.installedNs = installedNs;
        }

        public String nodeId() {
            return nodeId;
        }

        public long packetInNs() {
            return packetInNs;
        }

        public long installedNs() {
            return installedNs;
        }
    }
}
