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

    /** Big-endian 64-bit words of the metadata at a byte index (as Bits reads a 64-bit field). */
    private static final java.lang.invoke.VarHandle WORD = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.BIG_ENDIAN);

    /** Kinds of operation the run loop calls directly (others through {@link Op#run}). */
    static final int K_OTHER = 0, K_ALU = 1, K_BRANCH = 2;

    /** One compiled instruction; sets {@code r.pc} (or switches lists, or sets done). */
    abstract static class Op {
        final int kind;

        Op(int kind) {
            this.kind = kind;
        }

        Op() {
            this(K_OTHER);
        }

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

    /**
     * An HX operand resolved at compile time: a kind and its numbers, read by a switch that the
     * JIT inlines into each operation (a virtual call per operand cost more than the arithmetic).
     */
    static final class Operand {
        static final int IMM = 0, META = 1, PKT = 2, PARAM = 3, STATE = 4, REG = 5, REG_INDEXED = 6, TIME = 7,
                RAND = 8, ENTRY_REACTIVATED = 9, ENTRY_LAST_HIT = 10, ENTRY_INDEX = 11, ENTRY_TABLE = 12,
                META_WORD = 13, ENTRY_AGE = 14;
        final int kind;
        /** Bit offset (META, PKT), word (PARAM, STATE), address or offset (REG, REG_INDEXED). */
        final int x;
        /** Bit length (META, PKT), index param (REG_INDEXED). */
        final int y;
        final long imm;

        Operand(int kind, int x, int y, long imm) {
            // a byte-aligned 64-bit metadata word (the programs' scratch words): one load or store
            this.kind = kind == META && y == 64 && (x & 7) == 0 ? META_WORD : kind;
            this.x = kind == META && y == 64 && (x & 7) == 0 ? x >>> 3 : x;
            this.y = y;
            this.imm = imm;
        }

        /** Whether reading can fail at run time (depends on the packet or the entry). */
        boolean fallible() {
            return kind == PKT || kind == PARAM || kind == REG_INDEXED;
        }

        /** Whether reading changes state (the random stream). */
        boolean sideEffect() {
            return kind == RAND;
        }

        boolean isImmediate() {
            return kind == IMM;
        }

        /** Throws where {@link #read} would, without reading. */
        void check(FastRun r) throws Deopt {
            switch (kind) {
                case PKT:
                    checkPacket(r, x, y);
                    return;
                case PARAM:
                    if (x >= r.current.paramWords()) {
                        throw DEOPT;
                    }
                    return;
                case REG_INDEXED:
                    address(r, x, y);
                    return;
                default:
                    return;
            }
        }

        long read(FastRun r) throws Deopt {
            switch (kind) {
                case IMM:
                    return imm;
                case META_WORD:
                    return (long) WORD.get(r.pkt.metadata, x);
                case META:
                    return Bits.read(r.pkt.metadata, 0, x, y);
                case PKT:
                    checkPacket(r, x, y);
                    return Bits.read(r.pkt.buf, r.pkt.base(), x, y);
                case PARAM: {
                    FlowEntry e = r.current;
                    if (x >= e.paramWords()) {
                        throw DEOPT;
                    }
                    return e.paramWord(x);
                }
                case STATE:
                    return r.current.runtime().state()[x];
                case REG:
                    return r.registers[x];
                case REG_INDEXED:
                    return r.registers[address(r, x, y)];
                case TIME:
                    return r.timeNs;
                case RAND:
                    return r.hx.nextRandom() >>> 32;
                case ENTRY_REACTIVATED:
                    return 0; // a reactivating call is left to the interpreter
                case ENTRY_LAST_HIT:
                    return r.previousHit;
                case ENTRY_INDEX:
                    return r.current.index();
                case ENTRY_AGE:
                    return r.current.runtime().ageNs();
                default:
                    return r.current.tableGlobalId();
            }
        }

        /** Writes (kinds META, PKT, STATE, REG, REG_INDEXED only: the compiler's {@link #writable}). */
        void write(FastRun r, long value) throws Deopt {
            switch (kind) {
                case META_WORD:
                    WORD.set(r.pkt.metadata, x, value);
                    return;
                case META:
                    Bits.write(r.pkt.metadata, 0, x, y, value);
                    return;
                case PKT:
                    checkPacket(r, x, y);
                    Bits.write(r.pkt.buf, r.pkt.base(), x, y, value);
                    return;
                case STATE:
                    r.current.runtime().state()[x] = value;
                    return;
                case REG:
                    r.registers[x] = value;
                    return;
                case ENTRY_AGE: {
                    // The aging gap (extension section 8.1): its deadline may be the next expiry.
                    EntryRuntime rt = r.current.runtime();
                    rt.setAgeNs(value);
                    long at = rt.lastHitNs() + value;
                    if (rt.active() && value != 0) {
                        r.hx.lowerIdleBound(at < rt.lastHitNs() ? Long.MAX_VALUE : at);
                    }
                    return;
                }
                default:
                    r.registers[address(r, x, y)] = value;
                    return;
            }
        }

        boolean writable() {
            return kind == META || kind == META_WORD || kind == PKT || kind == STATE || kind == REG
                    || kind == REG_INDEXED || kind == ENTRY_AGE;
        }
    }

    /** Packet bits of the current layer must lie within the bytes left (else the interpreter's error). */
    static void checkPacket(FastRun r, int offset, int len) throws Deopt {
        if (offset + len > (long) r.pkt.leftLen * 8) {
            throw DEOPT;
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

    // ------------------------------------------------------------------ HX instructions

    /**
     * HX_ALU. {@code precheck}: an operand with a side effect (RAND) is read before one that can
     * fail, so every failure is checked first (the interpreter would otherwise draw twice). An
     * operand the operation ignores is still read when reading it could fail or draw, as the
     * interpreter reads all three.
     */
    static final class Alu extends Op {
        static final int MOV = 0, ADD = 1, SUB = 2, MUL = 3, DIV = 4, MOD = 5, MIN = 6, MAX = 7, SHL = 8, SHR = 9,
                AND = 10, OR = 11, XOR = 12, MULDIV = 13, EXPNEG = 14, SELECT = 15, MULDIV_POW2 = 16;
        final int op;
        final Operand dst;
        final Operand a;
        final Operand b;
        final Operand c;
        final boolean precheck;
        final boolean readB;
        final boolean readC;
        /** MULDIV_POW2: log2 of the immediate divisor. */
        final int shift;

        Alu(int op, Operand dst, Operand a, Operand b, Operand c, boolean precheck) {
            super(K_ALU);
            boolean cIsPow2 = op == MULDIV && c.isImmediate() && c.imm != 0 && (c.imm & (c.imm - 1)) == 0;
            this.op = cIsPow2 ? MULDIV_POW2 : op;
            this.shift = cIsPow2 ? Long.numberOfTrailingZeros(c.imm) : 0;
            this.dst = dst;
            this.a = a;
            this.b = b;
            this.c = c;
            this.precheck = precheck;
            this.readB = op != MOV || b.fallible() || b.sideEffect();
            this.readC = op == MULDIV || op == SELECT || c.fallible() || c.sideEffect();
        }

        @Override
        void run(FastRun r) throws Deopt {
            exec(r);
        }

        void exec(FastRun r) throws Deopt {
            if (precheck) {
                a.check(r);
                b.check(r);
                c.check(r);
                dst.check(r);
            }
            long x = a.read(r);
            long y = readB ? b.read(r) : 0;
            long z = readC ? c.read(r) : 0;
            long v;
            switch (op) {
                case MOV: v = x; break;
                case ADD: v = HxArithmetic.add(x, y); break;
                case SUB: v = HxArithmetic.sub(x, y); break;
                case MUL: v = HxArithmetic.mul(x, y); break;
                case DIV: v = FastArithmetic.div(x, y); break;
                case MOD: v = HxArithmetic.mod(x, y); break;
                case MIN: v = HxArithmetic.min(x, y); break;
                case MAX: v = HxArithmetic.max(x, y); break;
                case SHL: v = HxArithmetic.shl(x, y); break;
                case SHR: v = HxArithmetic.shr(x, y); break;
                case AND: v = x & y; break;
                case OR: v = x | y; break;
                case XOR: v = x ^ y; break;
                case MULDIV: v = FastArithmetic.mulDiv(x, y, z); break;
                case MULDIV_POW2: v = mulDivPow2(x, y, shift); break;
                case EXPNEG: v = FastArithmetic.expNeg(x, y); break;
                default: v = HxArithmetic.select(x, y, z); break;
            }
            dst.write(r, v);
            r.pc++;
        }

        /** floor(a * b / 2^k) over the 128-bit product, MAX when the quotient needs more than 64 bits. */
        static long mulDivPow2(long a, long b, int k) {
            long lo = a * b;
            long hi = Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
            if (hi == 0) {
                return lo >>> k;
            }
            if (k == 0 || (hi >>> k) != 0) {
                return HxArithmetic.MAX;
            }
            return (hi << (64 - k)) | (lo >>> k);
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
            super(K_BRANCH);
            this.cond = cond;
            this.a = a;
            this.b = b;
            this.target = target;
            this.precheck = precheck;
        }

        @Override
        void run(FastRun r) throws Deopt {
            exec(r);
        }

        void exec(FastRun r) throws Deopt {
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
                r.hx.lowerIdleBound(r.timeNs + idleNs);
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

    /**
     * HX_LOOKUP by table id, resolved when it runs (generated blocks, {@link FastGen}): true when
     * it entered the hit entry, false on a miss without join; the interpreter's otherwise.
     */
    static boolean lookupById(FastRun r, int globalId, int packetOffset, boolean join) throws Deopt {
        FastTable t = r.prog.table(globalId);
        if (t == null || t.direct()) {
            throw DEOPT;
        }
        Packet p = r.pkt;
        checkMove(p, packetOffset);
        int slot = t.lookup(p.buf, p.base() + packetOffset, p.metadata);
        if (slot < 0) {
            if (join) {
                throw DEOPT;
            }
            return false;
        }
        enterSlot(r, t, slot, packetOffset);
        return true;
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
        int slot = t.direct() ? -1 : t.lookup(p.buf, p.base() + packetOffset, p.metadata);
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
        int global = t.globalId();
        FastProgram.Code code = r.prog.program(global, slot);
        if (counter >= r.counterLimit || code.ops.length == 0) {
            throw DEOPT;
        }
        Packet p = r.pkt;
        p.offset += packetOffset;
        p.leftLen -= packetOffset;
        if (p.offset < 0) {
            r.headroomTouched = true;
        }
        r.tableGlobalId = global;
        if (counter != 0) {
            countHit(r, counter, p);
        }
        r.enter(e, code);
    }

    /**
     * An entry's counter (out of line: the HSDBA program's entries have none, and a small
     * {@link #enterSlot} is what lets C2 inline it into the generated blocks' lookups).
     */
    private static void countHit(FastRun r, long counter, Packet p) {
        try {
            r.dp.counterStore().increment(counter, p.lengthField());
        } catch (org.hsdba.pofswitch.error.SwitchError impossible) {
            throw new IllegalStateException("counter " + counter + " checked below the limit", impossible);
        }
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
