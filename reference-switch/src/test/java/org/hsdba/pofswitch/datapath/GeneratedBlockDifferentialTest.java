package org.hsdba.pofswitch.datapath;

import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.hsdba.pof.action.DropAction;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.ext.HxAlu;
import org.hsdba.pof.ext.HxAluOp;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxBranch;
import org.hsdba.pof.ext.HxBranchCond;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxLookup;
import org.hsdba.pof.ext.HxOperand;
import org.hsdba.pof.ext.HxReturn;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.RawInstruction;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.TableMod;
import org.junit.Test;

/**
 * The generated block classes ({@link FastGen}) against the interpreter on random blocks that
 * reach every case the generator decides once instead of per instruction: every ALU operation and
 * branch condition over every operand domain (packet fields beyond short packets, metadata bit
 * fields and words, PARAM words an entry lacks, indexed registers outside the file, RAND, ENTRY
 * words), backward loops that exceed a small instruction budget, lookups inside blocks and every
 * way a block ends. Every packet's result and, periodically, the whole state must be identical.
 */
public class GeneratedBlockDifferentialTest {
    private static final double SCALE = Double.parseDouble(System.getProperty("hsdba.diff.scale", "1"));
    private static final Match KEY = Match.of(0, 14 * 8, 8);
    private static final int REGISTERS = 64;
    private static final int ENTRIES = 12;

    @Test
    public void randomBlocksAgree() throws Exception {
        int programs = 8;
        int packets = (int) (40_000 * SCALE);
        long handedOver = 0;
        for (int p = 0; p < programs; p++) {
            Random rnd = new Random(500 + p);
            Datapath interp = extensionSwitch(false);
            Datapath fast = extensionSwitch(true);
            install(interp, new Random(900 + p));
            install(fast, new Random(900 + p));
            long t = 0;
            for (int i = 0; i < packets; i++) {
                t += rnd.nextInt(10) == 0 ? rnd.nextInt(50_000_000) : rnd.nextInt(5_000);
                byte[] frame = new byte[rnd.nextInt(8) == 0 ? 15 + rnd.nextInt(10) : 40 + rnd.nextInt(200)];
                rnd.nextBytes(frame);
                frame[14] = (byte) rnd.nextInt(ENTRIES + 1);
                ProcessResult a = interp.process(frame, 1, t);
                ProcessResult b = fast.process(frame, 1, t);
                String d = DatapathComparison.difference(a, b);
                if (d != null) {
                    fail("program " + p + " packet " + i + ": " + d);
                }
                if (i % 5_000 == 0) {
                    assertNull("program " + p + " packet " + i, DatapathComparison.stateDifference(interp, fast));
                }
            }
            assertNull("program " + p + " at the end", DatapathComparison.stateDifference(interp, fast));
            handedOver += fast.fastPathHandOvers();
        }
        // the generated code must both finish packets and hand some over (budget, bad params, packet bits)
        assertTrue(handedOver + " hand-overs", handedOver > 0 && handedOver < (long) programs * packets);
    }

    private static Datapath extensionSwitch(boolean fastPath) {
        Datapath dp = new Datapath(DatapathConfig.builder().rngSeed(11).fastPath(fastPath).registerWords(REGISTERS)
                .instructionBudget(120).build());
        dp.enableAllPorts();
        return dp;
    }

    /** MM#0 keyed by packet byte 14; entry i calls one of 3 random blocks with its own params. */
    private static void install(Datapath dp, Random rnd) throws Exception {
        dp.tableMod(TableMod.builder().xid(1).command(0).table(0, 0).size(64).keyLengthBits(8).name("t").match(KEY)
                .build());
        long xid = 10;
        for (int block = 0; block < 3; block++) {
            for (HxBlockMod m : messages(xid, block, randomBlock(rnd))) {
                dp.blockMod(m);
            }
            xid += 10;
        }
        for (int i = 0; i < ENTRIES; i++) {
            long[] params = new long[rnd.nextInt(5) == 0 ? rnd.nextInt(3) : 4];
            for (int w = 0; w < params.length; w++) {
                params[w] = rnd.nextInt(10) == 0 ? REGISTERS + rnd.nextInt(4) : rnd.nextInt(REGISTERS / 2);
            }
            List<Instruction> ins = new ArrayList<>();
            ins.add(new HxCallBlock(i % 3, rnd.nextInt(3) == 0 ? 20 : 0, HxCallBlock.words(params)));
            if (rnd.nextBoolean()) {
                ins.add(ApplyActions.of(OutputAction.toPort(2)));
            }
            dp.flowMod(FlowMod.builder().xid(xid++).command(0).table(0, 0).index(i).priority(1)
                    .match(MatchX.exact(KEY, i)).instructions(ins).build());
        }
    }

    private static List<Instruction> randomBlock(Random rnd) {
        int n = 6 + rnd.nextInt(20);
        List<Instruction> out = new ArrayList<>();
        for (int pc = 0; pc < n; pc++) {
            int kind = rnd.nextInt(20);
            if (kind < 12) {
                HxAluOp op = HxAluOp.values()[rnd.nextInt(HxAluOp.values().length)];
                out.add(new HxAlu(op, target(rnd), operand(rnd), operand(rnd), operand(rnd)));
            } else if (kind < 17) {
                HxBranchCond cond = HxBranchCond.values()[rnd.nextInt(HxBranchCond.values().length)];
                boolean back = pc > 0 && rnd.nextInt(4) == 0;
                long count = back ? 1 + rnd.nextInt(pc) : 1 + rnd.nextInt(n - pc);
                out.add(back ? HxBranch.backward(cond, count, operand(rnd), operand(rnd))
                        : HxBranch.forward(cond, count, operand(rnd), operand(rnd)));
            } else if (kind == 17) {
                out.add(new HxLookup(0, false, rnd.nextInt(3), 0x80, 0));
            } else if (kind == 18) {
                out.add(rnd.nextBoolean() ? ApplyActions.of(OutputAction.toPort(2)) : ApplyActions.of(DropAction.of(7)));
            } else {
                out.add(HxReturn.INSTANCE);
            }
        }
        return out;
    }

    private static HxOperand operand(Random rnd) {
        switch (rnd.nextInt(12)) {
            case 0: return HxOperand.imm(rnd.nextInt(4) == 0 ? rnd.nextLong() : rnd.nextInt(1 << 20));
            case 1: return HxOperand.meta(rnd.nextInt(16) * 64, 64);
            case 2: return HxOperand.meta(rnd.nextInt(900), 1 + rnd.nextInt(64));
            case 3: return HxOperand.pkt(rnd.nextInt(300 * 8), 1 + rnd.nextInt(64));
            case 4: return HxOperand.param(rnd.nextInt(4));
            case 5: return HxOperand.state(rnd.nextInt(4));
            case 6: return HxOperand.reg(rnd.nextInt(REGISTERS));
            case 7: return HxOperand.reg(rnd.nextInt(8), rnd.nextInt(4));
            case 8: return HxOperand.time();
            case 9: return HxOperand.rand();
            case 10: return HxOperand.entry(rnd.nextInt(5));
            default: return HxOperand.imm(rnd.nextInt(3));
        }
    }

    private static HxOperand target(Random rnd) {
        switch (rnd.nextInt(7)) {
            case 0: return HxOperand.meta(rnd.nextInt(16) * 64, 64);
            case 1: return HxOperand.meta(rnd.nextInt(900), 1 + rnd.nextInt(64));
            case 2: return HxOperand.pkt(rnd.nextInt(100 * 8), 1 + rnd.nextInt(64));
            case 3: return HxOperand.state(rnd.nextInt(4));
            case 4: return HxOperand.reg(rnd.nextInt(REGISTERS));
            case 5: return HxOperand.reg(rnd.nextInt(8), rnd.nextInt(4));
            default: return HxOperand.entry(HxOperand.ENTRY_AGE_NS);
        }
    }

    /** HX_BLOCK_MOD messages (ADD, APPEND..., the last FINAL) within the 2560-byte message limit. */
    private static List<HxBlockMod> messages(long xid, int blockId, List<Instruction> instructions) {
        List<HxBlockMod> out = new ArrayList<>();
        List<RawInstruction> chunk = new ArrayList<>();
        int bytes = HxBlockMod.HEADER_LENGTH + 8;
        for (Instruction ins : instructions) {
            RawInstruction raw = ExtCodec.compact(ins);
            if (bytes + raw.len() > 2560) {
                out.add(out.isEmpty() ? HxBlockMod.add(xid, blockId, HxTypes.NONE_16, false, chunk)
                        : HxBlockMod.append(xid + out.size(), blockId, false, chunk));
                chunk = new ArrayList<>();
                bytes = HxBlockMod.HEADER_LENGTH + 8;
            }
            chunk.add(raw);
            bytes += raw.len();
        }
        out.add(out.isEmpty() ? HxBlockMod.add(xid, blockId, HxTypes.NONE_16, true, chunk)
                : HxBlockMod.append(xid + out.size(), blockId, true, chunk));
        return out;
    }
}
