package org.hsdba.pofswitch.datapath;

import org.hsdba.pof.ext.HxArithmetic;
import org.hsdba.pofswitch.tables.EntryRuntime;
import org.hsdba.pofswitch.tables.FastTable;
import org.hsdba.pofswitch.tables.FlowEntry;

/**
 * The fast path's operations and operands: one object per instruction with its fields, offsets
 * and targets resolved when the program was compiled. Each operation checks every condition under
 * which the interpreter would do anything but its plain case and throws {@link #DEOPT} before it
 * changes any state, so the interpreter can run the same instruction again.
 */
final class FastOps {
    private FastOps() {
    }

    /** "Continue in the interpreter": preallocated, no stack trace (thrown only off the plain path). */
    static final class Deopt extends Exception {
        private static final long serialVersionUID = 1L;

        private Deopt() {
            super("fast path hands over to the interpreter", null, false, false);
        }
    }

    static final Deopt DEOPT = new Deopt();

    /** One compiled instruction; sets {@code r.pc} (or switches lists, or sets done). */
    abstract static class Op {
        abstract void run(FastRun r) throws Deopt;
    }

    /** An instruction the fast path leaves to the interpreter (unknown, rare or always an error). */
    static final class Interpret extends Op {
        final String why;

        Interpret(String why) {
            this.why = why;
        }

        @Override
        void run(FastRun r) throws Deopt {
            throw DEOPT;
        }

        @Override
        public String toString() {
            return "interpret(" + why + ")";
        }
    }

    // ------------------------------------------------------------------ operands

    /** A value source. {@link #check} throws where {@link #read} would. */
    abstract static class Operand {
        abstract long read(FastRun r) throws Deopt;

        /** Whether reading can fail at run time (depends on the packet or the entry). */
        boolean fallible() {
            return false;
        }

        void check(FastRun r) throws Deopt {
        }

        /** Whether reading changes state (the random stream). */
        boolean sideEffect() {
            return false;
        }
    }

    /** A writable destination. */
    abstract static class Target {
        abstract void write(FastRun r, long value) throws Deopt;

        boolean fallible() {
            return false;
        }

        void check(FastRun r) throws Deopt {
        }
    }

    static final class Imm extends Operand {
        final long value;

        Imm(long value) {
            this.value = value;
        }

        @Override
        long read(FastRun r) {
            return value;
        }
    }

    /** Metadata bits (bounds checked at compile time). */
    static final class Meta extends Operand {
        final int offset;
        final int len;

        Meta(int offset, int len) {
            this.offset = offset;
            this.len = len;
        }

        @Override
        long read(FastRun r) {
            return Bits.read(r.pkt.metadata, 0, offset, len);
        }
    }

    static final class MetaTarget extends Target {
        final int offset;
        final int len;

        MetaTarget(int offset, int len) {
            this.offset = offset;
            this.len = len;
        }

        @Override
        void write(FastRun r, long value) {
            Bits.write(r.pkt.metadata, 0, offset, len, value);
        }
    }

    /** Packet bits of the current layer: within the bytes left, else the interpreter's error. */
    static final class Pkt extends Operand {
        final int offset;
        final int len;

        Pkt(int offset, int len) {
            this.offset = offset;
            this.len = len;
        }

        @Override
        boolean fallible() {
            return true;
        }

        @Override
        void check(FastRun r) throws Deopt {
            if (offset + len > (long) r.pkt.leftLen * 8) {
                throw DEOPT;
            }
        }

        @Override
        long read(FastRun r) throws Deopt {
            check(r);
            return Bits.read(r.pkt.buf, r.pkt.base(), offset, len);
        }
    }

    static final class PktTarget extends Target {
        final int offset;
        final int len;

        PktTarget(int offset, int len) {
            this.offset = offset;
            this.len = len;
        }

        @Override
        boolean fallible() {
            return true;
        }

        @Override
        void check(FastRun r) throws Deopt {
            if (offset + len > (long) r.pkt.leftLen * 8) {
                throw DEOPT;
            }
        }

        @Override
        void write(FastRun r, long value) throws Deopt {
            check(r);
            Bits.write(r.pkt.buf, r.pkt.base(), offset, len, value);
        }
    }

    /** A param word of the calling entry (blocks only; the entry may have fewer words). */
    static final class Param extends Operand {
        final int word;

        Param(int word) {
            this.word = word;
        }

        @Override
        boolean fallible() {
            return true;
        }

        @Override
        void check(FastRun r) throws Deopt {
            if (word >= r.current.paramWords()) {
                throw DEOPT;
            }
        }

        @Override
        long read(FastRun r) throws Deopt {
            FlowEntry e = r.current;
            if (word >= e.paramWords()) {
                throw DEOPT;
            }
            return e.paramWord(word);
        }
    }

    /** A state word of the current entry (word below the switch's state words: checked at compile time). */
    static final class State extends Operand {
        final int word;

        State(int word) {
            this.word = word;
        }

        @Override
        long read(FastRun r) {
            return r.current.runtime().state()[word];
        }
    }

    static final class StateTarget extends Target {
        final int word;

        StateTarget(int word) {
            this.word = word;
        }

        @Override
        void write(FastRun r, long value) {
            r.current.runtime().state()[word] = value;
        }
    }

    /** A register at a fixed address (in range: checked at compile time). */
    static final class Reg extends Operand {
        final int addr;

        Reg(int addr) {
            this.addr = addr;
        }

        @Override
        long read(FastRun r) {
            return r.registers[addr];
        }
    }

    static final class RegTarget extends Target {
        final int addr;

        RegTarget(int addr) {
            this.addr = addr;
        }

        @Override
        void write(FastRun r, long value) {
            r.registers[addr] = value;
        }
    }

    /** A register at offset + PARAM[index] (blocks only). */
    static final class RegIndexed extends Operand {
        final int offset;
        final int param;

        RegIndexed(int offset, int param) {
            this.offset = offset;
            this.param = param;
        }

        @Override
        boolean fallible() {
            return true;
        }

        @Override
        void check(FastRun r) throws Deopt {
            address(r, offset, param);
        }

        @Override
        long read(FastRun r) throws Deopt {
            return r.registers[address(r, offset, param)];
        }
    }

    static final class RegIndexedTarget extends Target {
        final int offset;
        final int param;

        RegIndexedTarget(int offset, int param) {
            this.offset = offset;
            this.param = param;
        }

        @Override
        boolean fallible() {
            return true;
        }

        @Override
        void check(FastRun r) throws Deopt {
            address(r, offset, param);
        }

        @Override
        void write(FastRun r, long value) throws Deopt {
            r.registers[address(r, offset, param)] = value;
        }
    }

    /** offset + PARAM[param] as Execution.register computes it, or DEOPT where it fails. */
    static int address(FastRun r, int offset, int param) throws Deopt {
        FlowEntry e = r.current;
        if (param >= e.paramWords()) {
            throw DEOPT;
        }
        long addr = offset + e.paramWord(param);
        if (addr < 0 || addr >= r.registers.length) {
            throw DEOPT;
        }
        return (int) addr;
    }

    static final class Time extends Operand {
        @Override
        long read(FastRun r) {
            return r.timeNs;
        }
    }

    static final class Rand extends Operand {
        @Override
        long read(FastRun r) {
            return r.hx.nextRandom() >>> 32;
        }

        @Override
        boolean sideEffect() {
            return true;
        }
    }

    /** ENTRY words; REACTIVATED is always 0 here (a reactivating call is left to the interpreter). */
    static final class EntryWord extends Operand {
        final int word;

        EntryWord(int word) {
            this.word = word;
        }

        @Override
        long read(FastRun r) {
            switch (word) {
                case 0: return 0;
                case 1: return r.previousHit;
                case 2: return r.current.index();
                default: return r.current.tableGlobalId();
            }
        }
    }

    // ------------------------------------------------------------------ HX instructions

    /**
     * HX_ALU. {@code precheck}: an operand with a side effect (RAND) is read before one that can
     * fail, so every failure is checked first (the interpreter would otherwise draw twice).
     */
    static final class Alu extends Op {
        static final int MOV = 0, ADD = 1, SUB = 2, MUL = 3, DIV = 4, MOD = 5, MIN = 6, MAX = 7, SHL = 8, SHR = 9,
                AND = 10, OR = 11, XOR = 12, MULDIV = 13, EXPNEG = 14, SELECT = 15;
        final int op;
        final Target dst;
        final Operand a;
        final Operand b;
        final Operand c;
        final boolean precheck;

        Alu(int op, Target dst, Operand a, Operand b, Operand c, boolean precheck) {
            this.op = op;
            this.dst = dst;
            this.a = a;
            this.b = b;
            this.c = c;
            this.precheck = precheck;
        }

        @Override
        void run(FastRun r) throws Deopt {
            if (precheck) {
                a.check(r);
                b.check(r);
                c.check(r);
                dst.check(r);
            }
            long x = a.read(r);
            long y = b.read(r);
            long z = c.read(r);
            long v;
            switch (op) {
                case MOV: v = x; break;
                case ADD: v = HxArithmetic.add(x, y); break;
                case SUB: v = HxArithmetic.sub(x, y); break;
                case MUL: v = HxArithmetic.mul(x, y); break;
                case DIV: v = HxArithmetic.div(x, y); break;
                case MOD: v = HxArithmetic.mod(x, y); break;
                case MIN: v = HxArithmetic.min(x, y); break;
                case MAX: v = HxArithmetic.max(x, y); break;
                case SHL: v = HxArithmetic.shl(x, y); break;
                case SHR: v = HxArithmetic.shr(x, y); break;
                case AND: v = x & y; break;
                case OR: v = x | y; break;
                case XOR: v = x ^ y; break;
                case MULDIV: v = HxArithmetic.mulDiv(x, y, z); break;
                case EXPNEG: v = HxArithmetic.expNeg(x, y); break;
                default: v = HxArithmetic.select(x, y, z); break;
            }
            dst.write(r, v);
            r.pc++;
        }
    }

    /** HX_BRANCH with its target resolved (in range: checked at compile time). */
    static final class Branch extends Op {
        static final int EQ = 0, NE = 1, LT = 2, LE = 3, GT = 4, GE = 5;
        final int cond;
        final Operand a;
        final Operand b;
        final int target;
        final boolean precheck;

        Branch(int cond, Operand a, Operand b, int target, boolean precheck) {
            this.cond = cond;
            this.a = a;
            this.b = b;
            this.target = target;
            this.precheck = precheck;
        }

        @Override
        void run(FastRun r) throws Deopt {
            if (precheck) {
                a.check(r);
                b.check(r);
            }
            int c = Long.compareUnsigned(a.read(r), b.read(r));
            boolean taken;
            switch (cond) {
                case EQ: taken = c == 0; break;
                case NE: taken = c != 0; break;
                case LT: taken = c < 0; break;
                case LE: taken = c <= 0; break;
                case GT: taken = c > 0; break;
                default: taken = c >= 0; break;
            }
            r.pc = taken ? target : r.pc + 1;
        }
    }

    /** HX_CALL_BLOCK of an active entry (a reactivation sends a message: the interpreter's). */
    static final class Call extends Op {
        final FastProgram.Code block;
        final long idleNs;

        Call(FastProgram.Code block, long idleTimeoutMs) {
            this.block = block;
            this.idleNs = idleTimeoutMs * 1_000_000L;
        }

        @Override
        void run(FastRun r) throws Deopt {
            if (r.inBlock) {
                throw DEOPT;
            }
            FlowEntry e = r.current;
            EntryRuntime rt = e.runtime();
            if (!rt.active()) {
                throw DEOPT;
            }
            r.previousHit = rt.lastHitNs();
            rt.setLastHitNs(r.timeNs);
            if (idleNs > 0) {
                r.hx.idleBound = Math.min(r.hx.idleBound, r.timeNs + idleNs);
            }
            r.addToPath(rt, e);
            r.callerCode = r.code;
            r.callerPc = r.pc;
            r.code = block;
            r.pc = 0;
            r.inBlock = true;
        }
    }

    /** HX_LOOKUP: a hit enters the entry; a miss without join goes on; a join is the interpreter's. */
    static final class Lookup extends Op {
        final FastTable table;
        final int packetOffset;
        final boolean join;

        Lookup(FastTable table, int packetOffset, boolean join) {
            this.table = table;
            this.packetOffset = packetOffset;
            this.join = join;
        }

        @Override
        void run(FastRun r) throws Deopt {
            Packet p = r.pkt;
            checkMove(p, packetOffset);
            int slot = table.lookup(p.buf, p.base() + packetOffset, p.metadata);
            if (slot < 0) {
                if (join) {
                    throw DEOPT;
                }
                r.pc++;
                return;
            }
            enterSlot(r, table, slot, packetOffset);
        }
    }

    /** HX_RETURN. */
    static final class Return extends Op {
        @Override
        void run(FastRun r) {
            if (r.inBlock && r.callerCode != null) {
                r.returnFromBlock();
            } else {
                r.done = true;
            }
        }
    }

    // ------------------------------------------------------------------ stock instructions

    /** GOTO_TABLE to a table that exists (else the interpreter's error). */
    static final class Goto extends Op {
        final int table;
        final int packetOffset;

        Goto(int table, int packetOffset) {
            this.table = table;
            this.packetOffset = packetOffset;
        }

        @Override
        void run(FastRun r) throws Deopt {
            gotoTable(r, table, packetOffset);
        }
    }

    /** The synthetic GOTO_TABLE(0) and GOTO_TABLE: moves, looks up, counts, enters; a miss is the interpreter's. */
    static void gotoTable(FastRun r, int global, int packetOffset) throws Deopt {
        FastTable t = r.prog.table(global);
        if (t == null) {
            throw DEOPT;
        }
        Packet p = r.pkt;
        checkMove(p, packetOffset);
        int slot = t.spec().type() == 3 ? -1 : t.lookup(p.buf, p.base() + packetOffset, p.metadata);
        if (slot < 0) {
            throw DEOPT;
        }
        enterSlot(r, t, slot, packetOffset);
    }

    private static void checkMove(Packet p, int offset) throws Deopt {
        if (offset > p.leftLen || offset < -(Packet.PREBUF + p.offset)) {
            throw DEOPT;
        }
    }

    /** Everything after a hit: checks first (counter id, empty program), then moves, counts and enters. */
    private static void enterSlot(FastRun r, FastTable t, int slot, int packetOffset) throws Deopt {
        FlowEntry e = t.entry(slot);
        long counter = e.counterId();
        if (counter >= r.counterLimit || r.prog.program(t.spec().globalId(), slot).ops.length == 0) {
            throw DEOPT;
        }
        Packet p = r.pkt;
        p.offset += packetOffset;
        p.leftLen -= packetOffset;
        if (p.offset < 0) {
            r.headroomTouched = true;
        }
        r.tableGlobalId = t.spec().globalId();
        if (counter != 0) {
            try {
                r.dp.counterStore().increment(counter, p.lengthField());
            } catch (org.hsdba.pofswitch.error.SwitchError impossible) {
                throw new IllegalStateException("counter " + counter + " checked below the limit", impossible);
            }
        }
        r.enter(t, slot);
    }

    /**
     * APPLY_ACTIONS of OUTPUT (to one existing port, immediate), DROP and COUNTER (valid id) only.
     * Every OUTPUT's run-time condition is checked before the first action runs.
     */
    static final class Actions extends Op {
        final Object[] actions;

        Actions(Object[] actions) {
            this.actions = actions;
        }

        @Override
        void run(FastRun r) throws Deopt {
            Packet p = r.pkt;
            for (Object a : actions) {
                if (a instanceof Output) {
                    ((Output) a).check(p);
                }
            }
            for (Object a : actions) {
                if (a instanceof Output) {
                    ((Output) a).send(r);
                } else if (a instanceof Drop) {
                    r.out.dropCode = ((Drop) a).reason;
                    r.out.end = EndReason.DROP_ACTION;
                    r.done = true;
                    return;
                } else {
                    count(r, ((Count) a).counter);
                }
            }
            r.pc++;
        }

        private static void count(FastRun r, long counter) {
            try {
                r.dp.counterStore().increment(counter, 0);
            } catch (org.hsdba.pofswitch.error.SwitchError impossible) {
                throw new IllegalStateException("counter " + counter + " checked at compile time", impossible);
            }
        }
    }

    static final class Output {
        final int port;
        final int metadataOffset;
        final int metadataBytes;
        final int packetOffset;

        Output(int port, int metadataOffset, int metadataBytes, int packetOffset) {
            this.port = port;
            this.metadataOffset = metadataOffset;
            this.metadataBytes = metadataBytes;
            this.packetOffset = packetOffset;
        }

        void check(Packet p) throws Deopt {
            if (packetOffset > p.leftLen || metadataBytes + p.leftLen - packetOffset > 1514) {
                throw DEOPT;
            }
        }

        void send(FastRun r) {
            Packet p = r.pkt;
            int packetBytes = p.leftLen - packetOffset;
            int length = metadataBytes + packetBytes;
            byte[] frame = r.out.outputBuffer(length);
            if (metadataBytes > 0) {
                Bits.copy(p.metadata, 0, metadataOffset, metadataBytes * 8, frame, 0);
            }
            System.arraycopy(p.buf, p.base() + packetOffset, frame, metadataBytes, packetBytes);
            r.out.commitOutput(port, length);
        }
    }

    static final class Drop {
        final long reason;

        Drop(long reason) {
            this.reason = reason;
        }
    }

    static final class Count {
        final long counter;

        Count(long counter) {
            this.counter = counter;
        }
    }
}
