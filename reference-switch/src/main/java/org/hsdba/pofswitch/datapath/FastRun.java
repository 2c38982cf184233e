package org.hsdba.pofswitch.datapath;

import java.util.ArrayList;
import java.util.List;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pofswitch.tables.EntryRuntime;
import org.hsdba.pofswitch.tables.FlowEntry;

/**
 * Runs one packet on a {@link FastProgram}: the interpreter's state ({@link Execution}'s fields) in
 * reused fields, the compiled operations of the current instruction list, no allocation. An
 * operation that meets anything but the plain case (an error, a miss, a join, a reactivation, an
 * instruction the compiler does not know) throws {@link FastOps.Deopt} before changing anything;
 * the packet then continues in the interpreter from that instruction with this state, so every
 * outcome is the interpreter's. One per datapath, used under its lock.
 */
final class FastRun {
    private static final int PATH_LIMIT = 16;

    final Datapath dp;
    final Lane lane;
    final Packet pkt;
    final HxState hx;
    final long[] registers;
    final int budget;
    final long counterLimit;

    FastProgram prog;
    PacketOutcome out;
    long timeNs;

    // the instruction list being run and where; the caller's while in a block
    FastProgram.Code code;
    int pc;
    boolean inBlock;
    FastProgram.Code callerCode;
    int callerPc;
    FlowEntry current;
    long previousHit;
    int tableGlobalId;
    int executed;
    boolean done;
    /** The packet's layer offset went below 0: the buffer's headroom may have been written. */
    boolean headroomTouched;

    /** Packets handed over to the interpreter so far (read under the datapath's exclusive lock). */
    long handOvers;

    private final EntryRuntime[] pathRuntimes = new EntryRuntime[PATH_LIMIT];
    private int pathCount;

    FastRun(Datapath dp, Lane lane) {
        this.dp = dp;
        this.lane = lane;
        this.pkt = lane.packet;
        this.hx = dp.hx();
        this.registers = hx.registers;
        this.budget = dp.config().instructionBudget();
        this.counterLimit = dp.config().counterCount();
    }

    /**
     * Processes the loaded packet into {@code outcome}; {@code upward} holds messages from idle
     * expiries before it (or is null).
     */
    void run(FastProgram program, long time, PacketOutcome outcome, List<PofMessage> upward) {
        prog = program;
        out = outcome;
        timeNs = time;
        outcome.reset();
        code = null;
        pc = 0;
        inBlock = false;
        callerCode = null;
        current = null;
        previousHit = 0;
        tableGlobalId = 0;
        executed = 0;
        done = false;
        headroomTouched = false;
        pathCount = 0;
        try {
            FastOps.gotoTable(this, 0, 0);
            loop();
        } catch (FastOps.Deopt d) {
            handOver(upward);
            return;
        }
        boolean passed = outcome.outputs > 0;
        for (int i = 0; i < pathCount; i++) {
            pathRuntimes[i].count(passed, pkt.ingressLength);
            pathRuntimes[i] = null;
        }
        outcome.instructions = executed;
        if (upward != null && !upward.isEmpty()) {
            outcome.upward = List.copyOf(upward);
        }
        pkt.markFastDirty(headroomTouched);
    }

    private void loop() throws FastOps.Deopt {
        while (!done) {
            FastOps.Op[] ops = code.ops;
            if (pc >= ops.length) {
                if (inBlock && callerCode != null) {
                    returnFromBlock();
                    continue;
                }
                done = true;
                break;
            }
            if (pc == 0 && code.generated != null) {
                code.generated.run(this); // leaves pc, executed and the lists as the operations do
                continue;
            }
            if (executed >= budget) {
                throw FastOps.DEOPT; // the interpreter counts it and raises BUDGET_EXCEEDED
            }
            executed++;
            FastOps.Op op = ops[pc];
            try {
                // the two frequent kinds by a switch (inlined), not a megamorphic call
                switch (op.kind) {
                    case FastOps.K_ALU:
                        ((FastOps.Alu) op).exec(this);
                        break;
                    case FastOps.K_BRANCH:
                        ((FastOps.Branch) op).exec(this);
                        break;
                    default:
                        op.run(this);
                        break;
                }
            } catch (FastOps.Deopt d) {
                executed--; // the interpreter runs this instruction again
                throw d;
            }
        }
    }

    void returnFromBlock() {
        code = callerCode;
        pc = callerPc + 1;
        inBlock = false;
        callerCode = null;
    }

    /** Enters a matched entry, whose compiled program is {@code program} (after its counter and offset are done). */
    void enter(FlowEntry entry, FastProgram.Code program) {
        if (entry.tableGlobalId() == 0) {
            timeNs = dp.enterDomain(lane, entry, timeNs);
        }
        current = entry;
        code = program;
        pc = 0;
        inBlock = false;
        callerCode = null;
        previousHit = entry.runtime().lastHitNs();
    }

    /** Records an entry whose block ran (at most 16, each once), as Execution.call does. */
    void addToPath(EntryRuntime rt, FlowEntry entry) {
        if (pathCount >= PATH_LIMIT) {
            return;
        }
        for (int i = 0; i < pathCount; i++) {
            if (pathRuntimes[i] == rt) {
                return;
            }
        }
        pathRuntimes[pathCount++] = rt;
        out.addPath(entry.tableGlobalId(), entry.index());
    }

    /** Continues the packet in the interpreter from the current instruction. */
    private void handOver(List<PofMessage> upward) {
        handOvers++;
        List<PofMessage> messages = upward == null ? new ArrayList<>() : upward;
        List<EntryRuntime> runtimes = new ArrayList<>(pathCount);
        List<EntryRef> path = new ArrayList<>(pathCount);
        for (int i = 0; i < pathCount; i++) {
            runtimes.add(pathRuntimes[i]);
            path.add(new EntryRef(out.pathTables[i], out.pathIndexes[i]));
            pathRuntimes[i] = null;
        }
        Execution ex = new Execution(dp, pkt, timeNs, false, messages);
        ProcessResult r = code == null ? ex.runPacket()
                : ex.resume(code.source, pc, current, inBlock, callerCode == null ? null : callerCode.source, callerPc,
                        previousHit, tableGlobalId, executed, out.outputFrames(), path, runtimes);
        out.fill(r);
        pkt.markAllDirty();
    }
}
