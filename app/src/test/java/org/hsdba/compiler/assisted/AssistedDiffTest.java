package org.hsdba.compiler.assisted;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.JoinTemplate;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.PortSelector;
import org.hsdba.model.TreeEdit;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.instruction.WriteMetadata;
import org.hsdba.pof.message.CounterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.junit.Test;

/** Incremental controller-assisted changes: stable entries, counters and thresholds; several trees per switch. */
public class AssistedDiffTest {

    private static final SwitchCapabilities STOCK = SwitchCapabilities.reference().withoutHx();
    private static final CompilerOptions OPTS = CompilerOptions.DEFAULTS;

    private static List<FlowMod> flowMods(List<PofMessage> m) {
        return m.stream().filter(x -> x instanceof FlowMod).map(x -> (FlowMod) x).collect(Collectors.toList());
    }

    /** The program after one poll that set thresholds (A1, A2: 128, the first step from 0; A: 16384), as the loop test computes them. */
    private static LoopState polled(AssistedProgram p) {
        ControllerAssistedLoop loop = new ControllerAssistedLoop(p);
        Map<Long, Long> bytes = new HashMap<>();
        p.counterIds().values().forEach(c -> bytes.put(c, 0L));
        LoopState s = loop.step(loop.initial(1), CounterReadings.of(0, bytes)).state();
        long perLeaf = 150_000_000L / 8;
        bytes.put(p.counterId("A1"), perLeaf);
        bytes.put(p.counterId("A2"), perLeaf);
        bytes.put(p.counterId("B1"), perLeaf);
        bytes.put(p.counterId("A"), 2 * perLeaf);
        bytes.put(p.counterId("B"), perLeaf);
        return loop.step(s, CounterReadings.of(1_000_000_000L, bytes)).state();
    }

    @Test
    public void aJoinedLeafIsOneAddAndEveryOtherEntryKeepsIndexCounterAndThreshold() {
        AssistedProgram p = AssistedCompiler.compile(AssistedCompilerTest.tree(), STOCK, OPTS);
        LoopState s = polled(p);
        assertEquals(Integer.valueOf(128), s.thresholds().get("A1"));
        BandwidthTree joined = TreeEdit.add(NodeSpec.builder("A3").parent("A")
                .key(MatchKey.exact(32, new byte[] {10, 1, 0, 3})).weight(1.0).build()).applyTo(p.tree());
        AssistedDelta d = AssistedCompiler.diff(p, s, joined, STOCK, OPTS);
        assertFalse(d.reinstall());
        assertEquals(d.toString(), 2, d.messages().size());
        assertEquals(d.program().dropCounterId("A3"), ((CounterMod) d.messages().get(0)).counterId());
        FlowMod add = (FlowMod) d.messages().get(1);
        assertEquals(FlowModCommand.ADD, add.command());
        assertEquals(d.program().counterId("A3"), add.counterId());
        for (String id : p.nodeIds()) {
            assertEquals(id + " keeps its entry", p.slots().get(id), d.program().slots().get(id));
            assertEquals(id + " keeps its counter", p.counterId(id), d.program().counterId(id));
            assertEquals(id + " keeps its threshold", s.thresholds().get(id), d.state().thresholds().get(id));
            assertEquals(id + " keeps its loop state", s.nodes().get(id), d.state().nodes().get(id));
        }
        assertEquals(Integer.valueOf(0), d.state().thresholds().get("A3"));
        assertEquals("a new counter starts at 0: no old reading", -1, d.state().nodes().get("A3").offeredBytes());
        assertEquals(s.timeNs(), d.state().timeNs());
        assertEquals("the new program installs the same entries, and A3 and its drop counter", p.messages().size() + 2,
                d.program().messages().size());
    }

    @Test
    public void aLeafsFirstChildModifiesItWithItsThresholdKept() {
        AssistedProgram p = AssistedCompiler.compile(AssistedCompilerTest.tree(), STOCK, OPTS);
        LoopState s = polled(p);
        BandwidthTree flat = BandwidthTree.builder(p.tree().port()).capacity(p.tree().capacity()).eta(1.0)
                .levels(p.tree().levels()).nodes(p.tree().nodes().stream().filter(n -> !n.id().startsWith("B1"))
                        .collect(Collectors.toList())).build();
        AssistedDelta noB1 = AssistedCompiler.diff(p, s, flat, STOCK, OPTS);
        assertEquals("B1 deleted with its drop counter, B becomes a leaf", 3, noB1.messages().size());
        assertEquals(FlowModCommand.DELETE, ((FlowMod) noB1.messages().get(0)).command());
        assertEquals(p.dropCounterId("B1"), ((CounterMod) noB1.messages().get(1)).counterId());
        FlowMod leafB = (FlowMod) noB1.messages().get(2);
        assertEquals(FlowModCommand.MODIFY, leafB.command());
        assertEquals(p.counterId("B"), leafB.counterId());
        assertEquals(4, leafB.instructions().size());
        assertFalse(noB1.state().thresholds().containsKey("B1"));
        BandwidthTree back = TreeEdit.add(p.tree().get("B1")).applyTo(flat);
        AssistedDelta d = AssistedCompiler.diff(noB1.program(), noB1.state(), back, STOCK, OPTS);
        List<FlowMod> f = flowMods(d.messages());
        assertEquals(d.toString(), 2, f.size());
        FlowMod b = f.get(0);
        assertEquals("B now looks up its children", FlowModCommand.MODIFY, b.command());
        assertTrue(b.instructions().get(0) instanceof WriteMetadata);
        assertTrue(b.instructions().get(2) instanceof GotoTable);
        assertEquals(p.counterId("B"), b.counterId());
        assertEquals(FlowModCommand.ADD, f.get(1).command());
        assertEquals("B1 reuses B1's freed numbers", p.slots().get("B1"), d.program().slots().get("B1"));
    }

    @Test
    public void aLevelJoinTemplateAppearingModifiesLevelOnesCatchAllOnly() {
        AssistedProgram p = AssistedCompiler.compile(AssistedCompilerTest.tree(), STOCK, OPTS);
        BandwidthTree t = p.tree();
        List<LevelSpec> levels = List.of(LevelSpec.of("group", FieldSpec.of(240, 16),
                JoinTemplate.builder().weight(1.0).build()), t.levels().get(1));
        AssistedDelta d = AssistedCompiler.diff(p, new ControllerAssistedLoop(p).initial(1),
                t.toBuilder().levels(levels).build(), STOCK, OPTS);
        assertFalse("a join template changes entries, not tables", d.reinstall());
        assertEquals(d.toString(), 1, d.messages().size());
        FlowMod catchAll = (FlowMod) d.messages().get(0);
        assertEquals(FlowModCommand.MODIFY, catchAll.command());
        assertEquals(p.catchAllIndex(), catchAll.index());
        assertEquals(p.levelTable(1), catchAll.tableId());

        List<LevelSpec> renamed = List.of(LevelSpec.of("subnet", FieldSpec.of(240, 16)), t.levels().get(1));
        AssistedDelta r = AssistedCompiler.diff(p, new ControllerAssistedLoop(p).initial(1),
                t.toBuilder().levels(renamed).build(), STOCK, OPTS);
        assertTrue("a renamed level re-creates its tables", r.reinstall());
        assertEquals("2 level tables and the drop hash table", 3,
                r.messages().stream().filter(m -> m instanceof TableMod && ((TableMod) m).command() == 0).count());
    }

    @Test
    public void twoTreesOnAStockSwitchHaveTheirOwnTablesAndCountersAndEditsStayInOne() {
        PortSelector two = PortSelector.of(FieldSpec.of(0, 48), MatchKey.exact(48, new byte[] {2, 0, 0, 0, 0, 2}));
        PortSelector three = PortSelector.of(FieldSpec.of(0, 48), MatchKey.exact(48, new byte[] {2, 0, 0, 0, 0, 3}));
        BandwidthTree a = AssistedCompilerTest.tree().toBuilder().selector(two).build();
        BandwidthTree b = BandwidthTree.builder(PortRef.of(a.port().deviceId(), 3)).capacity(a.capacity()).eta(1.0)
                .levels(a.levels()).selector(three).nodes(a.nodes()).build();
        AssistedSwitchDelta install = AssistedSwitchCompiler.compile(List.of(a, b), STOCK, OPTS);
        AssistedSwitchProgram sp = install.program();
        AssistedProgram pa = sp.program(2).get();
        AssistedProgram pb = sp.program(3).get();
        assertTrue(Collections.disjoint(pa.counterIds().values(), pb.counterIds().values()));
        Set<Integer> ta = new HashSet<>(pa.placement().levelTables());
        Set<Integer> tb = new HashSet<>(pb.placement().levelTables());
        assertTrue(Collections.disjoint(ta, tb));
        assertFalse(ta.contains(0) || tb.contains(0) || ta.contains(1) || tb.contains(1));
        List<FlowMod> dispatch = flowMods(install.messages()).stream().filter(f -> f.tableId() == 1)
                .collect(Collectors.toList());
        assertEquals("the drop hash in MM#0 goes to the dispatch table", 3,
                flowMods(install.messages()).stream().filter(f -> f.tableId() == 0).count());
        assertEquals(2, dispatch.size());
        for (FlowMod f : dispatch) {
            GotoTable g = (GotoTable) f.instructions().get(0);
            AssistedProgram p = f.index() == pa.placement().dispatchIndex() ? pa : pb;
            assertEquals("dispatch goes to the tree's own level 1", p.globalLevelTables().get(0).intValue(),
                    g.nextTableId());
        }
        assertEquals("hash table and entries, dispatch table, 2 x (2 tables + 5 drop counters + 5 nodes + 2 catch-alls"
                + " + dispatch entry)", 4 + 1 + 2 * 15, install.messages().size());

        BandwidthTree b2 = TreeEdit.add(NodeSpec.builder("B2").parent("B")
                .key(MatchKey.exact(32, new byte[] {10, 2, 0, 2})).weight(1.0).build()).applyTo(b);
        AssistedSwitchDelta d = AssistedSwitchCompiler.diff(sp, List.of(a, b2), STOCK, OPTS);
        assertEquals(d.toString(), 2, d.messages().size());
        FlowMod add = (FlowMod) d.messages().get(1);
        assertTrue(tb.contains(add.tableId()));
        assertEquals(d.program().program(3).get().counterId("B2"), add.counterId());
        assertFalse(pa.counterIds().containsValue(add.counterId()));
        assertEquals("tree 2's loop goes on", sp.state(2), d.program().state(2));
        AssistedProgram pa2 = d.program().program(2).get();
        assertEquals(pa.slots(), pa2.slots());
        assertEquals(pa.placement(), pa2.placement());
        assertEquals(pa.counterIds(), pa2.counterIds());
    }
}
