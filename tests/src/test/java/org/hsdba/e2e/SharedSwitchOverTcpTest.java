package org.hsdba.e2e;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.hsdba.compiler.ProgramLayout;
import org.hsdba.compiler.SwitchCompiler;
import org.hsdba.compiler.SwitchDelta;
import org.hsdba.compiler.SwitchProgram;
import org.hsdba.compiler.TreePlacement;
import org.hsdba.compiler.Words;
import org.hsdba.compiler.assisted.AssistedSwitchCompiler;
import org.hsdba.compiler.assisted.AssistedSwitchDelta;
import org.hsdba.compiler.assisted.AssistedSwitchProgram;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.PortSelector;
import org.hsdba.model.TreeEdit;
import org.hsdba.pof.message.CounterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.southbound.SwitchMode;
import org.junit.Test;

/**
 * Two trees on one switch over TCP: the single-level 1,1,2,1,1,2 tree on egress port 2 and the
 * two-level 1:2 / 1:1:2 tree on egress port 3, picked by destination MAC (port selectors), their
 * sources interleaved through the one switch for the first {@value #PHASES} phases. Each tree is
 * held to its own exact allocation with the single-tree bounds (2 % in-switch, 5 % after
 * convergence controller-assisted). Then an edit of the port 3 tree: its incremental delta alone,
 * and nothing of the port 2 tree (entries, state words, counters, registers) changes.
 */
public class SharedSwitchOverTcpTest {

    static final int PHASES = 6;
    private static final FieldSpec DST_MAC = FieldSpec.of(0, 48);

    static PortSelector mac(int port) {
        return PortSelector.of(DST_MAC, MatchKey.exact(48, new byte[] {2, 0, 0, 0, 0, (byte) port}));
    }

    static List<BandwidthTree> trees() {
        BandwidthTree single = PaperScenario.singleLevel(1, 1, 2, 1, 1, 2).toBuilder().selector(mac(2)).build();
        BandwidthTree two = PaperScenario.twoLevel(1, 2, 1, 1, 2);
        BandwidthTree onThree = BandwidthTree.builder(PortRef.of(two.port().deviceId(), 3)).capacity(two.capacity())
                .eta(two.eta()).levels(two.levels()).selector(mac(3)).nodes(two.nodes()).build();
        return List.of(single, onThree);
    }

    /** B3's weight 2 -> 4 and a new leaf B4 under B: a MODIFY (in-switch; weights are params) and an ADD. */
    static BandwidthTree edited(BandwidthTree t) {
        NodeSpec b3 = t.get("B3");
        BandwidthTree e = TreeEdit.update(NodeSpec.builder("B3").parent("B").key(b3.key()).weight(4.0).build()).applyTo(t);
        return TreeEdit.add(NodeSpec.builder("B4").parent("B").key(MatchKey.exact(32, new byte[] {10, 2, 0, 4}))
                .weight(1.0).build()).applyTo(e);
    }

    @Test
    public void inSwitchTwoTreesOnOneSwitchEachWithinTwoPercentAndAnEditOfOneLeavesTheOtherAlone() {
        List<BandwidthTree> trees = trees();
        try (TcpSwitchRig rig = TcpSwitchRig.start(true, 1)) {
            assertEquals(SwitchMode.IN_SWITCH, rig.mode());
            List<PhaseRun.Result> r = PaperRuns.inSwitchTrees(trees, PaperRuns.IN_SWITCH, rig, PHASES);
            assertEquals("ERRORs from the switch", List.of(), rig.errors());
            for (int j = 0; j < trees.size(); j++) {
                assertTrue("port " + trees.get(j).port().port() + ": " + r.get(j), r.get(j).worst < 0.02);
            }

            SwitchProgram installed = SwitchCompiler.compile(trees, rig.capabilities(), PaperRuns.IN_SWITCH).program();
            String portTwoBefore = inSwitchState(rig, installed, 2);
            SwitchDelta d = SwitchCompiler.diff(installed, List.of(trees.get(0), edited(trees.get(1))),
                    rig.capabilities(), PaperRuns.IN_SWITCH);
            System.out.println("edit of port 3 on the shared switch: " + d);
            assertEquals(d.toString(), 2, d.messages().size());
            assertTrue(d.reinstalledPorts().isEmpty() && !d.dispatchRebuilt());
            assertOnlyTables(d.messages(), installed.layout(3));
            rig.install(d.messages());
            assertEquals("ERRORs from the switch", List.of(), rig.errors());
            assertEquals("port 2's tree is untouched", portTwoBefore, inSwitchState(rig, installed, 2));
        }
    }

    @Test
    public void assistedTwoTreesOnOneStockSwitchEachWithinFivePercentAndAnEditOfOneLeavesTheOtherAlone() {
        List<BandwidthTree> trees = trees();
        try (TcpSwitchRig rig = TcpSwitchRig.start(false, 1)) {
            assertEquals(SwitchMode.CONTROLLER_ASSISTED, rig.mode());
            List<PhaseRun.Result> r = PaperRuns.assistedTrees(trees, rig, PHASES);
            assertEquals("ERRORs from the switch", List.of(), rig.errors());
            for (int j = 0; j < trees.size(); j++) {
                assertTrue("port " + trees.get(j).port().port() + ": " + r.get(j), r.get(j).worst < 0.05);
            }

            AssistedSwitchProgram installed = AssistedSwitchCompiler.compile(trees, rig.capabilities(),
                    CompilerOptions.DEFAULTS).program();
            String portTwoBefore = counters(rig, installed, 2);
            AssistedSwitchDelta d = AssistedSwitchCompiler.diff(installed, List.of(trees.get(0), edited(trees.get(1))),
                    rig.capabilities(), CompilerOptions.DEFAULTS);
            System.out.println("edit of port 3 on the shared stock switch: " + d);
            assertEquals("weights live in the controller: only B4's drop counter and ADD. " + d, 2,
                    d.messages().size());
            assertTrue(d.messages().get(0) instanceof CounterMod);
            assertTrue(d.reinstalledPorts().isEmpty() && !d.dispatchRebuilt());
            List<Integer> portThreeTables = installed.program(3).get().placement().levelTables();
            for (PofMessage m : d.messages().subList(1, d.messages().size())) {
                assertTrue(m + " is in port 3's tables", portThreeTables.contains(((FlowMod) m).tableId()));
            }
            rig.install(d.messages());
            assertEquals("ERRORs from the switch", List.of(), rig.errors());
            assertEquals("port 2's counters go on", portTwoBefore, counters(rig, installed, 2));
        }
    }

    private static void assertOnlyTables(List<PofMessage> messages, ProgramLayout layout) {
        List<Integer> tables = new ArrayList<>();
        for (int level = 1; level <= layout.levels(); level++) {
            tables.add(layout.levelTable(level));
        }
        for (PofMessage m : messages) {
            FlowMod f = (FlowMod) m;
            assertTrue(f + " is in " + tables, tables.contains(f.tableId()));
            assertTrue(f.command() == FlowModCommand.ADD || f.command() == FlowModCommand.MODIFY);
        }
    }

    /** Everything the switch holds for the tree of {@code port}: its port entry, level entries and registers. */
    private static String inSwitchState(TcpSwitchRig rig, SwitchProgram p, long port) {
        ProgramLayout layout = p.layout(port);
        StringBuilder sb = new StringBuilder();
        sb.append(rig.datapath().entryRecord(layout.globalId(layout.portTable()), layout.portEntryIndex())).append('\n');
        for (int level = 1; level <= layout.levels(); level++) {
            sb.append(rig.datapath().entryRecords(layout.globalId(layout.levelTable(level)))).append('\n');
        }
        for (long chunk : p.placement().tree(port).get().registerChunks()) {
            for (int w = 0; w < Words.REGISTERS_PER_SLOT * TreePlacement.REGISTER_CHUNK_SLOTS; w++) {
                sb.append(rig.datapath().register((int) (chunk + w))).append(' ');
            }
        }
        return sb.toString();
    }

    /** The byte counters of the tree of {@code port}'s entries. */
    private static String counters(TcpSwitchRig rig, AssistedSwitchProgram p, long port) {
        Map<Long, Long> bytes = rig.counterBytes();
        StringBuilder sb = new StringBuilder();
        p.program(port).get().counterIds().forEach((id, counter) ->
                sb.append(id).append('=').append(bytes.get(counter)).append(' '));
        return sb.toString();
    }
}
