package org.hsdba.interop;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.ext.HxAlu;
import org.hsdba.pof.ext.HxAluOp;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxBranch;
import org.hsdba.pof.ext.HxBranchCond;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxEntryRecord;
import org.hsdba.pof.ext.HxFeaturesReply;
import org.hsdba.pof.ext.HxOperand;
import org.hsdba.pof.ext.HxReadReply;
import org.hsdba.pof.ext.HxReadRequest;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.ext.HxReturn;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.RawInstruction;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.match.Operand;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.datapath.ProcessResult;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;

/**
 * One specification, two implementations: random HX programs (every HX_ALU op over IMM, META,
 * PKT, PARAM, STATE, REG with a PARAM index, RAND and ENTRY operands, forward HX_BRANCHes on every
 * condition) installed on the patched real POFSwitch (pofswitch-hx, in C) over the control channel
 * and on the reference switch's {@link Datapath} (Java), the same frames through both (real frames
 * on the POFSwitch's port), then every register, the entry's state words, its activity and its
 * passed/dropped counters read back with HX_READ_REQUEST from both: they must be identical, bit for
 * bit. The random stream is compared too (same seed: the one the POFSwitch declares). TIME and the
 * previous hit time are left out: the two switches' clocks differ.
 *
 * <p>Aging and idle expiry (sections 8, 8.1) are covered too: each block ends its packet part by
 * writing ENTRY word 4 (AGE_NS) and has a random deactivation hook (no PKT operands), and the
 * frames come in bursts separated by silences far longer than AGE_NS (the entry ages: hook, then
 * ENTRY[0] = 2 at the next packet) and, at the end, longer than the idle timeout where the program
 * has one (IDLE without a second hook). Gaps and AGE_NS are hundreds of milliseconds apart, so the
 * real switch's scheduling jitter cannot move an expiry across a packet. Figures in
 * target/pofswitch-hx-agreement.txt.
 */
public class HxSwitchAgreementTest {

    private static final int PROGRAMS = 6;
    private static final int INSTRUCTIONS = 48;
    private static final int FRAMES = 120;
    private static final int BURSTS = 4;
    private static final int HOOK_INSTRUCTIONS = 12;
    /** The aging gap the programs write (ENTRY word 4), far above the 4 ms between a burst's frames. */
    private static final long AGE_NS = 400_000_000L;
    /** Silence between bursts: well beyond AGE_NS, well below the idle timeout. */
    private static final long GAP_MS = 1_200;
    private static final long IDLE_TIMEOUT_MS = 3_000;
    /** Silence after the last burst before the read: beyond the idle timeout. */
    private static final long END_MS = 3_400;
    private static final long FRAME_NS = 4_000_000L;
    private static final int REGISTERS = 255;
    private static final Match ETHER = Match.of(0, 96, 16);
    private static final HsdbaParameters PARAMS = HsdbaParameters.builder().pollingPeriod(Duration.ofMillis(500)).build();
    /** Sends the hex frames of a file, one a line, paced, from a host's eth0. */
    private static final String SENDER = "import socket,sys,time\n"
            + "s=socket.socket(socket.AF_PACKET,socket.SOCK_RAW)\ns.bind(('eth0',0))\n"
            + "for line in open(sys.argv[1]):\n    s.send(bytes.fromhex(line.strip()))\n    time.sleep(0.004)\n";

    @ClassRule
    @Rule
    public static final RealSwitchRule RIGS = RealSwitchRule.hx();

    private RealSwitchRig rig;

    @Test
    public void randomProgramsGiveTheSameStateOnThePatchedPofSwitchAndTheReferenceSwitch() throws Exception {
        rig = RIGS.start(PARAMS);
        HxFeaturesReply f = rig.session.extensionFeatures().orElseThrow();
        StringBuilder report = new StringBuilder();
        long compared = 0;
        // one reference switch for the whole run, fed exactly what the POFSwitch is sent, so both
        // random streams are drawn in the same order
        Datapath ref = new Datapath(DatapathConfig.builder().extensionEnabled(true).rngSeed(f.rngSeed()).build());
        ref.enableAllPorts();
        long t = 0;
        for (int p = 0; p < PROGRAMS; p++) {
            Random rnd = new Random(1000 + p);
            List<PofMessage> messages = new ArrayList<>();
            if (p > 0) {
                messages.add(FlowMod.builder().xid(40).command(3).table(0, 0).index(0).priority(1)
                        .matches(List.of(MatchX.masked(ETHER, 0, 0))).build());
                messages.add(TableMod.builder().xid(41).command(2).table(0, 0).size(16).keyLengthBits(16)
                        .name("agree").matches(List.of(ETHER)).build());
            }
            // programs 0, 3: aging and idle; 1, 4: aging only; 2, 5: idle only (hook at the idle expiry)
            boolean ages = p % 3 != 2;
            long idleMs = p % 3 == 1 ? 0 : IDLE_TIMEOUT_MS;
            messages.addAll(program(rnd, p, rig.egress, ages ? AGE_NS : 0, idleMs));
            messages.add(HxRegisterMod.zero(42, 0, REGISTERS));
            messages.add(registers(rnd));
            rig.session.send(messages).get(30, TimeUnit.SECONDS);
            for (PofMessage m : messages) {
                apply(ref, m);
            }
            List<byte[]> frames = frames(rnd);
            int per = FRAMES / BURSTS;
            for (int b = 0; b < BURSTS; b++) {
                List<byte[]> burst = frames.subList(b * per, (b + 1) * per);
                for (byte[] frame : burst) {
                    ProcessResult r = ref.process(frame, rig.ingress, t += FRAME_NS);
                    assertTrue("reference: " + r, r.error() == null);
                }
                send(burst);
                long silenceMs = b == BURSTS - 1 ? END_MS : GAP_MS;
                t += silenceMs * 1_000_000L;
                Thread.sleep(silenceMs);
            }
            // the POFSwitch runs due expiries when it is read, the reference when its time advances
            ref.advanceTime(t);
            HxEntryRecord sw = awaitCounted(rig.session.globalTableId(0, 0), FRAMES);
            HxEntryRecord expected = ref.entryRecord(0, 0);
            assertEquals("program " + p + ": ERRORs from the POFSwitch", List.of(), rig.controller.errors);
            assertEquals("program " + p + ": active", expected.active(), sw.active());
            assertEquals("program " + p + ": passed packets", expected.passedPackets(), sw.passedPackets());
            assertEquals("program " + p + ": passed bytes", expected.passedBytes(), sw.passedBytes());
            assertEquals("program " + p + ": dropped packets", expected.droppedPackets(), sw.droppedPackets());
            assertEquals("program " + p + ": dropped bytes", expected.droppedBytes(), sw.droppedBytes());
            assertEquals("program " + p + ": state words", Arrays.toString(expected.state()), Arrays.toString(sw.state()));
            long[] swRegs = readRegisters();
            long[] refRegs = new long[REGISTERS];
            for (int i = 0; i < REGISTERS; i++) {
                refRegs[i] = ref.register(i);
            }
            assertEquals("program " + p + ": registers 0.." + (REGISTERS - 1), Arrays.toString(refRegs),
                    Arrays.toString(swRegs));
            compared += REGISTERS + expected.state().length + 5;
            report.append(String.format("program %d: %d+%d hook instructions, AGE_NS %d, idle %d ms, %d frames in %d"
                    + " bursts, %d passed, %d dropped, active %b, state %s%n", p, INSTRUCTIONS, HOOK_INSTRUCTIONS,
                    ages ? AGE_NS : 0, idleMs, FRAMES, BURSTS, sw.passedPackets(), sw.droppedPackets(), sw.active(),
                    Arrays.toString(sw.state())));
        }
        report.append(String.format("%d programs x %d frames: %d words compared, 0 differences%n", PROGRAMS, FRAMES,
                compared));
        System.out.print(report);
        Files.writeString(PofSwitchBuild.repoRoot().resolve("target/pofswitch-hx-agreement.txt"), report.toString());
    }

    // ------------------------------------------------------------------ programs and frames

    /** A random source operand; a hook has no packet, so none of its operands is PKT. */
    private static HxOperand source(Random rnd, boolean hook) {
        int kind = rnd.nextInt(9);
        if (hook && kind == 2) {
            kind = 4;
        }
        switch (kind) {
            case 0: return HxOperand.imm(edge(rnd));
            case 1: {
                int len = 1 + rnd.nextInt(64);
                return HxOperand.meta(rnd.nextInt(1024 - len), len);
            }
            case 2: {
                int len = 1 + rnd.nextInt(64);
                return HxOperand.pkt(rnd.nextInt(60 * 8 - len), len); // every frame has at least 60 bytes
            }
            case 3: return HxOperand.param(rnd.nextInt(8));
            case 4: return HxOperand.state(rnd.nextInt(8));
            case 5: return HxOperand.reg(rnd.nextInt(64), rnd.nextInt(2)); // params 0, 1 hold small bases
            case 6: return HxOperand.rand();
            case 7: return HxOperand.entry(new int[] {0, 2, HxOperand.ENTRY_AGE_NS}[rnd.nextInt(3)]);
            default: return HxOperand.reg(rnd.nextInt(REGISTERS));
        }
    }

    private static HxOperand destination(Random rnd) {
        switch (rnd.nextInt(4)) {
            case 0: {
                int len = 1 + rnd.nextInt(64);
                return HxOperand.meta(16 + rnd.nextInt(1024 - 16 - len), len); // keep the length field
            }
            case 1: return HxOperand.state(rnd.nextInt(8));
            case 2: return HxOperand.reg(rnd.nextInt(64), rnd.nextInt(2));
            default: return HxOperand.reg(rnd.nextInt(REGISTERS));
        }
    }

    private static long edge(Random rnd) {
        long[] edges = {0, 1, 2, 63, 64, 1L << 32, (1L << 32) - 1, -1L, Long.MIN_VALUE, 1_000_000_000L};
        return rnd.nextInt(3) == 0 ? edges[rnd.nextInt(edges.length)] : rnd.nextLong() >>> rnd.nextInt(64);
    }

    /**
     * {@code n} random HX_ALUs and forward HX_BRANCHes. In the packet part a branch may skip the
     * OUTPUT that follows (landing on HX_RETURN: the frame is dropped); in the hook, which ends the
     * block, it may land one past the end.
     */
    private static void randomInstructions(Random rnd, int n, boolean hook, List<Instruction> out) {
        HxAluOp[] ops = HxAluOp.values();
        HxBranchCond[] conds = HxBranchCond.values();
        for (int i = 0; i < n; i++) {
            if (rnd.nextInt(6) == 0) {
                int count = 1 + rnd.nextInt(Math.min(4, (hook ? n : n + 1) - i));
                out.add(HxBranch.forward(conds[rnd.nextInt(conds.length)], count, source(rnd, hook),
                        source(rnd, hook)));
            } else {
                out.add(new HxAlu(ops[rnd.nextInt(ops.length)], destination(rnd), source(rnd, hook),
                        source(rnd, hook), source(rnd, hook)));
            }
        }
    }

    /**
     * Block {@code block}: AGE_NS := {@code ageNs} (a fixed value, so both switches age at the same
     * frame), the random packet part, OUTPUT, HX_RETURN, then the random deactivation hook.
     */
    private static List<PofMessage> program(Random rnd, int block, int egress, long ageNs, long idleMs) {
        List<Instruction> body = new ArrayList<>();
        body.add(new HxAlu(HxAluOp.MOV, HxOperand.entry(HxOperand.ENTRY_AGE_NS), HxOperand.imm(ageNs),
                HxOperand.imm(0), HxOperand.imm(0)));
        randomInstructions(rnd, INSTRUCTIONS, false, body);
        body.add(ApplyActions.of(OutputAction.of(Operand.immediate(egress), 0, 0, 0)));
        body.add(HxReturn.INSTANCE);
        int idlePc = body.size();
        randomInstructions(rnd, HOOK_INSTRUCTIONS, true, body);
        List<RawInstruction> compact = new ArrayList<>();
        for (Instruction i : body) {
            compact.add(ExtCodec.compact(i));
        }
        long[] params = new long[8];
        params[0] = rnd.nextInt(64);
        params[1] = rnd.nextInt(64);
        for (int i = 2; i < 8; i++) {
            params[i] = edge(rnd);
        }
        List<PofMessage> out = new ArrayList<>();
        // in parts of at most 24 instructions: a POFSwitch message is at most 2,560 bytes
        int part = INSTRUCTIONS / 2;
        int first = Math.min(part, compact.size());
        out.add(HxBlockMod.add(10, block, idlePc, first == compact.size(), compact.subList(0, first)));
        for (int from = part; from < compact.size(); from += part) {
            int to = Math.min(from + part, compact.size());
            out.add(HxBlockMod.append(11, block, to == compact.size(), compact.subList(from, to)));
        }
        out.add(TableMod.builder().xid(12).command(0).table(0, 0).size(16).keyLengthBits(16).name("agree")
                .matches(List.of(ETHER)).build());
        out.add(FlowMod.builder().xid(13).command(0).table(0, 0).index(0).priority(1)
                .matches(List.of(MatchX.masked(ETHER, 0, 0))).instruction(new HxCallBlock(block, idleMs,
                        HxCallBlock.words(params))).build());
        return out;
    }

    private static HxRegisterMod registers(Random rnd) {
        long[] v = new long[64];
        for (int i = 0; i < v.length; i++) {
            v[i] = edge(rnd);
        }
        return HxRegisterMod.write(30, 0, v);
    }

    private static List<byte[]> frames(Random rnd) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < FRAMES; i++) {
            byte[] f = new byte[60 + rnd.nextInt(140)];
            rnd.nextBytes(f);
            byte[] dst = {0x02, 0, 0, 0, 0, 0x02};
            byte[] src = {0x02, 0, 0, 0, 0, 0x01};
            System.arraycopy(dst, 0, f, 0, 6);
            System.arraycopy(src, 0, f, 6, 6);
            f[12] = 0x08;
            f[13] = 0x00;
            out.add(f);
        }
        return out;
    }

    private static void apply(Datapath ref, PofMessage m) throws Exception {
        if (m instanceof HxBlockMod) {
            ref.blockMod((HxBlockMod) m);
        } else if (m instanceof TableMod) {
            ref.tableMod((TableMod) m);
        } else if (m instanceof FlowMod) {
            assertTrue(ref.flowMod((FlowMod) m).isEmpty());
        } else if (m instanceof HxRegisterMod) {
            ref.registerMod((HxRegisterMod) m);
        } else {
            throw new AssertionError("not a program message: " + m);
        }
    }

    // ------------------------------------------------------------------ the POFSwitch side

    private void send(List<byte[]> frames) {
        try {
            Path dir = PofSwitchBuild.repoRoot().resolve("target/pofswitch/runs");
            Files.createDirectories(dir);
            Path list = Files.createTempFile(dir, "frames", ".hex");
            StringBuilder hex = new StringBuilder();
            for (byte[] f : frames) {
                for (byte b : f) {
                    hex.append(String.format("%02x", b & 0xFF));
                }
                hex.append('\n');
            }
            Files.writeString(list, hex);
            Shell.run("ip", "netns", "exec", rig.net.namespace(1), "python3", "-c", SENDER, list.toString());
            Files.delete(list);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private PofMessage request(PofMessage m) {
        try {
            return rig.session.request(m).get(Controller.WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("request " + m + " failed: " + e, e);
        }
    }

    /** The entry's record once it has counted {@code frames} packets (the switch may still be busy). */
    private HxEntryRecord awaitCounted(int gid, int frames) {
        HxEntryRecord[] last = new HxEntryRecord[1];
        Controller.await("the POFSwitch entry counted " + frames + " frames", () -> {
            HxReadReply r = (HxReadReply) request(HxReadRequest.entries(0, gid));
            last[0] = r.entries().get(0);
            return last[0].passedPackets() + last[0].droppedPackets() >= frames;
        });
        return last[0];
    }

    private long[] readRegisters() {
        HxReadReply r = (HxReadReply) request(HxReadRequest.registers(0, 0, REGISTERS));
        return r.registers();
    }
}
