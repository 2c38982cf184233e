package org.hsdba.compiler;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

import org.hsdba.algorithm.KernelOptions;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.junit.Test;

/** Incremental compilation: a small edit gives a handful of messages and keeps every other node's place. */
public class CompilerDiffTest {

    private static final SwitchCapabilities CAPS = SwitchCapabilities.reference();
    private static final CompilerOptions OPTS = CompilerOptions.builder()
            .algorithm(KernelOptions.builder().idleTimeout(Duration.ofMillis(50)).build()).build();

    private static BandwidthTree edit(BandwidthTree t, TreeEdit e) {
        return e.applyTo(t);
    }

    private static List<FlowMod> flowMods(CompiledDelta d) {
        return d.messages().stream().filter(m -> m instanceof FlowMod).map(m -> (FlowMod) m).collect(Collectors.toList());
    }

    @Test
    public void identicalTreesGiveAnEmptyDelta() {
        BandwidthTree t = CompilerTestTrees.twoLevel();
        CompiledProgram p = HsdbaCompiler.compile(t, CAPS, OPTS);
        CompiledDelta d = HsdbaCompiler.diff(t, t, p.slots(), CAPS, OPTS);
        assertTrue(d.toString(), d.isEmpty());
        assertEquals(p.slots(), d.slots());
    }

    @Test
    public void addingALeafIsOneFlowModAdd() {
        BandwidthTree t = CompilerTestTrees.twoLevel();
        CompiledProgram p = HsdbaCompiler.compile(t, CAPS, OPTS);
        BandwidthTree t2 = edit(t, TreeEdit.add(CompilerTestTrees.user("A4", "A", 1, 4, 1)));
        CompiledDelta d = HsdbaCompiler.diff(t, t2, p.slots(), CAPS, OPTS);
        assertEquals(d.toString(), 1, d.messages().size());
        FlowMod add = flowMods(d).get(0);
        assertEquals(FlowModCommand.ADD, add.command());
        assertEquals(1, d.added());
        for (String id : List.of("A", "B", "A1", "A2", "A3", "B1", "B2", "B3")) {
            assertEquals(id + " keeps its slot", p.slots().get(id), d.slots().get(id));
        }
    }

    @Test
    public void deletingALeafIsOneFlowModDeleteAndItsNumbersAreReusedLater() {
        BandwidthTree t = CompilerTestTrees.twoLevel();
        CompiledProgram p = HsdbaCompiler.compile(t, CAPS, OPTS);
        BandwidthTree t2 = edit(t, TreeEdit.deleteSubtree("A2"));
        CompiledDelta d = HsdbaCompiler.diff(t, t2, p.slots(), CAPS, OPTS);
        assertEquals(d.toString(), 1, d.messages().size());
        FlowMod del = flowMods(d).get(0);
        assertEquals(FlowModCommand.DELETE, del.command());
        assertEquals(p.slots().get("A2").entryIndex(), del.index());
        BandwidthTree t3 = edit(t2, TreeEdit.add(CompilerTestTrees.user("A5", "A", 1, 5, 1)));
        CompiledDelta d2 = HsdbaCompiler.diff(t2, t3, d.slots(), CAPS, OPTS);
        assertEquals(1, d2.messages().size());
        assertEquals("freed entry index reused", p.slots().get("A2").entryIndex(), d2.slots().get("A5").entryIndex());
        assertEquals("freed handle reused", p.slots().get("A2").handle(), d2.slots().get("A5").handle());
    }

    @Test
    public void changingAWeightIsOneModifyWithTheSameIndex() {
        BandwidthTree t = CompilerTestTrees.twoLevel();
        CompiledProgram p = HsdbaCompiler.compile(t, CAPS, OPTS);
        NodeSpec b2 = t.get("B2").toBuilder().weight(3.0).build();
        CompiledDelta d = HsdbaCompiler.diff(t, edit(t, TreeEdit.update(b2)), p.slots(), CAPS, OPTS);
        assertEquals(d.toString(), 1, d.messages().size());
        FlowMod mod = flowMods(d).get(0);
        assertEquals(FlowModCommand.MODIFY, mod.command());
        assertEquals(p.slots().get("B2").entryIndex(), mod.index());
        assertEquals(3L << 24, ((HxCallBlock) mod.instructions().get(0)).paramWord(Words.P_WEIGHT));
    }

    @Test
    public void deletingASubtreeDeletesChildrenBeforeTheParent() {
        BandwidthTree t = CompilerTestTrees.twoLevel();
        CompiledProgram p = HsdbaCompiler.compile(t, CAPS, OPTS);
        CompiledDelta d = HsdbaCompiler.diff(t, edit(t, TreeEdit.deleteSubtree("B")), p.slots(), CAPS, OPTS);
        List<FlowMod> f = flowMods(d);
        assertEquals(d.toString(), 4, d.messages().size());
        assertTrue(f.stream().allMatch(m -> m.command() == FlowModCommand.DELETE));
        assertEquals("parent deleted last", p.layout().levelTable(1), f.get(3).tableId());
        assertFalse(d.slots().slot("B1").isPresent());
    }

    @Test
    public void addingAChildUnderALeafGroupAlsoTurnsOnTheParentsLookup() {
        BandwidthTree t = CompilerTestTrees.twoLevel();
        BandwidthTree t1 = edit(t, TreeEdit.add(CompilerTestTrees.group("C", 3, 1)));
        CompiledProgram p = HsdbaCompiler.compile(t1, CAPS, OPTS);
        BandwidthTree t2 = edit(t1, TreeEdit.add(CompilerTestTrees.user("C1", "C", 3, 1, 1)));
        CompiledDelta d = HsdbaCompiler.diff(t1, t2, p.slots(), CAPS, OPTS);
        assertEquals(d.toString(), 2, d.messages().size());
        assertEquals(1, d.modified());
        assertEquals(1, d.added());
        FlowMod mod = flowMods(d).get(0);
        assertEquals(Words.LOOKUP_PLAIN, ((HxCallBlock) mod.instructions().get(0)).paramWord(Words.P_LOOKUP));
    }

    @Test
    public void movingALeafToAnotherParentIsOneModifyWithTheNewTag() {
        BandwidthTree t = CompilerTestTrees.twoLevel();
        CompiledProgram p = HsdbaCompiler.compile(t, CAPS, OPTS);
        // The moved leaf takes a key inside its new parent's subnet (admission refuses one that never matches).
        BandwidthTree moved = edit(edit(t, TreeEdit.move("A1", "B")), TreeEdit.update(CompilerTestTrees.user("A1", "B", 2, 9, 1)));
        CompiledDelta d = HsdbaCompiler.diff(t, moved, p.slots(), CAPS, OPTS);
        assertEquals(d.toString(), 1, d.messages().size());
        FlowMod mod = flowMods(d).get(0);
        assertEquals(FlowModCommand.MODIFY, mod.command());
        assertEquals(p.slots().get("A1"), d.slots().get("A1"));
        assertEquals(p.layout().registerBase(p.slots().get("B").registerSlot()),
                ((HxCallBlock) mod.instructions().get(0)).paramWord(Words.P_PARENT_BASE));
    }

    @Test
    public void movingANodeToAnotherLevelIsDeleteAndAddKeepingItsHandle() {
        List<LevelSpec> levels = List.of(LevelSpec.of("group", FieldSpec.of(272, 16)), LevelSpec.of("user", FieldSpec.of(288, 16)));
        BandwidthTree t = BandwidthTree.builder(CompilerTestTrees.PORT).capacity(Rate.ofGbps(1)).levels(levels)
                .addNode(NodeSpec.builder("A").key(org.hsdba.model.MatchKey.exact(16, new byte[] {0, 1})).weight(1.0).build())
                .addNode(NodeSpec.builder("A1").parent("A").key(org.hsdba.model.MatchKey.exact(16, new byte[] {0, 2}))
                        .weight(1.0).build())
                .build();
        CompiledProgram p = HsdbaCompiler.compile(t, CAPS, OPTS);
        BandwidthTree moved = edit(t, TreeEdit.move("A1", null));
        CompiledDelta d = HsdbaCompiler.diff(t, moved, p.slots(), CAPS, OPTS);
        List<FlowMod> f = flowMods(d);
        assertEquals(d.toString(), 3, f.size());
        assertEquals(FlowModCommand.DELETE, f.get(0).command());
        assertEquals(p.layout().levelTable(2), f.get(0).tableId());
        assertEquals("A has no children left: its lookup is switched off", FlowModCommand.MODIFY, f.get(1).command());
        assertEquals(FlowModCommand.ADD, f.get(2).command());
        assertEquals(p.layout().levelTable(1), f.get(2).tableId());
        assertEquals(p.slots().get("A1").handle(), d.slots().get("A1").handle());
        assertEquals(1, d.slots().get("A1").level());
        assertTrue("a level-1 node can have children: it now has registers", d.slots().get("A1").hasRegisters());
    }

    @Test
    public void changingEtaWritesOnlyThePortsBandwidth() {
        BandwidthTree t = CompilerTestTrees.twoLevel();
        CompiledProgram p = HsdbaCompiler.compile(t, CAPS, OPTS);
        CompiledDelta d = HsdbaCompiler.diff(t, t.toBuilder().eta(0.9).build(), p.slots(), CAPS, OPTS);
        assertEquals(d.toString(), 1, d.messages().size());
        HxRegisterMod r = (HxRegisterMod) d.messages().get(0);
        assertEquals((long) (300e6 * 0.9 / 8), r.values()[0]);
    }

    @Test
    public void aReusedRegisterSlotIsZeroedBeforeUse() {
        BandwidthTree t = CompilerTestTrees.twoLevel();
        CompiledProgram p = HsdbaCompiler.compile(t, CAPS, OPTS);
        BandwidthTree t2 = edit(t, TreeEdit.deleteSubtree("B"));
        CompiledDelta d = HsdbaCompiler.diff(t, t2, p.slots(), CAPS, OPTS);
        BandwidthTree t3 = edit(t2, TreeEdit.add(CompilerTestTrees.group("C", 3, 1)));
        CompiledDelta d2 = HsdbaCompiler.diff(t2, t3, d.slots(), CAPS, OPTS);
        List<PofMessage> m = d2.messages();
        assertEquals(d2.toString(), 2, m.size());
        HxRegisterMod zero = (HxRegisterMod) m.get(0);
        assertEquals(HxRegisterMod.COMMAND_ZERO, zero.command());
        assertEquals(p.layout().registerBase(p.slots().get("B").registerSlot()), zero.firstWord());
        assertEquals(Words.REGISTERS_PER_SLOT, zero.count());
    }

    @Test
    public void changedLevelsGiveAFullReinstall() {
        BandwidthTree t = CompilerTestTrees.twoLevel();
        CompiledProgram p = HsdbaCompiler.compile(t, CAPS, OPTS);
        List<LevelSpec> levels = List.of(LevelSpec.of("group", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32)),
                LevelSpec.of("service", FieldSpec.of(288, 16)));
        BandwidthTree t2 = t.toBuilder().levels(levels).build();
        CompiledDelta d = HsdbaCompiler.diff(t, t2, p.slots(), CAPS, OPTS);
        assertTrue(d.reinstall());
        assertEquals(8, d.deleted());
        assertTrue(d.messages().size() > p.messages().size());
        assertEquals(Rate.ofMbps(300), t2.capacity());
    }
}
