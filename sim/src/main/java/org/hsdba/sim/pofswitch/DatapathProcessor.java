package org.hsdba.sim.pofswitch;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.EntryRef;
import org.hsdba.pofswitch.datapath.PacketOutcome;
import org.hsdba.sim.engine.PacketProcessor;
import org.hsdba.sim.engine.Verdict;

/**
 * Drives a programmed {@link Datapath}. A packet is forwarded if the switch sent a frame to the
 * measured port (else to the first port it used); otherwise it is dropped with the switch's end
 * reason. The deciding node is the last entry on the packet's HSDBA path, named by
 * {@code nodeOf} (the compiler knows which entry is which node; null when unknown). Messages the
 * switch sends up (PACKET_IN for joins, entry status, errors) are counted and kept for the last
 * packet ({@link #lastUpward()}); {@link ControllerModel} answers the joins.
 */
public final class DatapathProcessor implements PacketProcessor {

    private final Datapath datapath;
    private final int outPort;
    private final Function<EntryRef, String> nodeOf;
    private long upwardMessages;
    private long errors;
    private List<org.hsdba.pof.message.PofMessage> lastUpward = List.of();
    /** Reused for every packet: the datapath's fast path then allocates nothing per packet. */
    private final PacketOutcome outcome = new PacketOutcome();

    /**
     * @param datapath programmed, with its ports enabled
     * @param outPort  the port whose traffic is measured
     * @param nodeOf   node id of an entry on the HSDBA path, or null if unknown
     */
    public DatapathProcessor(Datapath datapath, int outPort, Function<EntryRef, String> nodeOf) {
        this.datapath = Objects.requireNonNull(datapath, "datapath");
        this.outPort = outPort;
        this.nodeOf = Objects.requireNonNull(nodeOf, "entry-to-node map");
    }

    @Override
    public Verdict process(byte[] frame, int inPort, long tNs) {
        PacketOutcome r = outcome;
        datapath.processInto(frame, inPort, tNs, r);
        upwardMessages += r.upward().size();
        lastUpward = r.upward();
        if (r.error() != null) {
            errors++;
        }
        int n = r.hxPathLength();
        String node = n == 0 ? null : nodeOf.apply(new EntryRef(r.hxPathTable(n - 1), r.hxPathIndex(n - 1)));
        if (r.forwarded()) {
            for (int i = 0; i < r.outputCount(); i++) {
                if (r.outputPort(i) == outPort) {
                    return Verdict.forward(outPort, node);
                }
            }
            return Verdict.forward(r.outputPort(0), node);
        }
        String reason = r.endReason().name().toLowerCase(java.util.Locale.ROOT)
                + (r.dropReasonCode() != 0 ? " (reason " + r.dropReasonCode() + ")" : "");
        return Verdict.drop(node, reason);
    }

    /** What the switch sent to the controller while processing the last packet (PACKET_IN for joins, ...). */
    public List<org.hsdba.pof.message.PofMessage> lastUpward() {
        return lastUpward;
    }

    /** Messages the switch sent to the controller so far. */
    public long upwardMessages() {
        return upwardMessages;
    }

    /** Packets whose processing ended in an error. */
    public long errors() {
        return errors;
    }

    public Datapath datapath() {
        return datapath;
    }
}
