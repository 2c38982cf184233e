package org.hsdba.compiler;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.hsdba.algorithm.KernelOptions;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.JoinTemplate;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.PortSelector;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.message.TableModCommand;
import org.junit.Test;

/** Several trees on one switch: a dispatch table, per-tree tables, blocks and registers, per-tree deltas. */
public class SwitchCompilerTest {

    private static final SwitchCapabilities CAPS = SwitchCapabilities.reference();
    private static final CompilerOptions OPTS = CompilerOptions.builder()
            .algorithm(KernelOptions.builder().idleTimeout(Duration.ofMillis(50)).build()).build();
    /** Destination MAC: which port a frame leaves by. */
    private static final FieldSpec DST_MAC = FieldSpec.of(0, 48);

    static PortSelector mac(int last) {
        return PortSelector.of(DST_MAC, MatchKey.exact(48, new byte[] {2, 0, 0, 0, 0, (byte) last}));
    }

    /** The two-level test tree on {@code port}, selected by destination MAC 02:00:00:00:00:{port} (null: no selector). */
    static BandwidthTree tree(long port, PortSelector selector) {
        BandwidthTree t = CompilerTestTrees.twoLevel();
        return BandwidthTree.builder(PortRef.of(t.port().deviceId(), port)).capacity(t.capacity()).eta(t.eta())
                .levels(t.levels()).selector(selector).nodes(t.nodes()).build();
    }

    private static List<FlowMod> flowMods(List<PofMessage> m) {
        return m.stream().filter(x -> x instanceof FlowMod).map(x -> (FlowMod) x).collect(Collectors.toList());
    }

    /** Per-type MM ids a batch of messages touches (TABLE_MODs and FLOW_MODs). */
    private static Set<Integer> tablesTouched(List<PofMessage> m) {
        Set<Integer> out = new HashSet<>();
        for (PofMessage x : m) {
            if (x instanceof FlowMod) {
                out.add(((FlowMod) x).tableId());
            } else if (x instanceof TableMod) {
                out.add(((TableMod) x).tableId());
            }
        }
        return out;
    }

    private static Set<Integer> tablesOf(SwitchProgram p, long port) {
        ProgramLayout l = p.layout(port);
        Set<Integer> out = new HashSet<>();
        for (int level = 1; level <= l.levels(); level++) {
            out.add(l.levelTable(level));
        }
        return out;
    }

    @Test
    public void oneTreeWithoutSelectorIsTheTreeCompiledAloneBehindACatchAllDispatch() {
        BandwidthTree t = tree(2, null);
        SwitchDelta d = SwitchCompiler.compile(List.of(t), CAPS, OPTS);
        CompiledProgram alone = HsdbaCompiler.compile(t, CAPS, OPTS);
        assertEquals("same tables, blocks and registers as the tree compiled alone",
                flowMods(alone.messages()).stream().map(f -> f.toBuilder().xid(0).build()).collect(Collectors.toList()),
                flowMods(d.messages()).stream().map(f -> f.toBuilder().xid(0).build()).collect(Collectors.toList()));
        TableMod dispatch = (TableMod) d.messages().get(0);
        assertEquals(0, dispatch.tableId());
        assertEquals(SwitchPlacement.DISPATCH_SIZE, dispatch.size());
        assertTrue(d.program().dispatch().get().keyedByTag());
    }

    @Test
    public void twoTreesGetDisjointTablesBlocksRegistersAndOneDispatchEntryEach() {
        BandwidthTree a = tree(2, mac(2));
        BandwidthTree b = tree(3, mac(3));
        SwitchDelta d = SwitchCompiler.compile(List.of(a, b), CAPS, OPTS);
        SwitchProgram p = d.program();
        assertEquals(List.of(a, b), p.trees());
        Set<Integer> ta = tablesOf(p, 2);
        Set<Integer> tb = tablesOf(p, 3);
        assertTrue(ta + " and " + tb + " overlap", Collections.disjoint(ta, tb));
        assertFalse("MM#0 dispatches", ta.contains(0) || tb.contains(0));
        ProgramLayout la = p.layout(2);
        ProgramLayout lb = p.layout(3);
        assertNotEquals(la.portBlock(), lb.portBlock());
        assertNotEquals(la.registerBase(0), lb.registerBase(0));
        assertEquals(2L, la.egressPort());
        assertEquals(3L, lb.egressPort());

        List<FlowMod> dispatch = flowMods(d.messages()).stream().filter(f -> f.tableId() == 0).collect(Collectors.toList());
        assertEquals(2, dispatch.size());
        for (FlowMod f : dispatch) {
            HxCallBlock call = (HxCallBlock) f.instructions().get(0);
            ProgramLayout l = call.blockId() == la.portBlock() ? la : lb;
            assertEquals("the port entry calls its own tree's port block", l.portEntryIndex(), f.index());
            assertEquals("its port registers", l.registerBase(0), call.paramWord(Words.P_PARENT_BASE));
            assertEquals("1 + 48 selector bits", 49, f.priority());
            assertEquals(48, f.matches().get(0).field().lengthBits());
        }
        TableMod table = (TableMod) d.messages().get(0);
        assertEquals("keyed by the selectors' field", 48, table.keyLengthBits());
    }

    @Test
    public void editingOneTreeTouchesOnlyItsTablesWithTheSameMessagesAsAlone() {
        BandwidthTree a = tree(2, mac(2));
        BandwidthTree b = tree(3, mac(3));
        SwitchProgram p = SwitchCompiler.compile(List.of(a, b), CAPS, OPTS).program();
        BandwidthTree b2 = TreeEdit.add(CompilerTestTrees.user("B4", "B", 2, 4, 1)).applyTo(b);
        b2 = TreeEdit.update(NodeSpec.builder("A1").parent("A").key(b.get("A1").key()).weight(3.0).build()).applyTo(b2);
        SwitchDelta d = SwitchCompiler.diff(p, List.of(a, b2), CAPS, OPTS);
        CompiledDelta alone = HsdbaCompiler.diff(b, b2, p.slots(3), CAPS, OPTS);
        assertEquals(d.toString(), alone.messages().size(), d.messages().size());
        assertEquals(2, d.messages().size());
        assertEquals(1, d.added());
        assertEquals(1, d.modified());
        assertTrue(d.reinstalledPorts().isEmpty() && !d.dispatchRebuilt());
        assertTrue("only port 3's tables: " + tablesTouched(d.messages()),
                tablesOf(p, 3).containsAll(tablesTouched(d.messages())));
        assertEquals("port 2 is exactly as before", p.slots(2), d.program().slots(2));
        assertEquals(p.placement().tree(2), d.program().placement().tree(2));
    }

    @Test
    public void addingAndRemovingATreeLeavesTheOtherAlone() {
        BandwidthTree a = tree(2, mac(2));
        BandwidthTree b = tree(3, mac(3));
        SwitchProgram one = SwitchCompiler.compile(List.of(a), CAPS, OPTS).program();
        SwitchDelta add = SwitchCompiler.diff(one, List.of(a, b), CAPS, OPTS);
        assertEquals(Set.of(3L), add.addedPorts());
        assertFalse("same selector field: the dispatch table stays", add.dispatchRebuilt());
        Set<Integer> aTables = tablesOf(one, 2);
        for (PofMessage m : add.messages()) {
            if (m instanceof FlowMod && ((FlowMod) m).tableId() == 0) {
                assertEquals("only b's dispatch entry", FlowModCommand.ADD, ((FlowMod) m).command());
                assertEquals(add.program().layout(3).portEntryIndex(), ((FlowMod) m).index());
            }
            if (m instanceof HxRegisterMod) {
                long first = ((HxRegisterMod) m).firstWord();
                assertTrue("register writes stay in b's chunk", first >= add.program().layout(3).registerBase(0));
            }
        }
        assertTrue(Collections.disjoint(aTables, tablesTouched(add.messages())));

        SwitchDelta remove = SwitchCompiler.diff(add.program(), List.of(a), CAPS, OPTS);
        assertEquals(Set.of(3L), remove.removedPorts());
        List<PofMessage> m = remove.messages();
        FlowMod first = (FlowMod) m.get(0);
        assertEquals("b's dispatch entry goes first", 0, first.tableId());
        assertEquals(FlowModCommand.DELETE, first.command());
        long tableDeletes = m.stream().filter(x -> x instanceof TableMod
                && ((TableMod) x).command() == TableModCommand.DELETE).count();
        long blockDeletes = m.stream().filter(x -> x instanceof HxBlockMod).count();
        assertEquals(2, tableDeletes);
        assertEquals("port block and two level blocks", 3, blockDeletes);
        assertEquals(1 + 8 + 2 + 3, m.size());
        assertTrue(Collections.disjoint(aTables, tablesTouched(m).stream().filter(t -> t != 0).collect(Collectors.toSet())));
        assertTrue(remove.program().placement().tree(3).isEmpty());

        SwitchDelta again = SwitchCompiler.diff(remove.program(), List.of(a, b), CAPS, OPTS);
        assertEquals("freed tables are reused later", tablesOf(add.program(), 3), tablesOf(again.program(), 3));
    }

    @Test
    public void aJoinTemplateAtLevelOneIsOneModifyOfTheTreesDispatchEntry() {
        BandwidthTree a = tree(2, mac(2));
        BandwidthTree b = tree(3, mac(3));
        SwitchProgram p = SwitchCompiler.compile(List.of(a, b), CAPS, OPTS).program();
        BandwidthTree joins = a.toBuilder().levels(List.of(LevelSpec.of("group", FieldSpec.of(240, 16),
                JoinTemplate.builder().weight(1.0).build()), a.levels().get(1))).build();
        SwitchDelta d = SwitchCompiler.diff(p, List.of(joins, b), CAPS, OPTS);
        assertEquals(d.toString(), 1, d.messages().size());
        FlowMod port = (FlowMod) d.messages().get(0);
        assertEquals(FlowModCommand.MODIFY, port.command());
        assertEquals(0, port.tableId());
        assertEquals(p.layout(2).portEntryIndex(), port.index());
        assertEquals(Words.LOOKUP_JOIN, ((HxCallBlock) port.instructions().get(0)).paramWord(Words.P_LOOKUP));
        assertTrue(d.reinstalledPorts().isEmpty());
    }

    @Test
    public void theFirstSelectorRebuildsTheDispatchTableButNoTreeEntries() {
        BandwidthTree a = tree(2, null);
        SwitchProgram one = SwitchCompiler.compile(List.of(a), CAPS, OPTS).program();
        BandwidthTree b = tree(3, mac(3));
        SwitchDelta d = SwitchCompiler.diff(one, List.of(a, b), CAPS, OPTS);
        assertTrue(d.dispatchRebuilt());
        List<PofMessage> m = d.messages();
        assertEquals("a's port entry out", FlowModCommand.DELETE, ((FlowMod) m.get(0)).command());
        assertEquals(TableModCommand.DELETE, ((TableMod) m.get(1)).command());
        assertEquals(TableModCommand.ADD, ((TableMod) m.get(2)).command());
        assertEquals(48, ((TableMod) m.get(2)).keyLengthBits());
        List<FlowMod> aEntries = flowMods(m).stream().filter(f -> tablesOf(one, 2).contains(f.tableId()))
                .collect(Collectors.toList());
        assertTrue("a's node entries stay: " + aEntries, aEntries.isEmpty());
        FlowMod aPort = flowMods(m).stream().filter(f -> f.tableId() == 0 && f.command() == FlowModCommand.ADD
                && f.index() == one.layout(2).portEntryIndex()).findFirst().get();
        assertEquals("a without selector takes the rest, at the lowest priority", 0, aPort.priority());
        assertEquals(0, aPort.matches().get(0).mask()[0]);
    }

    @Test
    public void changingOneTreesLevelsReinstallsOnlyThatTreeInItsOwnPlace() {
        BandwidthTree a = tree(2, mac(2));
        BandwidthTree b = tree(3, mac(3));
        SwitchProgram p = SwitchCompiler.compile(List.of(a, b), CAPS, OPTS).program();
        List<NodeSpec> groups = b.nodes().stream().filter(n -> n.parentId() == null).collect(Collectors.toList());
        BandwidthTree flat = BandwidthTree.builder(b.port()).capacity(b.capacity()).eta(b.eta()).selector(b.selector().get())
                .levels(List.of(b.levels().get(0))).nodes(groups).build();
        SwitchDelta d = SwitchCompiler.diff(p, List.of(a, flat), CAPS, OPTS);
        assertEquals(Set.of(3L), d.reinstalledPorts());
        assertEquals(p.layout(3).portEntryIndex(), d.program().layout(3).portEntryIndex());
        assertEquals(p.layout(3).levelTable(1), d.program().layout(3).levelTable(1));
        assertTrue(tablesOf(p, 3).containsAll(tablesTouched(d.messages()).stream().filter(t -> t != 0)
                .collect(Collectors.toSet())));
        assertEquals(p.slots(2), d.program().slots(2));
    }

    @Test
    public void aTreeGrowingPastItsRegisterChunkGetsAnotherZeroedOne() {
        BandwidthTree a = tree(2, mac(2));
        BandwidthTree b = tree(3, mac(3));
        SwitchProgram p = SwitchCompiler.compile(List.of(a, b), CAPS, OPTS).program();
        BandwidthTree big = a;
        for (int g = 3; g < 3 + TreePlacement.REGISTER_CHUNK_SLOTS; g++) {
            big = TreeEdit.add(CompilerTestTrees.group("G" + g, g, 1)).applyTo(big);
        }
        SwitchDelta d = SwitchCompiler.diff(p, List.of(big, b), CAPS, OPTS);
        List<Long> chunks = d.program().placement().tree(2).get().registerChunks();
        assertEquals(2, chunks.size());
        HxRegisterMod zero = (HxRegisterMod) d.messages().get(0);
        assertEquals(chunks.get(1).longValue(), zero.firstWord());
        assertEquals(Words.REGISTERS_PER_SLOT * TreePlacement.REGISTER_CHUNK_SLOTS, zero.count());
        assertFalse("b's registers are elsewhere", d.program().placement().tree(3).get().registerChunks()
                .contains(chunks.get(1)));
        for (FlowMod f : flowMods(d.messages())) {
            HxCallBlock call = (HxCallBlock) f.instructions().get(0);
            long self = call.paramWord(Words.P_SELF_BASE);
            assertTrue("register base " + self + " inside a's chunks", self == 0 || chunks.stream().anyMatch(c ->
                    self >= c && self < c + Words.REGISTERS_PER_SLOT * TreePlacement.REGISTER_CHUNK_SLOTS));
        }
    }

    @Test
    public void selectorsThatDoNotTellTheTreesApartAreRefusedWithBothPorts() {
        PortSelector net10 = PortSelector.of(FieldSpec.of(240, 32), MatchKey.parse("10.0.0.0/8", null, 32));
        PortSelector net1011 = PortSelector.of(FieldSpec.of(240, 32), MatchKey.parse("10.1.0.0/16", null, 32));
        PortSelector odd = PortSelector.of(FieldSpec.of(240, 32), MatchKey.parse("0x00000001", "0x000000ff", 32));
        refused(List.of(tree(2, null), tree(3, null)), "port 2 and port 3", "no selector");
        refused(List.of(tree(2, mac(2)), tree(3, net10)), "port 3 selects by bits 240..271", "same field");
        refused(List.of(tree(2, mac(2)), tree(3, mac(2))), "select the same traffic", "port 2");
        refused(List.of(tree(2, net10), tree(3, odd)), "neither contains the other", "port 3");
        SwitchProgram nested = SwitchCompiler.compile(List.of(tree(2, net10), tree(3, net1011), tree(4, null)), CAPS, OPTS)
                .program();
        assertEquals(3, nested.trees().size());
    }

    @Test
    public void moreTreesThanTablesIsRefusedNamingThePort() {
        List<BandwidthTree> trees = new ArrayList<>();
        for (int port = 1; port <= 4; port++) {
            trees.add(tree(port, mac(port)));
        }
        try {
            SwitchCompiler.compile(trees, CAPS, OPTS);
            fail("8 MM tables hold the dispatch table and three two-level trees");
        } catch (CompilerException e) {
            assertTrue(e.getMessage(), e.getMessage().startsWith("port 4: "));
            assertTrue(e.getMessage(), e.getMessage().contains("8 MM tables"));
        }
    }

    @Test
    public void removingEveryTreeDeletesTheDispatchTable() {
        SwitchProgram p = SwitchCompiler.compile(List.of(tree(2, mac(2))), CAPS, OPTS).program();
        SwitchDelta d = SwitchCompiler.diff(p, List.of(), CAPS, OPTS);
        FlowMod portEntry = (FlowMod) d.messages().get(0);
        assertEquals(0, portEntry.tableId());
        assertEquals(FlowModCommand.DELETE, portEntry.command());
        TableMod dispatchDelete = (TableMod) d.messages().get(1);
        assertEquals("the dispatch table right after its entry", 0, dispatchDelete.tableId());
        assertEquals(TableModCommand.DELETE, dispatchDelete.command());
        assertEquals(2 + 8 + 2 + 3, d.messages().size());
        assertTrue(d.program().dispatch().isEmpty());
        assertTrue(SwitchCompiler.diff(d.program(), List.of(), CAPS, OPTS).isEmpty());
    }

    private static void refused(List<BandwidthTree> trees, String... phrases) {
        try {
            SwitchCompiler.compile(trees, CAPS, OPTS);
            fail("expected a refusal");
        } catch (CompilerException e) {
            for (String p : phrases) {
                assertTrue(e.getMessage() + " should say " + p, e.getMessage().contains(p));
            }
        }
    }
}
