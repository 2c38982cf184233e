package org.hsdba.compiler;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.hsdba.algorithm.DropRule;
import org.hsdba.algorithm.KernelOptions;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Estimator;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.pof.codec.PofCodec;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.ext.HxAlu;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxLookup;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.table.TableType;
import org.junit.Test;

public class HsdbaCompilerTest {

    private static final PofCodec CODEC = ExtCodec.extendedCodec();
    private static final SwitchCapabilities CAPS = SwitchCapabilities.reference();
    private static final CompilerOptions OPTS = CompilerOptions.builder()
            .algorithm(KernelOptions.builder().idleTimeout(Duration.ofMillis(50)).build()).build();

    private static <T> List<T> of(List<PofMessage> messages, Class<T> type) {
        return messages.stream().filter(type::isInstance).map(type::cast).collect(Collectors.toList());
    }

    @Test
    public void twoLevelProgramHasTablesBlocksRegistersAndOneEntryPerNode() {
        CompiledProgram p = HsdbaCompiler.compile(CompilerTestTrees.twoLevel(), CAPS, OPTS);
        List<PofMessage> m = p.messages();
        List<TableMod> tables = of(m, TableMod.class);
        assertEquals("port table + 2 level tables", 3, tables.size());
        assertEquals(0, tables.get(0).tableId());
        assertEquals(32, tables.get(0).keyLengthBits());
        assertEquals("tag + 16-bit group field", 48, tables.get(1).keyLengthBits());
        assertEquals("tag + 32-bit user field", 64, tables.get(2).keyLengthBits());
        List<FlowMod> entries = of(m, FlowMod.class);
        assertEquals("port catch-all + 8 nodes", 9, entries.size());
        assertTrue(entries.stream().allMatch(e -> e.command() == FlowModCommand.ADD));
        FlowMod port = entries.get(0);
        assertEquals(0, port.priority());
        assertTrue("catch-all mask is 0", java.util.Arrays.equals(new byte[16], port.matches().get(0).mask()));
        List<HxBlockMod> blocks = of(m, HxBlockMod.class);
        assertTrue(blocks.size() >= 3);
        assertEquals("three blocks end with FINAL", 3, blocks.stream().filter(HxBlockMod::isFinal).count());
        List<HxRegisterMod> regs = of(m, HxRegisterMod.class);
        HxRegisterMod b = regs.get(regs.size() - 1);
        assertEquals(HxRegisterMod.COMMAND_WRITE, b.command());
        assertEquals("B of the port = eta * C in bytes/s", 300e6 * 0.95 / 8, b.values()[0], 0.5);
        Map<String, Integer> counts = p.countsByType();
        assertEquals(Integer.valueOf(9), counts.get("FLOW_MOD"));
        // Sending order: tables, blocks, registers, entries.
        int firstFlowMod = m.indexOf(entries.get(0));
        assertTrue(m.indexOf(tables.get(2)) < m.indexOf(blocks.get(0)));
        assertTrue(m.indexOf(blocks.get(blocks.size() - 1)) < m.indexOf(regs.get(0)));
        assertTrue(m.indexOf(b) < firstFlowMod);
    }

    @Test
    public void nodeEntriesCarryTheirParamsAndMatchTheirParentTag() {
        BandwidthTree tree = CompilerTestTrees.twoLevel();
        CompiledProgram p = HsdbaCompiler.compile(tree, CAPS, OPTS);
        NodeSlot a = p.slots().get("A");
        NodeSlot a3 = p.slots().get("A3");
        assertTrue(a.hasRegisters());
        assertFalse("deepest level needs no registers", a3.hasRegisters());
        FlowMod e = of(p.messages(), FlowMod.class).stream()
                .filter(f -> f.tableId() == p.layout().levelTable(2) && f.index() == a3.entryIndex()).findFirst().get();
        HxCallBlock call = (HxCallBlock) e.instructions().get(0);
        assertEquals(p.layout().levelBlock(2), call.blockId());
        assertEquals(50, call.idleTimeoutMs());
        assertEquals("w = 2 in Q24", 2L << 24, call.paramWord(Words.P_WEIGHT));
        assertEquals(FixedPoint.UNLIMITED, call.paramWord(Words.P_PEAK));
        assertEquals("K derived from the port's capacity (the default estimator)",
                org.hsdba.model.Estimator.autoPeriod(tree.capacity().bps()).toNanos(), call.paramWord(Words.P_PERIOD));
        assertEquals(p.layout().registerBase(a.registerSlot()), call.paramWord(Words.P_PARENT_BASE));
        assertEquals(Words.LOOKUP_NONE, call.paramWord(Words.P_LOOKUP));
        byte[] tag = e.matches().get(0).value();
        assertEquals("matches A's handle as parent tag", a.handle(), ((tag[0] & 0xFF) << 24) | ((tag[1] & 0xFF) << 16)
                | ((tag[2] & 0xFF) << 8) | (tag[3] & 0xFF));
        FlowMod ea = of(p.messages(), FlowMod.class).stream()
                .filter(f -> f.tableId() == p.layout().levelTable(1) && f.index() == a.entryIndex()).findFirst().get();
        assertEquals(Words.LOOKUP_PLAIN, ((HxCallBlock) ea.instructions().get(0)).paramWord(Words.P_LOOKUP));
    }

    @Test
    public void everyMessageRoundTripsThroughTheCodecWithinTheSizeLimits() throws Exception {
        for (KernelOptions algo : List.of(OPTS.algorithm(),
                OPTS.algorithm().toBuilder().dropRule(DropRule.EVERY_LEVEL).estimator(Estimator.window(Duration.ofMillis(5)))
                        .build())) {
            CompiledProgram p = HsdbaCompiler.compile(CompilerTestTrees.twoLevel(), CAPS,
                    OPTS.toBuilder().algorithm(algo).build());
            for (PofMessage m : p.messages()) {
                byte[] wire = CODEC.encode(m);
                assertTrue(m + " is " + wire.length + " bytes", wire.length <= 2560);
                if (m instanceof FlowMod) {
                    assertEquals(2192, wire.length);
                }
                assertEquals(m, CODEC.decode(wire));
            }
        }
    }

    @Test
    public void levelBlocksShowTheFourRolesAndEndInOutput() {
        List<BlockProgram> blocks = HsdbaCompiler.blocks(CompilerTestTrees.twoLevel(), CAPS, OPTS);
        assertEquals(3, blocks.size());
        BlockProgram level1 = blocks.get(1);
        String listing = level1.toString();
        assertTrue(listing, listing.contains("EXPNEG"));
        assertTrue(listing, listing.contains("SELECT"));
        assertTrue(listing, level1.instructions().stream().anyMatch(i -> i instanceof HxLookup));
        assertTrue(level1.idlePc() > 0 && level1.idlePc() < level1.instructions().size());
        assertFalse("leaf level has no lookup", blocks.get(2).instructions().stream().anyMatch(i -> i instanceof HxLookup));
        assertTrue(level1.instructions().stream().filter(i -> i instanceof HxAlu).count() > 20);
    }

    @Test
    public void literalVariantDrawsBeforeTheLookupAndDropsAtTheDeepestMatchedLevel() {
        CompilerOptions literal = OPTS.toBuilder()
                .algorithm(OPTS.algorithm().toBuilder().dropRule(DropRule.EVERY_LEVEL).build()).build();
        BlockProgram level1 = HsdbaCompiler.blocks(CompilerTestTrees.twoLevel(), CAPS, literal).get(1);
        int lookup = -1;
        int drop = -1;
        int mark = -1;
        String markField = "META[" + Words.M_DROP_MARK;
        for (int i = 0; i < level1.instructions().size(); i++) {
            String s = level1.instructions().get(i).toString();
            if (lookup < 0 && level1.instructions().get(i) instanceof HxLookup) {
                lookup = i;
            }
            if (drop < 0 && s.contains("DropAction")) {
                drop = i;
            }
            if (mark < 0 && s.contains(markField)) {
                mark = i;
            }
        }
        // Every level draws and marks; the packet still goes down so the levels below measure it.
        assertTrue("mark at " + mark + " before lookup at " + lookup + "\n" + level1,
                mark >= 0 && mark < lookup && lookup < drop);
        BlockProgram normal = HsdbaCompiler.blocks(CompilerTestTrees.twoLevel(), CAPS, OPTS).get(1);
        int normalDrop = -1;
        int normalLookup = -1;
        for (int i = 0; i < normal.instructions().size(); i++) {
            if (normalLookup < 0 && normal.instructions().get(i) instanceof HxLookup) {
                normalLookup = i;
            }
            if (normalDrop < 0 && normal.instructions().get(i).toString().contains("DropAction")) {
                normalDrop = i;
            }
        }
        assertTrue(normalDrop > normalLookup);
    }

    @Test
    public void idleTimeoutsBeyondAMinuteFitTheCallAndSubMillisecondOnesAreRefused() {
        CompilerOptions tenMinutes = CompilerOptions.builder()
                .algorithm(KernelOptions.builder().idleTimeout(Duration.ofMinutes(10)).build()).build();
        CompiledProgram p = HsdbaCompiler.compile(CompilerTestTrees.twoLevel(), CAPS, tenMinutes);
        FlowMod leaf = of(p.messages(), FlowMod.class).stream()
                .filter(f -> f.tableId() == p.layout().levelTable(2)).findFirst().get();
        assertEquals(600_000L, ((HxCallBlock) leaf.instructions().get(0)).idleTimeoutMs());
        CompilerOptions tooShort = CompilerOptions.builder()
                .algorithm(KernelOptions.builder().idleTimeout(Duration.ofNanos(500_000)).build()).build();
        try {
            HsdbaCompiler.compile(CompilerTestTrees.twoLevel(), CAPS, tooShort);
            fail();
        } catch (CompilerException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("idle timeout PT0.0005S: HX_CALL_BLOCK carries 1.."));
        }
    }

    /**
     * The responsive hold compiles with independent draws (its hold end and bank take state words 6
     * and 7) and is refused, saying why, with the stratified draw or the every-level drop rule.
     */
    @Test
    public void theResponsiveHoldCompilesOnlyWithIndependentDrawsAtTheDeepestLevel() {
        KernelOptions hold = KernelOptions.builder().idleTimeout(Duration.ofMillis(50))
                .responsiveHold(Duration.ofSeconds(2)).build();
        CompiledProgram p = HsdbaCompiler.compile(CompilerTestTrees.twoLevel(), CAPS, CompilerOptions.builder()
                .algorithm(hold.toBuilder().dropDraw(org.hsdba.algorithm.DropDraw.INDEPENDENT).build()).build());
        assertFalse(p.messages().isEmpty());
        try {
            HsdbaCompiler.compile(CompilerTestTrees.twoLevel(), CAPS, CompilerOptions.builder().algorithm(hold).build());
            fail();
        } catch (CompilerException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("the responsive hold (2s) without holdClaim needs the independent drop draw"));
            assertTrue(e.getMessage(), e.getMessage().contains("state words 6 and 7"));
        }
        try {
            HsdbaCompiler.compile(CompilerTestTrees.twoLevel(), CAPS, CompilerOptions.builder().algorithm(hold.toBuilder()
                    .dropDraw(org.hsdba.algorithm.DropDraw.INDEPENDENT)
                    .dropRule(org.hsdba.algorithm.DropRule.EVERY_LEVEL).build()).build());
            fail();
        } catch (CompilerException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("needs the deepest-level drop rule, not EVERY_LEVEL"));
        }
    }

    /** The kernel's experimental hold rules are not in the program: compiling them is refused, not ignored. */
    @Test
    public void theKernelOnlyHoldRulesAreRefused() {
        KernelOptions hold = KernelOptions.builder().idleTimeout(Duration.ofMillis(50)).responsiveHold(Duration.ofSeconds(2))
                .dropDraw(org.hsdba.algorithm.DropDraw.INDEPENDENT).build();
        for (KernelOptions rule : List.of(hold.toBuilder().holdClaim(true).build(),
                hold.toBuilder().holdRelease(true).build(), hold.toBuilder().holdClimbs(false).build(),
                hold.toBuilder().holdSums(true).build(),
                hold.toBuilder().holdClaim(true).holdClimbs(false).holdSums(true).holdRelease(true).build())) {
            try {
                HsdbaCompiler.compile(CompilerTestTrees.twoLevel(), CAPS, CompilerOptions.builder().algorithm(rule).build());
                fail(rule.toString());
            } catch (CompilerException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("kernel experiments the switch program does not implement"));
            }
        }
    }

    /**
     * The summed hold (claim + no climb + sums) compiles with either draw and either estimator, in
     * the 8 state words and 11-word register slots of the plain hold: its claim takes word 3 with
     * the EWMA (the window's byte count) and word 5 with the window (the EWMA warm-up's start).
     */
    @Test
    public void theSummedHoldCompilesWithEitherDrawAndEitherEstimator() {
        KernelOptions summed = KernelOptions.builder().idleTimeout(Duration.ofMillis(50))
                .summedHold(Duration.ofSeconds(2)).build();
        for (org.hsdba.algorithm.DropDraw draw : org.hsdba.algorithm.DropDraw.values()) {
            for (Estimator e : List.of(Estimator.ewma(Duration.ofMillis(10)), Estimator.window(Duration.ofMillis(1)))) {
                CompiledProgram p = HsdbaCompiler.compile(CompilerTestTrees.twoLevel(), CAPS, CompilerOptions.builder()
                        .algorithm(summed.toBuilder().dropDraw(draw).estimator(e).build()).build());
                assertFalse(p.messages().isEmpty());
            }
        }
        assertEquals(Words.S_WINDOW_BYTES, Words.holdClaimWord(Estimator.ewma(Duration.ofMillis(10))));
        assertEquals(Words.S_START, Words.holdClaimWord(Estimator.window(Duration.ofMillis(1))));
    }

    /**
     * The fall restart (KernelOptions.fallRestart, on by default) adds its check to the EWMA step of every level
     * block, 12 instructions (13 with a hold, which it ends), in the existing words (the fall clock
     * lives in the warm-up's word 5); the window estimator and a tree without the option compile
     * byte for byte as before.
     */
    @Test
    public void theFallRestartAddsItsCheckToTheEwmaStepOnly() {
        KernelOptions base = KernelOptions.builder().idleTimeout(Duration.ofMillis(50)).fallRestart(false).build();
        for (KernelOptions o : List.of(base, base.toBuilder().summedHold(Duration.ofSeconds(2)).build(),
                base.toBuilder().estimator(Estimator.window(Duration.ofMillis(1))).build())) {
            List<BlockProgram> off = HsdbaCompiler.blocks(CompilerTestTrees.twoLevel(), CAPS,
                    CompilerOptions.builder().algorithm(o).build());
            List<BlockProgram> on = HsdbaCompiler.blocks(CompilerTestTrees.twoLevel(), CAPS,
                    CompilerOptions.builder().algorithm(o.toBuilder().fallRestart(true).build()).build());
            boolean ewma = o.defaultEstimator().kind() == Estimator.Kind.EWMA;
            int added = !ewma ? 0 : o.responsiveHold().isZero() ? 12 : 13;
            assertEquals("port block", off.get(0).toString(), on.get(0).toString());
            for (int level = 1; level < off.size(); level++) {
                assertEquals(o + ", level " + level, off.get(level).instructions().size() + added,
                        on.get(level).instructions().size());
            }
            if (!ewma) {
                assertEquals(off.toString(), on.toString());
            }
        }
    }

    @Test
    public void stockSwitchIsRefused() {
        try {
            HsdbaCompiler.compile(CompilerTestTrees.twoLevel(), CAPS.withoutHx(), OPTS);
            fail();
        } catch (CompilerException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("controller-assisted"));
        }
    }

    @Test
    public void inadmissibleTreeIsRefusedWithTheAdmissionErrors() {
        BandwidthTree bad = CompilerTestTrees.twoLevel().toBuilder()
                .addNode(NodeSpec.builder("C").key(org.hsdba.model.MatchKey.exact(16, new byte[] {10, 1})).weight(1.0).build())
                .build();
        try {
            HsdbaCompiler.compile(bad, CAPS, OPTS);
            fail();
        } catch (InvalidTreeException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("overlaps"));
        }
    }

    @Test
    public void registerFileLimitIsReportedWithTheNumbers() {
        SwitchCapabilities small = CAPS.withHx(CAPS.hx().get().withRegisterWords(64));
        try {
            HsdbaCompiler.compile(CompilerTestTrees.wide(10, 2), small, OPTS);
            fail();
        } catch (CompilerException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("register words, the switch has 64"));
        }
    }

    @Test
    public void tableSizeLimitIsReported() {
        try {
            HsdbaCompiler.compile(CompilerTestTrees.wide(2, 10), CAPS, OPTS.toBuilder().tableSize(8).build());
            fail();
        } catch (CompilerException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("\"user\" needs 20 entries, its table holds 8"));
        }
    }

    @Test
    public void tooFewMmTablesIsReported() {
        SwitchCapabilities two = SwitchCapabilities.stock(org.hsdba.pof.table.GlobalTableIds.of(2, 0, 0, 0), 100, 320, 16)
                .withHx(SwitchCapabilities.Hx.REFERENCE);
        try {
            HsdbaCompiler.compile(CompilerTestTrees.twoLevel(), two, OPTS);
            fail();
        } catch (CompilerException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("MM tables 0..2"));
        }
    }

    /** Given weights outside the fixed-point range never reach the compiler: admission refuses them. */
    @Test
    public void weightsOutsideTheFixedPointRangeAreRefused() {
        BandwidthTree tree = CompilerTestTrees.twoLevel();
        BandwidthTree tiny = tree.toBuilder().nodes(tree.nodes().stream()
                .map(n -> n.id().equals("A1") ? n.toBuilder().weight(1e-6).build() : n).collect(Collectors.toList()))
                .build();
        try {
            HsdbaCompiler.compile(tiny, CAPS, OPTS);
            fail();
        } catch (org.hsdba.model.InvalidTreeException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("user \"A1\""));
            assertEquals(org.hsdba.model.ViolationCode.WEIGHT_OUT_OF_RANGE, e.violations().get(0).code());
        }
    }

    @Test
    public void guaranteeOnlySiblingsGetWeightsIndependentOfEachOther() {
        BandwidthTree tree = BandwidthTree.builder(CompilerTestTrees.PORT).capacity(Rate.ofGbps(1))
                .levels(List.of(LevelSpec.of("user", FieldSpec.of(240, 32))))
                .addNode(NodeSpec.builder("x").key(org.hsdba.model.MatchKey.exact(32, new byte[] {1, 0, 0, 1}))
                        .guaranteed(Rate.ofMbps(100)).build())
                .addNode(NodeSpec.builder("y").key(org.hsdba.model.MatchKey.exact(32, new byte[] {1, 0, 0, 2}))
                        .guaranteed(Rate.ofMbps(300)).build())
                .build();
        CompiledProgram p = HsdbaCompiler.compile(tree, CAPS, OPTS);
        BandwidthTree more = tree.toBuilder().addNode(NodeSpec.builder("z")
                .key(org.hsdba.model.MatchKey.exact(32, new byte[] {1, 0, 0, 3})).guaranteed(Rate.ofMbps(200)).build()).build();
        CompiledDelta d = HsdbaCompiler.diff(tree, more, p.slots(), CAPS, OPTS);
        assertEquals("only z's ADD: x and y keep their weights", 1, d.messages().size());
        FlowMod x = of(p.messages(), FlowMod.class).get(1);
        assertEquals(100L << 24, ((HxCallBlock) x.instructions().get(0)).paramWord(Words.P_WEIGHT));
    }
}
