package org.hsdba.pofswitch.datapath;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.hsdba.pof.action.Action;
import org.hsdba.pof.action.ActionType;
import org.hsdba.pof.action.CounterAction;
import org.hsdba.pof.action.DropAction;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.ext.HxAlu;
import org.hsdba.pof.ext.HxAluOp;
import org.hsdba.pof.ext.HxBranch;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxLookup;
import org.hsdba.pof.ext.HxOperand;
import org.hsdba.pof.ext.HxReturn;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.InstructionType;
import org.hsdba.pofswitch.tables.FastTable;
import org.hsdba.pofswitch.tables.FlowEntry;
import org.hsdba.pofswitch.tables.FlowTable;

/**
 * A switch's installed program compiled for the fast path: every table as a {@link FastTable},
 * every entry's instructions and every block's as arrays of {@link FastOps.Op} with fields,
 * tables, blocks and jump targets resolved. Built from the datapath's tables and blocks as they
 * are; the datapath builds a new one after a TABLE_MOD, block change or HELLO (the program's
 * shape), and brings it up to date entry by entry after a FLOW_MOD ({@link #added},
 * {@link #removed}): an entry's operations depend on the tables that exist, the blocks and the
 * configuration, never on the other entries, and {@link FastTable}s change in place. What
 * the compiler does not know (or what always fails) becomes {@link FastOps.Interpret}: the packet
 * goes on in the interpreter from there.
 */
final class FastProgram {
    /** One instruction list: the compiled operations, index for index with the source. */
    static final class Code {
        final FastOps.Op[] ops;
        final List<Instruction> source;
        /** The block as a generated class ({@link FastGen}), or null: run as operations. */
        final FastGen.Block generated;

        Code(FastOps.Op[] ops, List<Instruction> source, FastGen.Block generated) {
            this.ops = ops;
            this.source = source;
            this.generated = generated;
        }
    }

    private final FastTable[] tables;
    /** By global table id and slot; null for a free slot. Grown with the table's slots. */
    private final Code[][] programs;
    /** Compiles the entries added later, against the same tables and blocks. */
    private final Compiler compiler;

    private FastProgram(FastTable[] tables, Code[][] programs, Compiler compiler) {
        this.tables = tables;
        this.programs = programs;
        this.compiler = compiler;
    }

    /**
     * {@code entry} was just added to its table (exclusive lock held): it gets a slot in the
     * table's {@link FastTable} and its compiled operations.
     */
    void added(FlowEntry entry) {
        int g = entry.tableGlobalId();
        FastTable t = tables[g];
        int slot = t.add(entry);
        if (slot >= programs[g].length) {
            programs[g] = java.util.Arrays.copyOf(programs[g], Math.max(4, Math.max(slot + 1, programs[g].length * 2)));
        }
        programs[g][slot] = compiler.code(entry.program(), false);
    }

    /** {@code entry} was just removed from its table (exclusive lock held). */
    void removed(FlowEntry entry) {
        int g = entry.tableGlobalId();
        int slot = tables[g].remove(entry);
        if (slot >= 0) {
            programs[g][slot] = null;
        }
    }

    /** The table with a global id, or null. */
    FastTable table(int globalId) {
        return globalId >= 0 && globalId < tables.length ? tables[globalId] : null;
    }

    /** The program of the entry in {@code slot} of a table. */
    Code program(int globalId, int slot) {
        return programs[globalId][slot];
    }

    /** Counts, for tests and the benchmark: operations the fast path runs vs leaves to the interpreter. */
    int[] coverage() {
        int fast = 0;
        int interpreted = 0;
        for (Code[] table : programs) {
            if (table == null) {
                continue;
            }
            for (Code c : table) {
                if (c == null) {
                    continue;
                }
                for (FastOps.Op op : c.ops) {
                    if (op instanceof FastOps.Interpret) {
                        interpreted++;
                    } else {
                        fast++;
                    }
                }
            }
        }
        return new int[] {fast, interpreted};
    }

    // ------------------------------------------------------------------ the compiler

    static FastProgram compile(Datapath dp) {
        return new Compiler(dp).build();
    }

    private static final class Compiler {
        private final Datapath dp;
        private final DatapathConfig config;
        private final FastTable[] tables;
        private final Map<Integer, Code> blocks = new HashMap<>();

        Compiler(Datapath dp) {
            this.dp = dp;
            this.config = dp.config();
            this.tables = new FastTable[dp.tables().ids().total()];
            for (FlowTable t : dp.tables().all()) {
                tables[t.spec().globalId()] = FastTable.of(t);
            }
        }

        FastProgram build() {
            Map<Integer, HxState.Block> installed = dp.hx().blocks;
            Map<List<Instruction>, FastGen.Block> generated = dp.generatedBlocks();
            Map<List<Instruction>, FastGen.Block> kept = new IdentityHashMap<>();
            installed.forEach((id, block) -> {
                Code c = code(block.instructions, true);
                FastGen.Block g = null;
                if (FastGen.ENABLED) {
                    // a block's class depends on the block and the configuration only: kept while installed
                    g = generated.get(block.instructions);
                    if (g == null) {
                        g = FastGen.generate(c.ops, block.instructions);
                    }
                    kept.put(block.instructions, g);
                }
                blocks.put(id, new Code(c.ops, c.source, g));
            });
            generated.keySet().retainAll(kept.keySet());
            generated.putAll(kept);
            Code[][] programs = new Code[tables.length][];
            for (int g = 0; g < tables.length; g++) {
                FastTable t = tables[g];
                if (t == null) {
                    continue;
                }
                programs[g] = new Code[Math.max(4, t.slots())];
                for (int s = 0; s < t.slots(); s++) {
                    programs[g][s] = code(t.entry(s).program(), false);
                }
            }
            return new FastProgram(tables, programs, this);
        }

        private Code code(List<Instruction> list, boolean block) {
            FastOps.Op[] ops = new FastOps.Op[list.size()];
            for (int pc = 0; pc < ops.length; pc++) {
                ops[pc] = op(list.get(pc), pc, list.size(), block);
            }
            return new Code(ops, list, null);
        }

        private FastOps.Op op(Instruction ins, int pc, int size, boolean block) {
            try {
                if (ins.type() == InstructionType.GOTO_TABLE && ins instanceof GotoTable) {
                    GotoTable g = (GotoTable) ins;
                    return existing(g.nextTableId()) ? new FastOps.Goto(g.nextTableId(), (short) g.packetOffset())
                            : interpret("GOTO_TABLE to a missing table");
                }
                if (ins.type() == InstructionType.APPLY_ACTIONS && ins instanceof ApplyActions) {
                    return actions(((ApplyActions) ins).actions());
                }
                if (!config.extensionEnabled() || !HxTypes.isHxInstruction(ins.type())) {
                    return interpret("instruction type " + ins.type());
                }
                if (ins instanceof HxAlu) {
                    return alu((HxAlu) ins, block);
                }
                if (ins instanceof HxBranch) {
                    return branch((HxBranch) ins, pc, size, block);
                }
                if (ins instanceof HxCallBlock) {
                    Code target = blocks.get(((HxCallBlock) ins).blockId());
                    return target == null ? interpret("call of a missing block")
                            : new FastOps.Call(target, ((HxCallBlock) ins).idleTimeoutMs());
                }
                if (ins instanceof HxLookup) {
                    HxLookup l = (HxLookup) ins;
                    FastTable t = l.nextTableId() < tables.length ? tables[l.nextTableId()] : null;
                    return t == null || t.spec().type() == 3 ? interpret("HX_LOOKUP to a missing or DT table")
                            : new FastOps.Lookup(t, (short) l.packetOffset(), l.join());
                }
                if (ins instanceof HxReturn) {
                    return new FastOps.Return();
                }
                return interpret("HX instruction type " + ins.type());
            } catch (Unsupported e) {
                return interpret(e.getMessage());
            }
        }

        private boolean existing(int globalId) {
            return globalId < tables.length && tables[globalId] != null;
        }

        private FastOps.Op actions(List<Action> actions) throws Unsupported {
            List<Object> out = new ArrayList<>();
            for (Action a : actions) {
                switch (a.type()) {
                    case ActionType.OUTPUT: {
                        if (!(a instanceof OutputAction)) {
                            throw new Unsupported("OUTPUT of class " + a.getClass().getSimpleName());
                        }
                        OutputAction o = (OutputAction) a;
                        int mdBytes = (o.metadataLengthBits() + 7) / 8;
                        if ((o.metadataLengthBits() + o.metadataOffsetBits() + 7) / 8 > Packet.METADATA_BYTES
                                || o.port().isField()) {
                            throw new Unsupported("OUTPUT with a field port or metadata beyond its size");
                        }
                        long port = o.port().value();
                        if ((port >>> 16) != 0 || (port & 0xFFFF) == 255 || !dp.portExists((int) (port & 0xFFFF))) {
                            throw new Unsupported("OUTPUT to slot/port " + port);
                        }
                        out.add(new FastOps.Output((int) port, o.metadataOffsetBits(), mdBytes, o.packetOffset()));
                        break;
                    }
                    case ActionType.DROP:
                        if (!(a instanceof DropAction)) {
                            throw new Unsupported("DROP of class " + a.getClass().getSimpleName());
                        }
                        out.add(new FastOps.Drop(((DropAction) a).reasonCode()));
                        break;
                    case ActionType.COUNTER: {
                        if (!(a instanceof CounterAction)) {
                            throw new Unsupported("COUNTER of class " + a.getClass().getSimpleName());
                        }
                        long id = ((CounterAction) a).counterId();
                        if (id >= config.counterCount()) {
                            throw new Unsupported("COUNTER " + id + " beyond the counters");
                        }
                        if (id != 0) {
                            out.add(new FastOps.Count(id));
                        }
                        break;
                    }
                    default:
                        throw new Unsupported("action type " + a.type());
                }
            }
            return new FastOps.Actions(out.toArray());
        }

        private FastOps.Op alu(HxAlu alu, boolean block) throws Unsupported {
            HxAluOp op = alu.op();
            int code;
            switch (op) {
                case MOV: code = FastOps.Alu.MOV; break;
                case ADD: code = FastOps.Alu.ADD; break;
                case SUB: code = FastOps.Alu.SUB; break;
                case MUL: code = FastOps.Alu.MUL; break;
                case DIV: code = FastOps.Alu.DIV; break;
                case MOD: code = FastOps.Alu.MOD; break;
                case MIN: code = FastOps.Alu.MIN; break;
                case MAX: code = FastOps.Alu.MAX; break;
                case SHL: code = FastOps.Alu.SHL; break;
                case SHR: code = FastOps.Alu.SHR; break;
                case AND: code = FastOps.Alu.AND; break;
                case OR: code = FastOps.Alu.OR; break;
                case XOR: code = FastOps.Alu.XOR; break;
                case MULDIV: code = FastOps.Alu.MULDIV; break;
                case EXPNEG: code = FastOps.Alu.EXPNEG; break;
                case SELECT: code = FastOps.Alu.SELECT; break;
                default: throw new Unsupported("ALU operation " + op);
            }
            FastOps.Operand a = operand(alu.a(), block);
            FastOps.Operand b = operand(alu.b(), block);
            FastOps.Operand c = operand(alu.c(), block);
            FastOps.Operand dst = target(alu.dst(), block);
            boolean effect = a.sideEffect() || b.sideEffect() || c.sideEffect();
            boolean fallible = a.fallible() || b.fallible() || c.fallible() || dst.fallible();
            return new FastOps.Alu(code, dst, a, b, c, effect && fallible);
        }

        private FastOps.Op branch(HxBranch br, int pc, int size, boolean block) throws Unsupported {
            long target = br.backward() ? pc - br.count() : pc + br.count();
            if (target < 0 || target > size) {
                throw new Unsupported("HX_BRANCH outside its list");
            }
            int cond;
            switch (br.cond()) {
                case EQ: cond = FastOps.Branch.EQ; break;
                case NE: cond = FastOps.Branch.NE; break;
                case LT: cond = FastOps.Branch.LT; break;
                case LE: cond = FastOps.Branch.LE; break;
                case GT: cond = FastOps.Branch.GT; break;
                case GE: cond = FastOps.Branch.GE; break;
                default: throw new Unsupported("branch condition " + br.cond());
            }
            FastOps.Operand a = operand(br.a(), block);
            FastOps.Operand b = operand(br.b(), block);
            boolean precheck = (a.sideEffect() || b.sideEffect()) && (a.fallible() || b.fallible());
            return new FastOps.Branch(cond, a, b, (int) target, precheck);
        }

        /** An operand's reader; Unsupported where the interpreter always fails (or the domain is new). */
        private FastOps.Operand operand(HxOperand o, boolean block) throws Unsupported {
            switch (o.domain()) {
                case IMM:
                    return opd(FastOps.Operand.IMM, 0, 0, o.imm());
                case META:
                    checkMetadata(o);
                    return opd(FastOps.Operand.META, o.offset(), o.len(), 0);
                case PKT:
                    return opd(FastOps.Operand.PKT, o.offset(), o.len(), 0);
                case PARAM:
                    if (!block) {
                        throw new Unsupported("PARAM outside a block");
                    }
                    return opd(FastOps.Operand.PARAM, o.offset(), 0, 0);
                case STATE:
                    checkState(o);
                    return opd(FastOps.Operand.STATE, o.offset(), 0, 0);
                case REG:
                    return register(o, block) ? opd(FastOps.Operand.REG_INDEXED, o.offset(), o.indexParam(), 0)
                            : opd(FastOps.Operand.REG, o.offset(), 0, 0);
                case TIME:
                    return opd(FastOps.Operand.TIME, 0, 0, 0);
                case RAND:
                    return opd(FastOps.Operand.RAND, 0, 0, 0);
                case ENTRY:
                    switch (o.offset()) {
                        case 0: return opd(FastOps.Operand.ENTRY_REACTIVATED, 0, 0, 0);
                        case 1: return opd(FastOps.Operand.ENTRY_LAST_HIT, 0, 0, 0);
                        case 2: return opd(FastOps.Operand.ENTRY_INDEX, 0, 0, 0);
                        case 3: return opd(FastOps.Operand.ENTRY_TABLE, 0, 0, 0);
                        case HxOperand.ENTRY_AGE_NS: return opd(FastOps.Operand.ENTRY_AGE, 0, 0, 0);
                        default: throw new Unsupported("ENTRY word " + o.offset());
                    }
                default:
                    throw new Unsupported("operand domain " + o.domain());
            }
        }

        private FastOps.Operand target(HxOperand o, boolean block) throws Unsupported {
            switch (o.domain()) {
                case META:
                case PKT:
                case STATE:
                case REG:
                    return operand(o, block);
                case ENTRY:
                    if (o.offset() == HxOperand.ENTRY_AGE_NS) {
                        return operand(o, block);
                    }
                    throw new Unsupported("write to ENTRY word " + o.offset());
                default:
                    throw new Unsupported("write to " + o.domain());
            }
        }

        private static FastOps.Operand opd(int kind, int x, int y, long imm) {
            return new FastOps.Operand(kind, x, y, imm);
        }

        private static void checkMetadata(HxOperand o) throws Unsupported {
            if (o.offset() + o.len() > Packet.METADATA_BITS) {
                throw new Unsupported("metadata operand beyond 1024 bits");
            }
        }

        private void checkState(HxOperand o) throws Unsupported {
            if (o.offset() >= config.stateWords()) {
                throw new Unsupported("state word " + o.offset());
            }
        }

        /** True for an indexed register (checked per packet), false for a fixed one in range. */
        private boolean register(HxOperand o, boolean block) throws Unsupported {
            if (o.hasIndex()) {
                if (!block) {
                    throw new Unsupported("indexed register outside a block");
                }
                return true;
            }
            if (o.offset() >= dp.hx().registers.length) {
                throw new Unsupported("register " + o.offset() + " outside the file");
            }
            return false;
        }

        private static FastOps.Op interpret(String why) {
            return new FastOps.Interpret(why);
        }
    }

    /** A construct the fast path leaves to the interpreter. */
    private static final class Unsupported extends Exception {
        private static final long serialVersionUID = 1L;

        Unsupported(String why) {
            super(why, null, false, false);
        }
    }
}
