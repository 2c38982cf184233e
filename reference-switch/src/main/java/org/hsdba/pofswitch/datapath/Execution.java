package org.hsdba.pofswitch.datapath;

import java.util.ArrayList;
import java.util.List;
import org.hsdba.pof.action.Action;
import org.hsdba.pof.action.ActionType;
import org.hsdba.pof.action.AddFieldAction;
import org.hsdba.pof.action.CalculateChecksumAction;
import org.hsdba.pof.action.CounterAction;
import org.hsdba.pof.action.DeleteFieldAction;
import org.hsdba.pof.action.DropAction;
import org.hsdba.pof.action.GroupAction;
import org.hsdba.pof.action.ModifyFieldAction;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.action.PacketInAction;
import org.hsdba.pof.action.SetFieldAction;
import org.hsdba.pof.action.SetFieldFromMetadataAction;
import org.hsdba.pof.ext.HxAlu;
import org.hsdba.pof.ext.HxArithmetic;
import org.hsdba.pof.ext.HxBranch;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxEntryStatus;
import org.hsdba.pof.ext.HxErrorCode;
import org.hsdba.pof.ext.HxLookup;
import org.hsdba.pof.ext.HxOperand;
import org.hsdba.pof.ext.HxReturn;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.instruction.CalculateField;
import org.hsdba.pof.instruction.ConditionalJump;
import org.hsdba.pof.instruction.GotoDirectTable;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.Jump;
import org.hsdba.pof.instruction.Meter;
import org.hsdba.pof.instruction.MovePacketOffset;
import org.hsdba.pof.instruction.WriteMetadata;
import org.hsdba.pof.instruction.WriteMetadataFromPacket;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.Operand;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.ErrorType;
import org.hsdba.pof.message.GroupMod;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pofswitch.error.SwitchError;
import org.hsdba.pofswitch.tables.EntryRuntime;
import org.hsdba.pofswitch.tables.FlowEntry;
import org.hsdba.pofswitch.tables.FlowTable;
import org.hsdba.pofswitch.tables.TableStore;

/**
 * The interpreter for one packet (or one deactivation hook): POFSwitch 1.4.0's instruction and
 * action semantics (datapath/pof_instruction.c, pof_action.c; pof-protocol.md sections 6-8) plus the
 * HSDBA extension. Not thread-safe: one per packet, run by its thread under the datapath's shared
 * lock and its domain's ({@link Domains}), or under the exclusive lock (PACKET_OUT, hooks).
 */
final class Execution {
    private static final int HX_PATH_LIMIT = 16;
    private static final int MTU = 1514;

    private final Datapath dp;
    private final Packet pkt;
    /** The packet's time; raised to its domain's latest when it enters one ({@link Datapath#enterDomain}). */
    private long timeNs;
    private final boolean hook;
    private final List<OutputFrame> outputs = new ArrayList<>();
    private final List<PofMessage> upward;
    private final List<EntryRef> hxPath = new ArrayList<>();
    private final List<EntryRuntime> hxRuntimes = new ArrayList<>();

    private EndReason end = EndReason.FINISHED;
    private long dropCode;
    private SwitchError error;
    private int executed;
    private boolean done;

    // the instruction list being run: an entry's, or a block called from it
    private List<Instruction> list = List.of();
    private int pc;
    private FlowEntry current;
    private boolean inBlock;
    private List<Instruction> callerList;
    private int callerPc;
    private int reactivated;
    private long previousHit;
    private int tableGlobalId;

    Execution(Datapath dp, Packet pkt, long timeNs, boolean hook, List<PofMessage> upward) {
        this.dp = dp;
        this.pkt = pkt;
        this.timeNs = timeNs;
        this.hook = hook;
        this.upward = upward;
    }

    // ------------------------------------------------------------------ entry points

    /** Processes a loaded packet from the synthetic GOTO_TABLE(0). */
    ProcessResult runPacket() {
        try {
            gotoTable(0, 0);
            loop();
        } catch (SwitchError e) {
            fail(e);
        }
        for (EntryRuntime rt : hxRuntimes) {
            rt.count(!outputs.isEmpty(), pkt.ingressLength);
        }
        return result();
    }

    /**
     * Continues a packet the fast path ({@link FastRun}) started, from instruction {@code pc} of
     * {@code list}, none of which has run yet, with the fast path's state; then finishes it as
     * {@link #runPacket} does.
     */
    ProcessResult resume(List<Instruction> list, int pc, FlowEntry current, boolean inBlock,
            List<Instruction> callerList, int callerPc, long previousHit, int tableGlobalId, int executed,
            List<OutputFrame> outputsSoFar, List<EntryRef> pathSoFar, List<EntryRuntime> runtimesSoFar) {
        this.list = list;
        this.pc = pc;
        this.current = current;
        this.inBlock = inBlock;
        this.callerList = callerList;
        this.callerPc = callerPc;
        this.reactivated = 0; // the fast path hands reactivating calls over before they run
        this.previousHit = previousHit;
        this.tableGlobalId = tableGlobalId;
        this.executed = executed;
        outputs.addAll(outputsSoFar);
        hxPath.addAll(pathSoFar);
        hxRuntimes.addAll(runtimesSoFar);
        try {
            loop();
        } catch (SwitchError e) {
            fail(e);
        }
        for (EntryRuntime rt : hxRuntimes) {
            rt.count(!outputs.isEmpty(), pkt.ingressLength);
        }
        return result();
    }

    /** Runs the actions of a PACKET_OUT on its frame (no table, no metadata use). */
    ProcessResult runActions(List<Action> actions) {
        try {
            actions(actions);
        } catch (SwitchError e) {
            fail(e);
        }
        return result();
    }

    /** Runs {@code entry}'s deactivation hook (block instructions from idlePc), no packet. */
    void runHook(FlowEntry entry, HxState.Block block) {
        current = entry;
        tableGlobalId = entry.tableGlobalId();
        previousHit = entry.runtime().lastHitNs();
        list = block.instructions;
        pc = block.idlePc;
        inBlock = true;
        callerList = null;
        try {
            loop();
        } catch (SwitchError e) {
            fail(e);
        }
    }

    private ProcessResult result() {
        return new ProcessResult(outputs, upward, end, dropCode, error, executed, hxPath);
    }

    private void fail(SwitchError e) {
        error = e;
        if (end != EndReason.BUDGET_EXCEEDED) {
            end = EndReason.ERROR;
        }
        done = true;
        if (e.upward()) {
            for (SwitchError one : e.emitted()) {
                upward.add(dp.errorMessage(one, dp.nextUpwardXid()));
            }
        }
    }

    private void loop() throws SwitchError {
        int budget = dp.config().instructionBudget();
        while (!done) {
            if (pc >= list.size()) {
                if (inBlock && callerList != null) {
                    returnFromBlock();
                    continue;
                }
                done = true;
                break;
            }
            if (++executed > budget) {
                end = EndReason.BUDGET_EXCEEDED;
                throw dp.config().extensionEnabled()
                        ? SwitchError.hx(HxErrorCode.BUDGET_EXCEEDED, "more than " + budget + " instructions")
                        : SwitchError.silent("more than " + budget + " instructions (a loop)");
            }
            execute(list.get(pc));
        }
    }

    private void returnFromBlock() {
        list = callerList;
        pc = callerPc + 1;
        inBlock = false;
        callerList = null;
    }

    // ------------------------------------------------------------------ instructions

    private void execute(Instruction ins) throws SwitchError {
        switch (ins.type()) {
            case 1: {
                GotoTable g = (GotoTable) ins;
                if (hook) {
                    done = true;
                    return;
                }
                gotoTable(g.nextTableId(), g.packetOffset());
                return;
            }
            case 2:
                writeMetadata((WriteMetadata) ins);
                break;
            case 4:
                actions(((ApplyActions) ins).actions());
                break;
            case 6: {
                long id = ((Meter) ins).meterId();
                if (!dp.meterExists(id)) {
                    throw SwitchError.of(ErrorType.METER_MOD_FAILED, 3, "POFMMFC_UNKNOWN_METER", "meter " + id);
                }
                break;
            }
            case 7:
                writeMetadataFromPacket((WriteMetadataFromPacket) ins);
                break;
            case 8:
                if (hook) {
                    done = true;
                    return;
                }
                gotoDirectTable((GotoDirectTable) ins);
                return;
            case 9:
                conditionalJump((ConditionalJump) ins);
                return;
            case 10:
                calculateField((CalculateField) ins);
                break;
            case 11: {
                MovePacketOffset m = (MovePacketOffset) ins;
                int v = (short) operand32(m.movement());
                movePacketOffset(m.isBackward() ? -v : v);
                break;
            }
            case 3:
            case 5:
            case 0xFFFF:
                throw SwitchError.unsupportedInstruction("instruction type " + ins.type());
            default:
                if (dp.config().extensionEnabled()) {
                    if (hxInstruction(ins)) {
                        return;
                    }
                } else {
                    throw SwitchError.unknownInstruction("instruction type " + ins.type());
                }
                break;
        }
        if (!done) {
            pc++;
        }
    }

    /** Runs an extension instruction; returns true if it set pc itself. */
    private boolean hxInstruction(Instruction ins) throws SwitchError {
        if (ins instanceof HxAlu) {
            HxAlu alu = (HxAlu) ins;
            long a = read(alu.a());
            long b = read(alu.b());
            long c = read(alu.c());
            write(alu.dst(), HxArithmetic.apply(alu.op(), a, b, c));
            return false;
        }
        if (ins instanceof HxBranch) {
            HxBranch br = (HxBranch) ins;
            long a = read(br.a());
            long b = read(br.b());
            if (!HxArithmetic.test(br.cond(), a, b)) {
                pc++;
                return true;
            }
            long target = br.backward() ? pc - br.count() : pc + br.count();
            if (target < 0 || target > list.size()) {
                throw SwitchError.hx(HxErrorCode.BAD_JUMP, "HX_BRANCH at " + pc + " jumps to " + target + " of "
                        + list.size());
            }
            pc = (int) target;
            return true;
        }
        if (ins instanceof HxCallBlock) {
            call((HxCallBlock) ins);
            return true;
        }
        if (ins instanceof HxLookup) {
            if (hook) {
                done = true;
                return true;
            }
            lookup((HxLookup) ins);
            return true;
        }
        if (ins instanceof HxReturn) {
            if (inBlock && callerList != null) {
                returnFromBlock();
            } else {
                done = true;
            }
            return true;
        }
        throw SwitchError.unknownInstruction("instruction type " + ins.type());
    }

    private void gotoTable(int nextGlobal, int packetOffset) throws SwitchError {
        movePacketOffset((short) packetOffset);
        FlowTable table = table(nextGlobal);
        FlowEntry entry = table.spec().type() == 3 ? null
                : table.lookup(TableStore.assembleKey(table.spec(), pkt.buf, pkt.base(), pkt.metadata));
        if (entry == null) {
            packetIn(PacketIn.REASON_NO_MATCH);
            end = EndReason.TABLE_MISS;
            done = true;
            return;
        }
        try {
            dp.counterStore().increment(entry.counterId(), pkt.lengthField());
        } catch (SwitchError e) {
            upward.add(dp.errorMessage(e, dp.nextUpwardXid())); // POFSwitch reports it and goes on
        }
        enter(entry);
    }

    /** The table with a global id (POFSwitch's errors for a bad id or a missing table). */
    private FlowTable table(int globalId) throws SwitchError {
        if (globalId >= dp.tables().ids().total()) {
            throw SwitchError.softwareBadTableId("global table id " + globalId);
        }
        tableGlobalId = globalId;
        FlowTable table = dp.tables().byGlobalId(globalId);
        if (table == null) {
            throw SwitchError.of(ErrorType.BAD_ACTION, 2, "POFBIC_BAD_TABLE_ID", "global table " + globalId
                    + " does not exist");
        }
        return table;
    }

    private void enter(FlowEntry entry) throws SwitchError {
        if (!hook && entry.tableGlobalId() == 0) {
            timeNs = dp.enterDomain(entry, timeNs);
        }
        current = entry;
        list = entry.program();
        pc = 0;
        inBlock = false;
        callerList = null;
        reactivated = 0;
        previousHit = entry.runtime().lastHitNs();
        if (list.isEmpty()) {
            // POFSwitch runs the zero-filled first slot: type 0
            throw SwitchError.unknownInstruction("entry " + entry.index() + " has no instructions");
        }
    }

    private void gotoDirectTable(GotoDirectTable g) throws SwitchError {
        movePacketOffset((short) g.packetOffset());
        if (g.nextTableId() >= dp.tables().ids().total()) {
            throw SwitchError.softwareBadTableId("global table id " + g.nextTableId());
        }
        long index = operand32(g.index());
        FlowTable table = table(g.nextTableId());
        if (table.spec().type() != 3) {
            throw SwitchError.of(ErrorType.BAD_ACTION, 2, "POFBIC_BAD_TABLE_TYPE", "global table " + g.nextTableId()
                    + " is not a DT table");
        }
        FlowEntry entry = table.byIndex(index);
        if (entry == null) {
            throw SwitchError.of(ErrorType.BAD_ACTION, 18, "POFBIC_ENTRY_UNEXIST", "no entry " + index
                    + " in DT table " + g.nextTableId());
        }
        dp.counterStore().increment(entry.counterId(), pkt.lengthField());
        enter(entry);
    }

    private void conditionalJump(ConditionalJump j) throws SwitchError {
        long v1 = read32(j.field1());
        long v2 = operand32(j.field2());
        Jump jump = v1 < v2 ? j.lessThan() : v1 == v2 ? j.equal() : j.greaterThan();
        long n = operand32(jump.count());
        if (!jump.isBackward()) {
            if (n > list.size() - pc) {
                throw SwitchError.badJump("forward " + n + " from instruction " + pc + " of " + list.size());
            }
            pc += (int) n;
            if (pc == list.size()) {
                // POFSwitch then runs the zero-filled slot after the last instruction
                throw SwitchError.unknownInstruction("jumped past the last instruction");
            }
        } else {
            if (n > pc) {
                throw SwitchError.badJump("backward " + n + " from instruction " + pc);
            }
            pc -= (int) n;
        }
    }

    private void calculateField(CalculateField c) throws SwitchError {
        int v1 = (int) read32(c.destination());
        int op = (int) operand32(c.source());
        int r;
        switch (c.calcType()) {
            case 0: r = v1 + op; break;
            case 1: r = v1 - op; break;
            case 2: r = v1 << op; break;   // the C shift on x86: count taken mod 32, as Java does
            case 3: r = v1 >>> op; break;
            case 4: r = v1 & op; break;
            case 5: r = v1 | op; break;
            case 6: r = v1 ^ op; break;
            case 7: r = ~(v1 | op); break;
            default:
                throw SwitchError.unknownInstruction("CALCULATE_FIELD type " + c.calcType());
        }
        write32(c.destination(), r & 0xFFFFFFFFL);
    }

    private void writeMetadata(WriteMetadata w) throws SwitchError {
        if (w.metadataOffsetBits() + w.lengthBits() > Packet.METADATA_BITS) {
            throw SwitchError.metadataLen("WRITE_METADATA bits " + w.metadataOffsetBits() + "+" + w.lengthBits());
        }
        Bits.cover(pkt.metadata, 0, w.metadataOffsetBits(), w.value(), 0, w.lengthBits());
    }

    private void writeMetadataFromPacket(WriteMetadataFromPacket w) throws SwitchError {
        if ((long) pkt.leftLen * 8 < w.lengthBits() + w.packetOffsetBits()) {
            throw SwitchError.packetLen("WRITE_METADATA_FROM_PACKET beyond the packet");
        }
        if (w.metadataOffsetBits() + w.lengthBits() > Packet.METADATA_BITS) {
            throw SwitchError.metadataLen("WRITE_METADATA_FROM_PACKET beyond the metadata");
        }
        byte[] v = Bits.extract(pkt.buf, pkt.base(), w.packetOffsetBits(), w.lengthBits());
        Bits.cover(pkt.metadata, 0, w.metadataOffsetBits(), v, 0, w.lengthBits());
    }

    private void movePacketOffset(int offset) throws SwitchError {
        if (offset > pkt.leftLen || offset < -(Packet.PREBUF + pkt.offset)) {
            throw SwitchError.packetLen("cannot move the packet offset by " + offset + " (offset " + pkt.offset
                    + ", " + pkt.leftLen + " bytes left)");
        }
        pkt.offset += offset;
        pkt.leftLen -= offset;
    }

    // ------------------------------------------------------------------ 32-bit fields (stock)

    private long read32(Match m) throws SwitchError {
        if (m.lengthBits() > 32) {
            throw SwitchError.badMatchLen("field of " + m.lengthBits() + " bits used as a 32-bit number");
        }
        checkField(m);
        if (m.lengthBits() == 0) {
            return 0;
        }
        return m.isMetadata() ? Bits.read(pkt.metadata, 0, m.offsetBits(), m.lengthBits())
                : Bits.read(pkt.buf, pkt.base(), m.offsetBits(), m.lengthBits());
    }

    private void write32(Match m, long value) throws SwitchError {
        if (m.lengthBits() > 32) {
            throw SwitchError.badMatchLen("field of " + m.lengthBits() + " bits written as a 32-bit number");
        }
        checkField(m);
        if (m.lengthBits() == 0) {
            return;
        }
        if (m.isMetadata()) {
            Bits.write(pkt.metadata, 0, m.offsetBits(), m.lengthBits(), value);
        } else {
            Bits.write(pkt.buf, pkt.base(), m.offsetBits(), m.lengthBits(), value);
        }
    }

    private void checkField(Match m) throws SwitchError {
        long end = (long) m.offsetBits() + m.lengthBits();
        if (m.isMetadata()) {
            if (end > Packet.METADATA_BITS) {
                throw SwitchError.metadataLen("metadata field " + m + " beyond 1024 bits");
            }
        } else if (end > (long) pkt.leftLen * 8) {
            throw SwitchError.packetLen("packet field " + m + " beyond the " + pkt.leftLen + " bytes left");
        }
    }

    private long operand32(Operand o) throws SwitchError {
        return o.isField() ? read32(o.field()) : o.value();
    }

    // ------------------------------------------------------------------ actions

    private void actions(List<Action> actions) throws SwitchError {
        for (int i = 0; i < actions.size() && !done; i++) {
            Action a = actions.get(i);
            switch (a.type()) {
                case ActionType.OUTPUT:
                    output((OutputAction) a);
                    break;
                case ActionType.SET_FIELD:
                    setField((SetFieldAction) a);
                    break;
                case ActionType.SET_FIELD_FROM_METADATA:
                    setFieldFromMetadata((SetFieldFromMetadataAction) a);
                    break;
                case ActionType.MODIFY_FIELD: {
                    ModifyFieldAction m = (ModifyFieldAction) a;
                    write32(m.field(), (read32(m.field()) + m.increment()) & 0xFFFFFFFFL);
                    break;
                }
                case ActionType.ADD_FIELD:
                    addField((AddFieldAction) a);
                    break;
                case ActionType.DELETE_FIELD:
                    deleteField((DeleteFieldAction) a);
                    break;
                case ActionType.CALCULATE_CHECKSUM:
                    checksum((CalculateChecksumAction) a);
                    break;
                case ActionType.GROUP:
                    group((GroupAction) a);
                    return; // POFSwitch leaves the action list after a group's actions
                case ActionType.DROP:
                    dropCode = ((DropAction) a).reasonCode();
                    end = EndReason.DROP_ACTION;
                    done = true;
                    break;
                case ActionType.PACKET_IN:
                    packetIn((int) (((PacketInAction) a).reasonCode() & 0xFF));
                    break;
                case ActionType.COUNTER:
                    dp.counterStore().increment(((CounterAction) a).counterId(), 0);
                    break;
                default:
                    throw SwitchError.unknownAction("action type " + a.type());
            }
        }
    }

    private void output(OutputAction o) throws SwitchError {
        if (o.packetOffset() > pkt.leftLen) {
            throw SwitchError.packetLen("OUTPUT packet_offset " + o.packetOffset() + " > " + pkt.leftLen);
        }
        int mdBytes = (o.metadataLengthBits() + 7) / 8;
        if ((o.metadataLengthBits() + o.metadataOffsetBits() + 7) / 8 > Packet.METADATA_BYTES) {
            throw SwitchError.metadataLen("OUTPUT metadata bits " + o.metadataOffsetBits() + "+"
                    + o.metadataLengthBits());
        }
        long portValue = operand32(o.port());
        int slot = (int) (portValue >>> 16);
        int port = (int) (portValue & 0xFFFF);
        if (slot != 0) {
            throw SwitchError.invalidSlot("output slot " + slot);
        }
        int packetBytes = pkt.leftLen - o.packetOffset();
        byte[] frame = new byte[mdBytes + packetBytes];
        Bits.copy(pkt.metadata, 0, o.metadataOffsetBits(), mdBytes * 8, frame, 0);
        System.arraycopy(pkt.buf, pkt.base() + o.packetOffset(), frame, mdBytes, packetBytes);
        if (port == 255) {
            for (PortConfig p : dp.config().ports()) {
                if (p.id() != pkt.inPort) {
                    send(p.id(), frame);
                }
            }
        } else if (dp.portExists(port)) {
            send(port, frame);
        } else {
            throw SwitchError.silent("output to unknown port " + port);
        }
    }

    private void send(int port, byte[] frame) throws SwitchError {
        if (frame.length > MTU) {
            throw SwitchError.packetLen("output frame of " + frame.length + " bytes > 1514");
        }
        if (!hook) {
            outputs.add(new OutputFrame(port, frame));
        }
    }

    private void setField(SetFieldAction s) throws SwitchError {
        int off = s.field().field().offsetBits();
        int len = s.field().field().lengthBits();
        if ((long) pkt.leftLen * 8 < off + len) {
            throw SwitchError.packetLen("SET_FIELD bits " + off + "+" + len + " beyond the packet");
        }
        byte[] v = s.field().value();
        byte[] m = s.field().mask();
        byte[] masked = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            masked[i] = (byte) (v[i] & m[i]);
        }
        Bits.cover(pkt.buf, pkt.base(), off, masked, 0, len);
    }

    private void setFieldFromMetadata(SetFieldFromMetadataAction s) throws SwitchError {
        int off = s.field().offsetBits();
        int len = s.field().lengthBits();
        if ((long) pkt.leftLen * 8 < off + len) {
            throw SwitchError.packetLen("SET_FIELD_FROM_METADATA beyond the packet");
        }
        if (s.metadataOffsetBits() + len > Packet.METADATA_BITS) {
            throw SwitchError.metadataLen("SET_FIELD_FROM_METADATA beyond the metadata");
        }
        byte[] v = Bits.extract(pkt.metadata, 0, s.metadataOffsetBits(), len);
        Bits.cover(pkt.buf, pkt.base(), off, v, 0, len);
    }

    private void addField(AddFieldAction a) throws SwitchError {
        long tagLen = a.tagLengthBits();
        if (tagLen > 128) {
            throw SwitchError.fieldLen("ADD_FIELD of " + tagLen + " bits > 128");
        }
        int pos = a.tagPositionBits();
        int added = (int) ((tagLen + 7) / 8);
        int behind = pkt.leftLen * 8 - pos;
        if (pkt.offset + pkt.leftLen + added > Packet.RAW_MAX || behind < 0) {
            throw SwitchError.packetLen("ADD_FIELD at bit " + pos + " of a " + pkt.leftLen + "-byte packet");
        }
        byte[] rest = Bits.extract(pkt.buf, pkt.base(), pos, behind);
        Bits.cover(pkt.buf, pkt.base(), pos, a.tagValue(), 0, (int) tagLen);
        Bits.cover(pkt.buf, pkt.base(), pos + (int) tagLen, rest, 0, behind);
        pkt.leftLen += added;
        pkt.setLengthField(pkt.lengthField() + added);
    }

    private void deleteField(DeleteFieldAction d) throws SwitchError {
        long tagLen = operand32(d.tagLengthBits());
        int pos = d.tagPositionBits();
        long behind = (long) pkt.leftLen * 8 - (pos + tagLen);
        if (behind < 0) {
            throw SwitchError.packetLen("DELETE_FIELD of bits " + pos + "+" + tagLen + " beyond the packet");
        }
        byte[] rest = Bits.extract(pkt.buf, pkt.base(), pos + (int) tagLen, (int) behind);
        Bits.cover(pkt.buf, pkt.base(), pos, rest, 0, (int) behind);
        pkt.leftLen = (int) (((long) pkt.leftLen * 8 - tagLen + 7) / 8);
        pkt.setLengthField(pkt.lengthField() - (int) ((tagLen / 8) & 0xFF));
        int partial = (int) (tagLen % 8);
        if (partial != 0 && pkt.leftLen > 0) {
            pkt.buf[pkt.base() + pkt.leftLen - 1] &= (byte) (0xFF << partial);
        }
    }

    private void checksum(CalculateChecksumAction c) throws SwitchError {
        int csLen = c.checksumLengthBits();
        if (csLen > 64 || csLen == 0) {
            throw SwitchError.of(ErrorType.BAD_ACTION, 1, "POFBAC_BAD_LEN", "checksum length " + csLen);
        }
        boolean csInMeta = c.checksumPositionType() != 0;
        boolean calInMeta = c.calcStartType() != 0;
        checkRegion(csInMeta, c.checksumPositionBits(), csLen);
        checkRegion(calInMeta, c.calcStartBits(), c.calcLengthBits());
        byte[] csBuf = csInMeta ? pkt.metadata : pkt.buf;
        int csBase = csInMeta ? 0 : pkt.base();
        byte[] calBuf = calInMeta ? pkt.metadata : pkt.buf;
        int calBase = calInMeta ? 0 : pkt.base();
        Bits.write(csBuf, csBase, c.checksumPositionBits(), csLen, 0);
        long mask = csLen == 64 ? -1L : (1L << csLen) - 1;
        long threshold = csLen == 64 ? 0 : 1L << csLen; // 2^64 overflows to 0 in POFSwitch too
        long sum = 0;
        int words = c.calcLengthBits() / csLen;
        for (int i = 0; i < words; i++) {
            long w = Bits.read(calBuf, calBase, c.calcStartBits() + i * csLen, csLen);
            sum += ~w & mask;
            if (Long.compareUnsigned(sum, threshold) >= 0) {
                sum = sum - threshold + 1;
            }
        }
        Bits.write(csBuf, csBase, c.checksumPositionBits(), csLen, sum);
    }

    private void checkRegion(boolean metadata, int offsetBits, int lenBits) throws SwitchError {
        long end = (long) offsetBits + lenBits;
        if (metadata ? end > Packet.METADATA_BITS : end > (long) pkt.leftLen * 8) {
            throw metadata ? SwitchError.metadataLen("checksum region beyond the metadata")
                    : SwitchError.packetLen("checksum region beyond the packet");
        }
    }

    private void group(GroupAction g) throws SwitchError {
        GroupMod group = dp.group(g.groupId());
        if (group == null) {
            throw SwitchError.of(ErrorType.GROUP_MOD_FAILED, 8, "POFGMFC_UNKNOWN_GROUP", "group " + g.groupId());
        }
        dp.counterStore().increment(group.counterId(), pkt.lengthField());
        actions(group.actions());
    }

    private void packetIn(int reason) throws SwitchError {
        if (hook) {
            return;
        }
        int len = pkt.offset + pkt.leftLen;
        if (len > Packet.RAW_MAX) {
            throw SwitchError.packetLen("PACKET_IN of " + len + " bytes > 2048");
        }
        upward.add(PacketIn.builder().xid(dp.nextUpwardXid()).bufferId(0xFFFFFFFFL).totalLength(len).reason(reason)
                .tableId(tableGlobalId).cookie(0).deviceId(dp.config().deviceId()).slotId(0).portId(pkt.inPort)
                .data(pkt.wholeFrame()).build());
    }

    // ------------------------------------------------------------------ extension

    private void call(HxCallBlock call) throws SwitchError {
        if (inBlock) {
            throw SwitchError.hx(HxErrorCode.NESTED_CALL, "HX_CALL_BLOCK inside a block");
        }
        HxState.Block block = dp.hx().blocks.get(call.blockId());
        if (block == null) {
            throw SwitchError.hx(HxErrorCode.BAD_BLOCK_ID, "block " + call.blockId() + " is not installed");
        }
        EntryRuntime rt = current.runtime();
        previousHit = rt.lastHitNs();
        reactivated = 0;
        rt.setLastHitNs(timeNs);
        if (rt.aged()) {
            // Back from aging (section 8.1): the controller never saw it go idle, so no status.
            reactivated = HxOperand.REACTIVATED_FROM_AGED;
            rt.setAged(false);
            rt.setActive(true);
        } else if (!rt.active()) {
            reactivated = HxOperand.REACTIVATED_FROM_IDLE;
            rt.setActive(true);
            upward.add(new HxEntryStatus(dp.nextUpwardXid(), HxEntryStatus.REASON_REACTIVATED, current.tableGlobalId(),
                    current.index(), timeNs, rt.passedBytes(), rt.droppedBytes()));
        }
        if (call.idleTimeoutMs() > 0) {
            dp.hx().lowerIdleBound(timeNs + call.idleTimeoutMs() * 1_000_000L);
        }
        if (!hxRuntimes.contains(rt) && hxRuntimes.size() < HX_PATH_LIMIT) {
            hxRuntimes.add(rt);
            hxPath.add(new EntryRef(current.tableGlobalId(), current.index()));
        }
        callerList = list;
        callerPc = pc;
        list = block.instructions;
        pc = 0;
        inBlock = true;
    }

    private void lookup(HxLookup l) throws SwitchError {
        int savedOffset = pkt.offset;
        int savedLeft = pkt.leftLen;
        movePacketOffset((short) l.packetOffset());
        FlowTable table = dp.tables().byGlobalId(l.nextTableId());
        if (table == null || table.spec().type() == 3) {
            throw SwitchError.hx(HxErrorCode.BAD_TABLE_ID, "HX_LOOKUP to global table " + l.nextTableId()
                    + (table == null ? ", which does not exist" : ", a DT table"));
        }
        byte[] key = TableStore.assembleKey(table.spec(), pkt.buf, pkt.base(), pkt.metadata);
        FlowEntry entry = table.lookup(key);
        if (entry != null) {
            tableGlobalId = l.nextTableId();
            try {
                dp.counterStore().increment(entry.counterId(), pkt.lengthField());
            } catch (SwitchError e) {
                upward.add(dp.errorMessage(e, dp.nextUpwardXid()));
            }
            enter(entry);
            return;
        }
        pkt.offset = savedOffset;
        pkt.leftLen = savedLeft;
        if (l.join()) {
            join(table, key, l);
        }
        pc++;
    }

    private void join(FlowTable table, byte[] key, HxLookup l) throws SwitchError {
        HxState hx = dp.hx();
        HxState.JoinKey k = new HxState.JoinKey(table.spec().globalId(),
                java.util.Arrays.copyOf(key, (table.spec().keyLengthBits() + 7) / 8));
        synchronized (hx.pendingJoins) { // switch-wide: packets of other trees may join at the same time
            Long expiry = hx.pendingJoins.get(k);
            if (expiry != null && expiry > timeNs) {
                return;
            }
            if (expiry == null && hx.pendingJoins.size() >= dp.config().maxPendingJoins()) {
                hx.expireJoins(timeNs);
                if (hx.pendingJoins.size() >= dp.config().maxPendingJoins()) {
                    hx.joinsSuppressed++;
                    return;
                }
            }
            hx.pendingJoins.put(k, timeNs + l.effectiveHoldMs() * 1_000_000L);
        }
        int saved = tableGlobalId;
        tableGlobalId = table.spec().globalId();
        packetIn(l.joinReason());
        tableGlobalId = saved;
    }

    private long read(HxOperand o) throws SwitchError {
        switch (o.domain()) {
            case IMM:
                return o.imm();
            case META:
                if (o.offset() + o.len() > Packet.METADATA_BITS) {
                    throw badOperand(o, "beyond the 1024 metadata bits");
                }
                return Bits.read(pkt.metadata, 0, o.offset(), o.len());
            case PKT:
                if (!pkt.hasPacket || o.offset() + o.len() > (long) pkt.leftLen * 8) {
                    throw badOperand(o, pkt.hasPacket ? "beyond the packet" : "no packet in a deactivation hook");
                }
                return Bits.read(pkt.buf, pkt.base(), o.offset(), o.len());
            case PARAM:
                return param(o, o.offset());
            case STATE:
                return state(o)[o.offset()];
            case REG:
                return dp.hx().registers[register(o)];
            case TIME:
                return timeNs;
            case RAND:
                return dp.hx().nextRandom() >>> 32;
            case ENTRY:
                if (current == null) {
                    throw badOperand(o, "no current entry");
                }
                switch (o.offset()) {
                    case 0: return reactivated;
                    case 1: return previousHit;
                    case 2: return current.index();
                    case 3: return current.tableGlobalId();
                    case HxOperand.ENTRY_AGE_NS: return current.runtime().ageNs();
                    default: throw badOperand(o, "ENTRY words are 0..4");
                }
            default:
                throw badOperand(o, "unknown domain");
        }
    }

    private void write(HxOperand o, long value) throws SwitchError {
        switch (o.domain()) {
            case META:
                if (o.offset() + o.len() > Packet.METADATA_BITS) {
                    throw badOperand(o, "beyond the 1024 metadata bits");
                }
                Bits.write(pkt.metadata, 0, o.offset(), o.len(), value);
                return;
            case PKT:
                if (!pkt.hasPacket || o.offset() + o.len() > (long) pkt.leftLen * 8) {
                    throw badOperand(o, pkt.hasPacket ? "beyond the packet" : "no packet in a deactivation hook");
                }
                Bits.write(pkt.buf, pkt.base(), o.offset(), o.len(), value);
                return;
            case STATE:
                state(o)[o.offset()] = value;
                return;
            case REG:
                dp.hx().registers[register(o)] = value;
                return;
            case ENTRY:
                if (current == null || o.offset() != HxOperand.ENTRY_AGE_NS) {
                    throw badOperand(o, current == null ? "no current entry" : "only ENTRY word 4 is writable");
                }
                current.runtime().setAgeNs(value);
                dp.noteAging(current.runtime());
                return;
            default:
                throw badOperand(o, "not writable");
        }
    }

    private long param(HxOperand o, int word) throws SwitchError {
        if (current == null || !inBlock) {
            throw badOperand(o, "params exist only in a block called by HX_CALL_BLOCK");
        }
        if (word >= current.paramWords()) {
            throw badOperand(o, "param word " + word + " but the entry has " + current.paramWords());
        }
        return current.paramWord(word);
    }

    private long[] state(HxOperand o) throws SwitchError {
        if (current == null) {
            throw badOperand(o, "no current entry");
        }
        long[] s = current.runtime().state();
        if (o.offset() >= s.length) {
            throw badOperand(o, "state word " + o.offset() + " but entries have " + s.length);
        }
        return s;
    }

    private int register(HxOperand o) throws SwitchError {
        long addr = o.offset();
        if (o.hasIndex()) {
            addr += param(o, o.indexParam());
        }
        if (addr < 0 || addr >= dp.hx().registers.length) {
            throw badOperand(o, "register " + Long.toUnsignedString(addr) + " outside 0.."
                    + (dp.hx().registers.length - 1));
        }
        return (int) addr;
    }

    private static SwitchError badOperand(HxOperand o, String why) {
        return SwitchError.hx(HxErrorCode.BAD_OPERAND, "operand " + o + ": " + why);
    }

    /** For building ERROR messages outside an execution. */
    static ErrorMessage errorMessage(SwitchError e, long xid, long deviceId) {
        return ErrorMessage.of(xid, e.errorType(), e.code(), deviceId, e.codeName());
    }
}
