package org.hsdba.pofswitch.datapath;

import java.lang.invoke.MethodHandles;
import java.lang.ref.WeakReference;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.hsdba.pof.ext.HxLookup;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pofswitch.tables.EntryRuntime;
import org.hsdba.pofswitch.tables.FlowEntry;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Turns a compiled instruction block into a generated class whose one method runs the block as
 * straight-line bytecode: ALU and branch instructions inline, operands as local variables, array
 * elements and constants, jumps as jumps. What {@link FastOps} decides per operand and per
 * instruction (a switch on kinds, about 5 unpredictable indirect jumps per instruction: the
 * fast path's profile was half dispatch) is decided here once, and the JIT compiles the rest.
 *
 * <p>Same results as {@link FastOps} by construction: the block's PARAM words and indexed register
 * addresses depend only on the entry, so they are read and checked once before the first
 * instruction (a failure hands the packet to the interpreter at pc 0, before anything changed); the
 * instruction budget is checked once per straight-line run (exceeding it hands over at the run's
 * first instruction, the interpreter then raises it at the exact one); a packet-field operand is
 * checked before its instruction reads anything; lookups, actions and returns call the same code
 * as the operations. Tables are resolved by id when the block runs, so a generated class depends
 * only on the block and the switch's configuration, and is kept across recompilations (a FLOW_MOD
 * does not make new classes, which would start cold in the JIT again) and shared by datapaths
 * whose blocks give the same class bytes.
 *
 * <p>Classes are hidden classes (JDK 15 and later, unloaded with their last block) defined in this
 * package, Java 11 bytecode; on an older JDK, ordinary classes of this package.
 */
final class FastGen {
    /** Off with {@code -Dhsdba.fastpath.classes=false}: the fast path then runs blocks as operations (A/B). */
    static final boolean ENABLED = !"false".equals(System.getProperty("hsdba.fastpath.classes"));

    /** A generated block: runs from pc 0 of {@link FastRun#code} (the block just called). */
    abstract static class Block {
        abstract void run(FastRun r) throws FastOps.Deopt;
    }

    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final String SELF = "org/hsdba/pofswitch/datapath/FastGen";
    private static final String RUN = "org/hsdba/pofswitch/datapath/FastRun";
    private static final String OPS = "org/hsdba/pofswitch/datapath/FastOps";
    private static final String OP = "org/hsdba/pofswitch/datapath/FastOps$Op";
    private static final String ENTRY = "org/hsdba/pofswitch/tables/FlowEntry";
    private static final String ARITH = "org/hsdba/pof/ext/HxArithmetic";
    private static final String FAST_ARITH = "org/hsdba/pofswitch/datapath/FastArithmetic";
    private static final String BITS = "org/hsdba/pofswitch/datapath/Bits";
    private static final String DEOPT = "org/hsdba/pofswitch/datapath/FastOps$Deopt";
    private static final String BASE = "org/hsdba/pofswitch/datapath/FastGen$Block";
    private static final String NAME = "org/hsdba/pofswitch/datapath/FastBlock";
    private static int named;

    // local variable slots of the generated run(FastRun)
    private static final int R = 1, EX = 2, BUDGET = 3, MD = 4, REGS = 5, ST = 6, E = 7, X = 8, Y = 10, Z = 12, V = 14,
            FIRST_FREE = 16;

    private FastGen() {
    }

    /**
     * The generated class for a block's compiled operations ({@code ops}, index for index with
     * {@code source}), instantiated.
     */
    static Block generate(FastOps.Op[] ops, List<Instruction> source) {
        byte[] bytes = new Emitter(ops, source).classBytes();
        // the class calls only the actions' operations (the others hold this compilation's tables)
        FastOps.Op[] kept = new FastOps.Op[ops.length];
        for (int i = 0; i < ops.length; i++) {
            kept[i] = ops[i] instanceof FastOps.Actions ? ops[i] : null;
        }
        try {
            Class<?> c = defineShared(bytes);
            return (Block) c.getDeclaredConstructor(FastOps.Op[].class).newInstance((Object) kept);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot define the fast path's class for a block of " + ops.length
                    + " instructions", e);
        }
    }

    /**
     * Classes defined so far, by their bytes (guarded by itself). The same bytes are the same block
     * on the same configuration and the class has no state of its own, so another datapath (the
     * simulator's switches; a switch whose controller installs the same program again after a
     * HELLO; the benchmark's measured switch after its warm-up switch) gets the class the JIT has
     * compiled already instead of a new one that starts cold (interpreted, then C1, for its first
     * thousands of packets). Weakly held: a class no datapath uses can still be unloaded.
     */
    private static final Map<ByteBuffer, WeakReference<Class<?>>> DEFINED = new HashMap<>();

    private static Class<?> defineShared(byte[] bytes) throws ReflectiveOperationException {
        ByteBuffer key = ByteBuffer.wrap(bytes);
        synchronized (DEFINED) {
            WeakReference<Class<?>> ref = DEFINED.get(key);
            Class<?> c = ref == null ? null : ref.get();
            if (c == null) {
                c = define(bytes);
                DEFINED.values().removeIf(r -> r.get() == null); // classes unloaded meanwhile (definitions are rare)
                DEFINED.put(key, new WeakReference<>(c));
            }
            return c;
        }
    }

    private static Class<?> define(byte[] bytes) throws ReflectiveOperationException {
        Method hidden = hiddenDefiner();
        if (hidden != null) {
            Object options = Array.newInstance(hidden.getParameterTypes()[2].getComponentType(), 0);
            return ((MethodHandles.Lookup) hidden.invoke(LOOKUP, bytes, true, options)).lookupClass();
        }
        return LOOKUP.defineClass(bytes);
    }

    private static Method hiddenDefiner() {
        for (Method m : MethodHandles.Lookup.class.getMethods()) {
            if (m.getName().equals("defineHiddenClass") && m.getParameterCount() == 3
                    && m.getParameterTypes()[0] == byte[].class) {
                return m;
            }
        }
        return null;
    }

    private static synchronized String nextName() {
        // hidden classes get a unique suffix from the JVM; ordinary ones need their own name
        return hiddenDefiner() != null ? NAME : NAME + "$" + (named++);
    }

    // ------------------------------------------------------------------ run-time helpers (inlined by the JIT)

    static long word(byte[] md, int byteIndex) {
        return (long) WORD.get(md, byteIndex);
    }

    static void setWord(byte[] md, int byteIndex, long v) {
        WORD.set(md, byteIndex, v);
    }

    /** A PARAM word of the block's entry, or the interpreter's error (checked before the first instruction). */
    static long param(FlowEntry e, int word) throws FastOps.Deopt {
        if (word >= e.paramWords()) {
            throw FastOps.DEOPT;
        }
        return e.paramWord(word);
    }

    static long readPacket(FastRun r, int offset, int len) {
        return Bits.read(r.pkt.buf, r.pkt.base(), offset, len);
    }

    static void writePacket(FastRun r, int offset, int len, long v) {
        Bits.write(r.pkt.buf, r.pkt.base(), offset, len, v);
    }

    static long random(FastRun r) {
        return r.hx.nextRandom() >>> 32;
    }

    static long age(FastRun r) {
        return r.current.runtime().ageNs();
    }

    static void setAge(FastRun r, long value) {
        // as FastOps.Operand.write: the aging gap's deadline may be the next expiry
        EntryRuntime rt = r.current.runtime();
        rt.setAgeNs(value);
        long at = rt.lastHitNs() + value;
        if (rt.active() && value != 0) {
            r.hx.lowerIdleBound(at < rt.lastHitNs() ? Long.MAX_VALUE : at);
        }
    }

    static void ret(FastRun r) {
        if (r.inBlock && r.callerCode != null) {
            r.returnFromBlock();
        } else {
            r.done = true;
        }
    }

    // ------------------------------------------------------------------ the emitter

    /** The bytecode of one ALU operation: x is on the stack, y and z in their locals; leaves the result. */
    @FunctionalInterface
    private interface AluCode {
        void emit(Emitter e, FastOps.Alu a);
    }

    /**
     * Per ALU operation code, its bytecode: the same functions {@link FastOps.Alu#exec} calls
     * ({@code HxArithmetic}, and {@code FastArithmetic} where it has a faster one), the bitwise
     * operations inline.
     */
    private static final AluCode[] ALU = aluTable();

    private static AluCode[] aluTable() {
        AluCode[] t = new AluCode[FastOps.Alu.MULDIV_POW2 + 1];
        t[FastOps.Alu.MOV] = (e, a) -> { };
        t[FastOps.Alu.ADD] = (e, a) -> e.binary(ARITH, "add");
        t[FastOps.Alu.SUB] = (e, a) -> e.binary(ARITH, "sub");
        t[FastOps.Alu.MUL] = (e, a) -> e.binary(ARITH, "mul");
        t[FastOps.Alu.DIV] = (e, a) -> e.binary(FAST_ARITH, "div");
        t[FastOps.Alu.MOD] = (e, a) -> e.binary(ARITH, "mod");
        t[FastOps.Alu.MIN] = (e, a) -> e.binary(ARITH, "min");
        t[FastOps.Alu.MAX] = (e, a) -> e.binary(ARITH, "max");
        t[FastOps.Alu.SHL] = (e, a) -> e.binary(ARITH, "shl");
        t[FastOps.Alu.SHR] = (e, a) -> e.binary(ARITH, "shr");
        t[FastOps.Alu.AND] = (e, a) -> e.insn(Opcodes.LAND);
        t[FastOps.Alu.OR] = (e, a) -> e.insn(Opcodes.LOR);
        t[FastOps.Alu.XOR] = (e, a) -> e.insn(Opcodes.LXOR);
        t[FastOps.Alu.MULDIV] = (e, a) -> e.ternary(FAST_ARITH, "mulDiv");
        t[FastOps.Alu.EXPNEG] = (e, a) -> e.binary(FAST_ARITH, "expNeg");
        t[FastOps.Alu.SELECT] = (e, a) -> e.ternary(ARITH, "select");
        t[FastOps.Alu.MULDIV_POW2] = (e, a) -> {
            e.mv.visitVarInsn(Opcodes.LLOAD, Y);
            e.push(a.shift);
            e.mv.visitMethodInsn(Opcodes.INVOKESTATIC, "org/hsdba/pofswitch/datapath/FastOps$Alu", "mulDivPow2", "(JJI)J",
                    false);
        };
        for (int op = 0; op < t.length; op++) {
            if (t[op] == null) {
                throw new IllegalStateException("FastGen has no bytecode for ALU operation code " + op);
            }
        }
        return t;
    }

    private static final class Emitter {
        private final FastOps.Op[] ops;
        private final List<Instruction> source;
        private final Label[] at;
        private final Label end = new Label();
        /** PARAM word -> local slot (long). */
        private final TreeMap<Integer, Integer> params = new TreeMap<>();
        /** (offset << 32 | param) of indexed registers -> local slot (int). */
        private final TreeMap<Long, Integer> addresses = new TreeMap<>();
        /** Instructions that start a straight-line run (the budget is checked there). */
        private final TreeSet<Integer> leaders = new TreeSet<>();
        private MethodVisitor mv;
        private String className;

        Emitter(FastOps.Op[] ops, List<Instruction> source) {
            this.ops = ops;
            this.source = source;
            this.at = new Label[ops.length];
            for (int i = 0; i < ops.length; i++) {
                at[i] = new Label();
            }
            int free = FIRST_FREE;
            leaders.add(0);
            for (int pc = 0; pc < ops.length; pc++) {
                List<FastOps.Operand> used = new ArrayList<>();
                if (ops[pc] instanceof FastOps.Alu) {
                    FastOps.Alu a = (FastOps.Alu) ops[pc];
                    used.addAll(List.of(a.a, a.b, a.c, a.dst));
                } else if (ops[pc] instanceof FastOps.Branch) {
                    FastOps.Branch b = (FastOps.Branch) ops[pc];
                    used.addAll(List.of(b.a, b.b));
                    if (b.target < ops.length) {
                        leaders.add(b.target);
                    }
                }
                for (FastOps.Operand o : used) {
                    if (o.kind == FastOps.Operand.PARAM && !params.containsKey(o.x)) {
                        params.put(o.x, free);
                        free += 2;
                    }
                }
                for (FastOps.Operand o : used) {
                    long key = ((long) o.x << 32) | o.y;
                    if (o.kind == FastOps.Operand.REG_INDEXED && !addresses.containsKey(key)) {
                        addresses.put(key, free);
                        free += 1;
                    }
                }
            }
        }

        byte[] classBytes() {
            ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
                @Override
                protected String getCommonSuperClass(String a, String b) {
                    return "java/lang/Object"; // locals never merge two reference types
                }
            };
            className = nextName();
            cw.visit(Opcodes.V11, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, className, null, BASE, null);
            cw.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_FINAL, "ops", "[L" + OP + ";", null, null).visitEnd();
            MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "([L" + OP + ";)V", null, null);
            init.visitCode();
            init.visitVarInsn(Opcodes.ALOAD, 0);
            init.visitMethodInsn(Opcodes.INVOKESPECIAL, BASE, "<init>", "()V", false);
            init.visitVarInsn(Opcodes.ALOAD, 0);
            init.visitVarInsn(Opcodes.ALOAD, 1);
            init.visitFieldInsn(Opcodes.PUTFIELD, className, "ops", "[L" + OP + ";");
            init.visitInsn(Opcodes.RETURN);
            init.visitMaxs(0, 0);
            init.visitEnd();
            mv = cw.visitMethod(0, "run", "(L" + RUN + ";)V", null, new String[] {DEOPT});
            mv.visitCode();
            prologue();
            for (int pc = 0; pc < ops.length; pc++) {
                mv.visitLabel(at[pc]);
                if (leaders.contains(pc)) {
                    budget(pc);
                }
                instruction(pc);
            }
            mv.visitLabel(end);
            sync(ops.length);
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
            cw.visitEnd();
            return cw.toByteArray();
        }

        // ------------------------------------------------------------------ pieces

        private void prologue() {
            getRun("executed", "I");
            mv.visitVarInsn(Opcodes.ISTORE, EX);
            getRun("budget", "I");
            mv.visitVarInsn(Opcodes.ISTORE, BUDGET);
            mv.visitVarInsn(Opcodes.ALOAD, R);
            mv.visitFieldInsn(Opcodes.GETFIELD, RUN, "pkt", "Lorg/hsdba/pofswitch/datapath/Packet;");
            mv.visitFieldInsn(Opcodes.GETFIELD, "org/hsdba/pofswitch/datapath/Packet", "metadata", "[B");
            mv.visitVarInsn(Opcodes.ASTORE, MD);
            getRun("registers", "[J");
            mv.visitVarInsn(Opcodes.ASTORE, REGS);
            getRun("current", "L" + ENTRY + ";");
            mv.visitVarInsn(Opcodes.ASTORE, E);
            mv.visitVarInsn(Opcodes.ALOAD, E);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, ENTRY, "runtime", "()Lorg/hsdba/pofswitch/tables/EntryRuntime;",
                    false);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "org/hsdba/pofswitch/tables/EntryRuntime", "state", "()[J",
                    false);
            mv.visitVarInsn(Opcodes.ASTORE, ST);
            for (int slot : new int[] {X, Y, Z, V}) {
                mv.visitInsn(Opcodes.LCONST_0);
                mv.visitVarInsn(Opcodes.LSTORE, slot);
            }
            // entry-dependent operands, checked before anything changes (a failure: the interpreter from pc 0)
            params.forEach((word, slot) -> {
                mv.visitVarInsn(Opcodes.ALOAD, E);
                push(word);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, SELF, "param", "(L" + ENTRY + ";I)J", false);
                mv.visitVarInsn(Opcodes.LSTORE, slot);
            });
            addresses.forEach((key, slot) -> {
                mv.visitVarInsn(Opcodes.ALOAD, R);
                push((int) (key >>> 32));
                push((int) (long) key);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, OPS, "address", "(L" + RUN + ";II)I", false);
                mv.visitVarInsn(Opcodes.ISTORE, slot);
            });
        }

        /** Hands over at {@code leader} unless the budget covers the straight-line run from it. */
        private void budget(int leader) {
            Integer next = leaders.higher(leader);
            int n = (next == null ? ops.length : next) - leader;
            Label ok = new Label();
            mv.visitVarInsn(Opcodes.ILOAD, EX);
            push(n);
            mv.visitInsn(Opcodes.IADD);
            mv.visitVarInsn(Opcodes.ILOAD, BUDGET);
            mv.visitJumpInsn(Opcodes.IF_ICMPLE, ok);
            deopt(leader);
            mv.visitLabel(ok);
        }

        private void instruction(int pc) {
            FastOps.Op op = ops[pc];
            Instruction ins = source.get(pc);
            if (op instanceof FastOps.Alu) {
                alu(pc, (FastOps.Alu) op);
            } else if (op instanceof FastOps.Branch) {
                branch(pc, (FastOps.Branch) op);
            } else if (ins instanceof HxLookup && (op instanceof FastOps.Lookup || op instanceof FastOps.Interpret)) {
                // by table id, resolved when it runs: a table created after this class still counts
                HxLookup l = (HxLookup) ins;
                sync(pc);
                mv.visitVarInsn(Opcodes.ALOAD, R);
                push(l.nextTableId());
                push(l.packetOffset());
                push(l.join() ? 1 : 0);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, OPS, "lookupById", "(L" + RUN + ";IIZ)Z", false);
                mv.visitIincInsn(EX, 1);
                Label miss = new Label();
                mv.visitJumpInsn(Opcodes.IFEQ, miss);
                leave();
                mv.visitLabel(miss);
            } else if (ins instanceof GotoTable && (op instanceof FastOps.Goto || op instanceof FastOps.Interpret)) {
                GotoTable g = (GotoTable) ins;
                sync(pc);
                mv.visitVarInsn(Opcodes.ALOAD, R);
                push(g.nextTableId());
                push(g.packetOffset());
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, OPS, "gotoTable", "(L" + RUN + ";II)V", false);
                mv.visitIincInsn(EX, 1);
                leave();
            } else if (op instanceof FastOps.Actions) {
                sync(pc);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitFieldInsn(Opcodes.GETFIELD, className, "ops", "[L" + OP + ";");
                push(pc);
                mv.visitInsn(Opcodes.AALOAD);
                mv.visitVarInsn(Opcodes.ALOAD, R);
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, OP, "run", "(L" + RUN + ";)V", false);
                mv.visitIincInsn(EX, 1);
                Label goOn = new Label();
                getRun("done", "Z");
                mv.visitJumpInsn(Opcodes.IFEQ, goOn);
                leave();
                mv.visitLabel(goOn);
            } else if (op instanceof FastOps.Return) {
                mv.visitIincInsn(EX, 1);
                sync(pc);
                mv.visitVarInsn(Opcodes.ALOAD, R);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, SELF, "ret", "(L" + RUN + ";)V", false);
                mv.visitInsn(Opcodes.RETURN);
            } else {
                deopt(pc); // what the operations leave to the interpreter (a call in a block, an unknown instruction)
            }
        }

        private void alu(int pc, FastOps.Alu a) {
            checkPackets(pc, a.a, a.b, a.c, a.dst);
            read(a.a);
            mv.visitVarInsn(Opcodes.LSTORE, X);
            if (a.readB) {
                read(a.b);
                mv.visitVarInsn(Opcodes.LSTORE, Y);
            }
            if (a.readC) {
                read(a.c);
                mv.visitVarInsn(Opcodes.LSTORE, Z);
            }
            mv.visitVarInsn(Opcodes.LLOAD, X);
            aluCode(a.op).emit(this, a);
            mv.visitVarInsn(Opcodes.LSTORE, V);
            write(a.dst);
            mv.visitIincInsn(EX, 1);
        }

        private static AluCode aluCode(int op) {
            if (op < 0 || op >= ALU.length) {
                throw new IllegalArgumentException("ALU operation code " + op);
            }
            return ALU[op];
        }

        /** y from its local, then a static {@code (JJ)J} call: x on the stack becomes the result. */
        private void binary(String owner, String name) {
            mv.visitVarInsn(Opcodes.LLOAD, Y);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, owner, name, "(JJ)J", false);
        }

        /** y and z from their locals, then a static {@code (JJJ)J} call. */
        private void ternary(String owner, String name) {
            mv.visitVarInsn(Opcodes.LLOAD, Y);
            mv.visitVarInsn(Opcodes.LLOAD, Z);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, owner, name, "(JJJ)J", false);
        }

        /** y from its local, then one long instruction of two operands. */
        private void insn(int opcode) {
            mv.visitVarInsn(Opcodes.LLOAD, Y);
            mv.visitInsn(opcode);
        }

        private void branch(int pc, FastOps.Branch b) {
            checkPackets(pc, b.a, b.b);
            read(b.a);
            mv.visitVarInsn(Opcodes.LSTORE, X);
            read(b.b);
            mv.visitVarInsn(Opcodes.LSTORE, Y);
            mv.visitIincInsn(EX, 1);
            // unsigned comparison: flip the sign bits, compare signed
            mv.visitVarInsn(Opcodes.LLOAD, X);
            mv.visitLdcInsn(Long.MIN_VALUE);
            mv.visitInsn(Opcodes.LXOR);
            mv.visitVarInsn(Opcodes.LLOAD, Y);
            mv.visitLdcInsn(Long.MIN_VALUE);
            mv.visitInsn(Opcodes.LXOR);
            mv.visitInsn(Opcodes.LCMP);
            int jump;
            switch (b.cond) {
                case FastOps.Branch.EQ: jump = Opcodes.IFEQ; break;
                case FastOps.Branch.NE: jump = Opcodes.IFNE; break;
                case FastOps.Branch.LT: jump = Opcodes.IFLT; break;
                case FastOps.Branch.LE: jump = Opcodes.IFLE; break;
                case FastOps.Branch.GT: jump = Opcodes.IFGT; break;
                default: jump = Opcodes.IFGE; break;
            }
            mv.visitJumpInsn(jump, b.target < ops.length ? at[b.target] : end);
        }

        /** Packet-field operands are checked before the instruction reads anything (as the operations' precheck). */
        private void checkPackets(int pc, FastOps.Operand... operands) {
            boolean synced = false;
            for (FastOps.Operand o : operands) {
                if (o.kind != FastOps.Operand.PKT) {
                    continue;
                }
                if (!synced) {
                    sync(pc);
                    synced = true;
                }
                mv.visitVarInsn(Opcodes.ALOAD, R);
                push(o.x);
                push(o.y);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, OPS, "checkPacket", "(L" + RUN + ";II)V", false);
            }
        }

        /** Pushes an operand's value (a long). */
        private void read(FastOps.Operand o) {
            switch (o.kind) {
                case FastOps.Operand.IMM:
                    mv.visitLdcInsn(o.imm);
                    return;
                case FastOps.Operand.META_WORD:
                    mv.visitVarInsn(Opcodes.ALOAD, MD);
                    push(o.x);
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, SELF, "word", "([BI)J", false);
                    return;
                case FastOps.Operand.META:
                    mv.visitVarInsn(Opcodes.ALOAD, MD);
                    push(0);
                    push(o.x);
                    push(o.y);
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, BITS, "read", "([BIII)J", false);
                    return;
                case FastOps.Operand.PKT:
                    mv.visitVarInsn(Opcodes.ALOAD, R);
                    push(o.x);
                    push(o.y);
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, SELF, "readPacket", "(L" + RUN + ";II)J", false);
                    return;
                case FastOps.Operand.PARAM:
                    mv.visitVarInsn(Opcodes.LLOAD, params.get(o.x));
                    return;
                case FastOps.Operand.STATE:
                    mv.visitVarInsn(Opcodes.ALOAD, ST);
                    push(o.x);
                    mv.visitInsn(Opcodes.LALOAD);
                    return;
                case FastOps.Operand.REG:
                    mv.visitVarInsn(Opcodes.ALOAD, REGS);
                    push(o.x);
                    mv.visitInsn(Opcodes.LALOAD);
                    return;
                case FastOps.Operand.REG_INDEXED:
                    mv.visitVarInsn(Opcodes.ALOAD, REGS);
                    mv.visitVarInsn(Opcodes.ILOAD, addresses.get(((long) o.x << 32) | o.y));
                    mv.visitInsn(Opcodes.LALOAD);
                    return;
                case FastOps.Operand.TIME:
                    getRun("timeNs", "J");
                    return;
                case FastOps.Operand.RAND:
                    mv.visitVarInsn(Opcodes.ALOAD, R);
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, SELF, "random", "(L" + RUN + ";)J", false);
                    return;
                case FastOps.Operand.ENTRY_REACTIVATED:
                    mv.visitInsn(Opcodes.LCONST_0); // a reactivating call is left to the interpreter
                    return;
                case FastOps.Operand.ENTRY_LAST_HIT:
                    getRun("previousHit", "J");
                    return;
                case FastOps.Operand.ENTRY_INDEX:
                    mv.visitVarInsn(Opcodes.ALOAD, E);
                    mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, ENTRY, "index", "()J", false);
                    return;
                case FastOps.Operand.ENTRY_AGE:
                    mv.visitVarInsn(Opcodes.ALOAD, R);
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, SELF, "age", "(L" + RUN + ";)J", false);
                    return;
                case FastOps.Operand.ENTRY_TABLE:
                    mv.visitVarInsn(Opcodes.ALOAD, E);
                    mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, ENTRY, "tableGlobalId", "()I", false);
                    mv.visitInsn(Opcodes.I2L);
                    return;
                default:
                    throw new IllegalArgumentException("operand kind " + o.kind);
            }
        }

        /** Writes local V to a writable operand. */
        private void write(FastOps.Operand o) {
            switch (o.kind) {
                case FastOps.Operand.META_WORD:
                    mv.visitVarInsn(Opcodes.ALOAD, MD);
                    push(o.x);
                    mv.visitVarInsn(Opcodes.LLOAD, V);
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, SELF, "setWord", "([BIJ)V", false);
                    return;
                case FastOps.Operand.META:
                    mv.visitVarInsn(Opcodes.ALOAD, MD);
                    push(0);
                    push(o.x);
                    push(o.y);
                    mv.visitVarInsn(Opcodes.LLOAD, V);
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, BITS, "write", "([BIIIJ)V", false);
                    return;
                case FastOps.Operand.PKT:
                    mv.visitVarInsn(Opcodes.ALOAD, R);
                    push(o.x);
                    push(o.y);
                    mv.visitVarInsn(Opcodes.LLOAD, V);
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, SELF, "writePacket", "(L" + RUN + ";IIJ)V", false);
                    return;
                case FastOps.Operand.STATE:
                    mv.visitVarInsn(Opcodes.ALOAD, ST);
                    push(o.x);
                    mv.visitVarInsn(Opcodes.LLOAD, V);
                    mv.visitInsn(Opcodes.LASTORE);
                    return;
                case FastOps.Operand.REG:
                    mv.visitVarInsn(Opcodes.ALOAD, REGS);
                    push(o.x);
                    mv.visitVarInsn(Opcodes.LLOAD, V);
                    mv.visitInsn(Opcodes.LASTORE);
                    return;
                case FastOps.Operand.REG_INDEXED:
                    mv.visitVarInsn(Opcodes.ALOAD, REGS);
                    mv.visitVarInsn(Opcodes.ILOAD, addresses.get(((long) o.x << 32) | o.y));
                    mv.visitVarInsn(Opcodes.LLOAD, V);
                    mv.visitInsn(Opcodes.LASTORE);
                    return;
                case FastOps.Operand.ENTRY_AGE:
                    mv.visitVarInsn(Opcodes.ALOAD, R);
                    mv.visitVarInsn(Opcodes.LLOAD, V);
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, SELF, "setAge", "(L" + RUN + ";J)V", false);
                    return;
                default:
                    throw new IllegalArgumentException("write to operand kind " + o.kind);
            }
        }

        /** r.pc = pc; r.executed = ex: the state the interpreter resumes from. */
        private void sync(int pc) {
            mv.visitVarInsn(Opcodes.ALOAD, R);
            push(pc);
            mv.visitFieldInsn(Opcodes.PUTFIELD, RUN, "pc", "I");
            mv.visitVarInsn(Opcodes.ALOAD, R);
            mv.visitVarInsn(Opcodes.ILOAD, EX);
            mv.visitFieldInsn(Opcodes.PUTFIELD, RUN, "executed", "I");
        }

        /** Back to the run loop after a lookup or GOTO_TABLE entered an entry, or actions ended the packet. */
        private void leave() {
            mv.visitVarInsn(Opcodes.ALOAD, R);
            mv.visitVarInsn(Opcodes.ILOAD, EX);
            mv.visitFieldInsn(Opcodes.PUTFIELD, RUN, "executed", "I");
            mv.visitInsn(Opcodes.RETURN);
        }

        private void deopt(int pc) {
            sync(pc);
            mv.visitFieldInsn(Opcodes.GETSTATIC, OPS, "DEOPT", "L" + DEOPT + ";");
            mv.visitInsn(Opcodes.ATHROW);
        }

        private void getRun(String field, String desc) {
            mv.visitVarInsn(Opcodes.ALOAD, R);
            mv.visitFieldInsn(Opcodes.GETFIELD, RUN, field, desc);
        }

        private void push(int v) {
            if (v >= -1 && v <= 5) {
                mv.visitInsn(Opcodes.ICONST_0 + v);
            } else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
                mv.visitIntInsn(Opcodes.BIPUSH, v);
            } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
                mv.visitIntInsn(Opcodes.SIPUSH, v);
            } else {
                mv.visitLdcInsn(v);
            }
        }
    }
}
