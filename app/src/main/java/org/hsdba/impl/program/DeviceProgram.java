package org.hsdba.impl.program;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.southbound.PofSwitch;

/**
 * The compiled program of one device (every tree of the switch), immutable: the state a switch
 * holds once its messages are confirmed. Stable slots: a node keeps its entry and registers
 * across {@link #update}s, so only changed nodes cost messages.
 */
public interface DeviceProgram {

    DeviceMode mode();

    /** The trees this program enforces, by port. */
    List<BandwidthTree> trees();

    /** The run-time parameters this program was compiled with. */
    HsdbaParameters parameters();

    /** Messages that install this program on a wiped switch, in order. */
    List<PofMessage> installMessages();

    /**
     * The program for new trees of the same device and the messages that get there from this one.
     *
     * @throws ProgramException if the trees cannot be programmed into this switch
     */
    default ProgramChange update(List<BandwidthTree> trees) {
        return update(trees, EditHistory.NONE);
    }

    /**
     * {@link #update(List)}, along the edits {@code history} knows from this program's trees to
     * the new ones where the program can use them (the result is the same, the cost is what the
     * edits touched).
     *
     * @throws ProgramException if the trees cannot be programmed into this switch
     */
    default ProgramChange update(List<BandwidthTree> trees, EditHistory history) {
        return update(trees, history, parameters());
    }

    /**
     * {@link #update(List, EditHistory)} to the program of {@code trees} under {@code parameters},
     * in this program's mode: what carries a changed run-time parameter (the estimator's K in each
     * entry's params, the idle timeout in each entry's HX_CALL_BLOCK, the estimator kind in the level
     * blocks) is rewritten in place: MODIFYs and block redefinitions, no deletes, so the switch keeps
     * its session, tables, counters and state words. A change of mode is the caller's (a reprogram).
     *
     * @throws ProgramException if the trees cannot be programmed into this switch with these parameters
     */
    ProgramChange update(List<BandwidthTree> trees, EditHistory history, HsdbaParameters parameters);

    /** The level table that missed, if this packet-in is a join request of this program. */
    Optional<JoinSite> joinSite(PacketIn packetIn);

    /** The node owning an entry, by global table id and entry index. */
    Optional<NodeRef> nodeAt(int globalTableId, long entryIndex);

    /** The node a message of this program (e.g. a request an ERROR names) is about. */
    Optional<NodeRef> nodeOf(PofMessage message);

    /** Reads every node's counters from the switch (stamped by the caller on completion). */
    CompletableFuture<CounterReading> readCounters(PofSwitch sw);

    /**
     * Controller-assisted mode: the new drop thresholds for a counter reading (the previous
     * reading is part of this program's state). In-switch mode: no messages, same program.
     */
    ProgramChange step(CounterReading reading);

    /**
     * Controller-assisted mode: a salt change between readings (see
     * docs/controller-assisted-mode.md), {@link #SALTS_PER_POLL} per polling period; in-switch
     * mode: nothing.
     */
    default ProgramChange resalt() {
        return new ProgramChange(List.of(), this);
    }

    /** Salt changes per polling period (the poll itself is one). */
    int SALTS_PER_POLL = org.hsdba.compiler.assisted.ControllerAssistedLoop.SALTS_PER_POLL;
}
