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
import java.util.Optional;
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
import org.junit.After;
import org.junit.Assume;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * One specification, two implementations: random HX programs (every HX_ALU op over IMM, META,
 * PKT, PARAM, STATE, REG with a PARAM index, RAND and ENTRY operands, forward HX_BRANCHes on every
 * condition) installed on the patched real POFSwitch (pofswitch-hx, in C) over the control channel
 * and on the reference switch's {@link Datapath} (Java), the same frames through both (real frames
 * on the POFSwitch's port), then every register, the entry's state words and its passed/dropped
 * counters read back with HX_READ_REQUEST from both: they must be identical, bit for bit. The
 * random stream is compared too (same seed: the one the POFSwitch declares). TIME and the previous
 * hit time are left out: the two switches' clocks differ. Figures in target/pofswitch-hx-agreement.txt.
 */
public class HxSwitchAgreementTest {

    private static final int PROGRAMS = 6;
    private static final int INSTRUCTIONS = 48;
    private static final int FRAMES = 120;
    private static final int REGISTERS = 255;
    private static final Match ETHER = Match.of(0, 96, 16);
    private static final HsdbaParameters PARAMS = HsdbaParameters.builder().pollingPeriod(Duration.ofMillis(500)).build();
    /** Sends the hex frames of a file, one a line, paced, from a host's eth0. */
    private static final String SENDER = "import socket,sys,time\n"
            + "s=socket.socket(socket.AF_PACKET,socket.SOCK_RAW)\ns.bind(('eth0',0))\n"
            + "for line in open(sys.argv[1]):\n    s.send(bytes.fromhex(line.strip()))\n    time.sleep(0.004)\n";

    private RealSwitchRig rig;

    @BeforeClass
    public static void needsThePatchedSwitch() {
        Optional<String> why = RealSwitchRig.unavailable("hx");
        Assume.assumeFalse("patched POFSwitch tests skipped: " + why.orElse(""), why.isPresent());
    }

    @After
    public void tearDown() {
        if (rig != null) {
            rig.close();
        }
    }

    @Test
    public void randomProgramsGiveTheSameStateOnThePatchedPofSwitchAndTheReferenceSwitch() throws Exception {
        rig = RealSwitchRig.start(PARAMS, RealSwitchRig.Kind.POFSWITCH_HX);
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
            messages.addAll(program(rnd, p, rig.egress));
            messages.add(HxRegisterMod.zero(42, 0, REGISTERS));
            messages.add(registers(rnd));
            rig.session.send(messages).get(30, TimeUnit.SECONDS);
            for (PofMessage m : messages) {
                apply(ref, m);
            }
            List<byte[]> frames = frames(rnd);
            for (byte[] frame : frames) {
                ProcessResult r = ref.process(frame, rig.ingress, t += 1_000_000);
                assertTrue("reference: " + r, r.error() == null);
            }
            send(frames);
            HxEntryRecord sw = awaitCounted(rig.session.globalTableId(0, 0), FRAMES);
            HxEntryRecord expected = ref.entryRecord(0, 0);
            assertEquals("program " + p + ": ERRORs from the POFSwitch", List.of(), rig.controller.errors);
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
            compared += REGISTERS + expected.state().length + 4;
            report.append(String.format("program %d: %d instructions, %d frames, %d passed, %d dropped, state %s%n", p,
                    INSTRUCTIONS, FRAMES, sw.passedPackets(), sw.droppedPackets(), Arrays.toString(sw.state())));
        }
        report.append(String.format("%d programs x %d frames: %d words compared, 0 differences%n", PROGRAMS, FRAMES,
                compared));
        System.out.print(report);
        Files.writeString(PofSwitchBuild.repoRoot().resolve("target/pofswitch-hx-agreement.txt"), report.toString());
    }

    // ------------------------------------------------------------------ programs and frames

    private static HxOperand source(Random rnd) {
        switch (rnd.nextInt(9)) {
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
            case 7: return HxOperand.entry(rnd.nextBoolean() ? 0 : 2);
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

    private static List<PofMessage> program(Random rnd, int block, int egress) {
        List<Instruction> body = new ArrayList<>();
        HxAluOp[] ops = HxAluOp.values();
        HxBranchCond[] conds = HxBranchCond.values();
        for (int i = 0; i < INSTRUCTIONS; i++) {
            if (rnd.nextInt(6) == 0) {
                int count = 1 + rnd.nextInt(Math.min(4, INSTRUCTIONS + 1 - i));
                body.add(HxBranch.forward(conds[rnd.nextInt(conds.length)], count, source(rnd), source(rnd)));
            } else {
                body.add(new HxAlu(ops[rnd.nextInt(ops.length)], destination(rnd), source(rnd), source(rnd), source(rnd)));
            }
        }
        body.add(ApplyActions.of(OutputAction.of(Operand.immediate(egress), 0, 0, 0)));
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
        out.add(HxBlockMod.add(10, block, 0xFFFF, false, compact.subList(0, INSTRUCTIONS / 2)));
        out.add(HxBlockMod.append(11, block, true, compact.subList(INSTRUCTIONS / 2, compact.size())));
        out.add(TableMod.builder().xid(12).command(0).table(0, 0).size(16).keyLengthBits(16).name("agree")
                .matches(List.of(ETHER)).build());
        out.add(FlowMod.builder().xid(13).command(0).table(0, 0).index(0).priority(1)
                .matches(List.of(MatchX.masked(ETHER, 0, 0))).instruction(new HxCallBlock(block, 0,
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
