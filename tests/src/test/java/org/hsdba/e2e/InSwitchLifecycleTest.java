package org.hsdba.e2e;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.hsdba.algorithm.KernelOptions;
import org.hsdba.compiler.CompiledDelta;
import org.hsdba.compiler.CompiledProgram;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.FixedPoint;
import org.hsdba.compiler.HsdbaCompiler;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.compiler.Words;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.TreeEdit;
import org.hsdba.pof.ext.HxEntryStatus;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pofswitch.datapath.ProcessResult;
import org.junit.Test;

/**
 * Life cycle of a compiled program in the reference switch: joins (one rate-limited PACKET_IN per
 * new key while its packets are enforced at the parent and forwarded), incremental deltas applied
 * to a running switch (a deleted node leaves its parent's sums, an added node joins them with its
 * first packet) and idle leaves (their weight leaves the parent's sums, an HX_ENTRY_STATUS IDLE
 * goes up).
 */
public class InSwitchLifecycleTest {

    private static final CompilerOptions OPTIONS = CompilerOptions.builder()
            .algorithm(KernelOptions.builder().idleTimeout(Duration.ofMillis(50)).build()).build();
    /**
     * Aging off: the delta test sends its classes one after another and checks the sums the deltas
     * leave, which aging would change between the sends (a class silent for K/8 leaves the sums).
     */
    private static final CompilerOptions NO_AGING = CompilerOptions.builder()
            .algorithm(KernelOptions.builder().idleTimeout(Duration.ofMillis(50)).aging(false).build()).build();
    private static final SwitchCapabilities CAPS = SwitchCapabilities.reference();

    /** The paper's two-level tree plus a join template under A. */
    private static BandwidthTree tree() {
        return PaperScenario.twoLevel(1, 2, 1, 1, 2).toBuilder()
                .addNode(NodeSpec.builder("A-new").parent("A").template(true).weight(1.0).build()).build();
    }

    private static long register(ReferenceSwitchHarness sw, CompiledProgram p, String node, int word) {
        return sw.datapath.register((int) (p.layout().registerBase(p.slots().get(node).registerSlot()) + word));
    }

    /** Sends {@code count} frames to 10.group.0.host, 100 us apart from {@code t}; returns the results. */
    private static List<ProcessResult> send(ReferenceSwitchHarness sw, int group, int host, int count, long t) {
        List<ProcessResult> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(sw.datapath.process(PaperScenario.frame(group, host, i), PaperScenario.IN_PORT, t + i * 100_000L));
        }
        return out;
    }

    @Test
    public void unknownKeyUnderAParentWithATemplateSendsOneJoinAndIsForwarded() {
        BandwidthTree tree = tree();
        CompiledProgram p = HsdbaCompiler.compile(tree, CAPS, OPTIONS);
        ReferenceSwitchHarness sw = new ReferenceSwitchHarness(true, 1);
        sw.install(p.messages());
        List<ProcessResult> results = send(sw, 1, 9, 200, 1_000_000L);
        List<PacketIn> joins = new ArrayList<>();
        for (ProcessResult r : results) {
            assertTrue(r.toString(), r.forwarded());
            for (PofMessage m : r.upward()) {
                if (m instanceof PacketIn) {
                    joins.add((PacketIn) m);
                }
            }
        }
        assertEquals("one join per key while it is outstanding", 1, joins.size());
        assertEquals(CompilerOptions.DEFAULT_JOIN_REASON, joins.get(0).reason());
        assertEquals(p.layout().globalId(p.layout().levelTable(2)), joins.get(0).tableId());
        assertTrue("enforced at A: A is active", sw.datapath.entryRecord(p.layout().globalId(p.layout().levelTable(1)),
                p.slots().get("A").entryIndex()).active());
        // B has no template: its unknown keys are forwarded without a join.
        for (ProcessResult r : send(sw, 2, 9, 50, 30_000_000L)) {
            assertTrue(r.forwarded());
            assertTrue(r.upward().stream().noneMatch(m -> m instanceof PacketIn));
        }
    }

    @Test
    public void deltasApplyToARunningSwitchAndKeepTheParentsSumsExact() {
        BandwidthTree tree = tree();
        CompiledProgram p = HsdbaCompiler.compile(tree, CAPS, NO_AGING);
        ReferenceSwitchHarness sw = new ReferenceSwitchHarness(true, 1);
        sw.install(p.messages());
        long one = FixedPoint.WEIGHT_ONE;
        send(sw, 1, 1, 20, 1_000_000L);
        send(sw, 1, 2, 20, 3_000_000L);
        assertEquals("A1 and A2 active under A", 2 * one, register(sw, p, "A", Words.R_ACTIVE_WEIGHT));

        BandwidthTree withoutA2 = TreeEdit.deleteSubtree("A2").applyTo(tree);
        CompiledDelta d1 = HsdbaCompiler.diff(tree, withoutA2, p.slots(), CAPS, NO_AGING);
        assertEquals(1, d1.messages().size());
        sw.install(d1.messages());
        assertEquals("the delete ran A2's hook", one, register(sw, p, "A", Words.R_ACTIVE_WEIGHT));

        NodeSpec a4 = NodeSpec.builder("A4").parent("A").key(MatchKey.exact(32, new byte[] {10, 1, 0, 4})).weight(2.0)
                .build();
        BandwidthTree withA4 = TreeEdit.add(a4).applyTo(withoutA2);
        CompiledDelta d2 = HsdbaCompiler.diff(withoutA2, withA4, d1.slots(), CAPS, NO_AGING);
        assertEquals(1, d2.messages().size());
        sw.install(d2.messages());
        assertEquals("a new entry is inactive until its first packet", one, register(sw, p, "A", Words.R_ACTIVE_WEIGHT));
        send(sw, 1, 4, 5, 5_000_000L);
        assertEquals(3 * one, register(sw, p, "A", Words.R_ACTIVE_WEIGHT));

        NodeSpec heavier = withA4.get("A1").toBuilder().weight(4.0).build();
        BandwidthTree reweighted = TreeEdit.update(heavier).applyTo(withA4);
        CompiledDelta d3 = HsdbaCompiler.diff(withA4, reweighted, d2.slots(), CAPS, NO_AGING);
        assertEquals(1, d3.modified());
        sw.install(d3.messages());
        assertEquals("MODIFY ran A1's hook with the old weight", 2 * one, register(sw, p, "A", Words.R_ACTIVE_WEIGHT));
        send(sw, 1, 1, 5, 6_000_000L);
        assertEquals("and its next packet rejoined with the new one", 6 * one,
                register(sw, p, "A", Words.R_ACTIVE_WEIGHT));
    }

    /**
     * Aging (section 8.1 of the extension): a leaf whose packets stop leaves its parent's sums
     * after its aging gap (K = 10 ms here: K/8 + 1 ns = 1.25 ms, its eight mean gaps are shorter), silently;
     * its next packet puts it back with a warm-up restart (as from idle: an estimate kept over the gap
     * would average its own silence in) and without HX_ENTRY_STATUS; once silent for the idle timeout
     * it goes idle and is reported as before.
     */
    @Test
    public void aStoppedLeafAgesOutOfItsParentsSumsAndStillGoesIdle() {
        BandwidthTree tree = tree();
        CompilerOptions k10 = CompilerOptions.builder().algorithm(KernelOptions.builder().idleTimeout(Duration.ofMillis(50))
                .estimator(org.hsdba.model.Estimator.ewma(Duration.ofMillis(10))).build()).build();
        CompiledProgram p = HsdbaCompiler.compile(tree, CAPS, k10);
        ReferenceSwitchHarness sw = new ReferenceSwitchHarness(true, 1);
        sw.install(p.messages());
        long one = FixedPoint.WEIGHT_ONE;
        int level2 = p.layout().globalId(p.layout().levelTable(2));
        send(sw, 1, 1, 200, 1_000_000L);
        send(sw, 1, 2, 200, 1_050_000L);
        assertEquals(2 * one, register(sw, p, "A", Words.R_ACTIVE_WEIGHT));
        long last = 1_050_000L + 199 * 100_000L;
        long a1Rate = sw.datapath.entryRecord(level2, p.slots().get("A1").entryIndex()).state()[Words.S_RATE];
        // A2 goes on alone; A1 (last packet 50 us before A2's) ages out 1.25 ms after its last packet.
        List<ProcessResult> alone = send(sw, 1, 2, 20, last + 100_000L);
        assertEquals("A1 aged out", one, register(sw, p, "A", Words.R_ACTIVE_WEIGHT));
        assertFalse(sw.datapath.entryRecord(level2, p.slots().get("A1").entryIndex()).active());
        assertTrue("aging sends nothing", alone.stream().allMatch(r -> r.upward().isEmpty()));
        // A1 comes back 5 ms after its last packet: no status, estimate restarted (warm-up).
        long back = last - 50_000L + 5_000_000L;
        ProcessResult r = sw.datapath.process(PaperScenario.frame(1, 1, 0), PaperScenario.IN_PORT, back);
        assertTrue(r.upward().toString(), r.upward().stream().noneMatch(m -> m instanceof HxEntryStatus));
        assertEquals("A1 back; A2, silent for 3 ms by now, aged out too", one, register(sw, p, "A", Words.R_ACTIVE_WEIGHT));
        long[] a1Back = sw.datapath.entryRecord(level2, p.slots().get("A1").entryIndex()).state();
        assertEquals("A1 back as unsatisfied or satisfied, never both", one,
                register(sw, p, "A", Words.R_UNSATISFIED_WEIGHT) + (a1Back[Words.S_SATISFIED] != 0 ? one : 0));
        long rateBack = a1Back[Words.S_RATE];
        assertTrue("estimate restarted, not carried over the gap: " + a1Rate + " -> " + rateBack,
                rateBack < a1Rate / 2);
        // Silent for the idle timeout (50 ms): idle, reported, out of the sums once.
        List<PofMessage> up = sw.datapath.advanceTime(back + 60_000_000L);
        long idle = up.stream().filter(m -> m instanceof HxEntryStatus)
                .filter(m -> ((HxEntryStatus) m).reason() == HxEntryStatus.REASON_IDLE).count();
        assertEquals("A1, A2 and A went idle", 3, idle);
        assertEquals(0, register(sw, p, "A", Words.R_ACTIVE_WEIGHT));
        assertEquals(0, register(sw, p, "A", Words.R_UNSATISFIED_WEIGHT));
        assertEquals(0, register(sw, p, "A", Words.R_SATISFIED_RATE));
    }

    @Test
    public void idleLeavesLeaveTheirParentsSumsAndAreReported() {
        BandwidthTree tree = tree();
        CompiledProgram p = HsdbaCompiler.compile(tree, CAPS, OPTIONS);
        ReferenceSwitchHarness sw = new ReferenceSwitchHarness(true, 1);
        sw.install(p.messages());
        send(sw, 1, 1, 20, 1_000_000L);
        send(sw, 2, 3, 20, 1_050_000L);
        assertEquals(FixedPoint.WEIGHT_ONE, register(sw, p, "A", Words.R_ACTIVE_WEIGHT));
        List<PofMessage> up = sw.datapath.advanceTime(1_000_000L + 20 * 100_000L + 60_000_000L);
        long idle = up.stream().filter(m -> m instanceof HxEntryStatus)
                .filter(m -> ((HxEntryStatus) m).reason() == HxEntryStatus.REASON_IDLE).count();
        assertEquals("A1, B3 and their parents A and B went idle", 4, idle);
        assertEquals(0, register(sw, p, "A", Words.R_ACTIVE_WEIGHT));
        assertEquals(0, register(sw, p, "A", Words.R_UNSATISFIED_WEIGHT));
        assertEquals(0, register(sw, p, "A", Words.R_SATISFIED_RATE));
        long rootBase = p.layout().registerBase(0);
        assertEquals(0, sw.datapath.register((int) (rootBase + Words.R_ACTIVE_WEIGHT)));
        assertEquals(0, sw.datapath.register((int) (rootBase + Words.R_SATISFIED_RATE)));
    }
}
