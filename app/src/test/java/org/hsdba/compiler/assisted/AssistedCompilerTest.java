package org.hsdba.compiler.assisted;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.HashSet;
import java.util.stream.Collectors;

import org.hsdba.compiler.CompilerException;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.pof.codec.PofCodec;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.instruction.CalculateField;
import org.hsdba.pof.instruction.ConditionalJump;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.instruction.InstructionType;
import org.hsdba.pof.instruction.WriteMetadata;
import org.hsdba.pof.message.CounterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.junit.Test;

public class AssistedCompilerTest {

    private static final PortRef PORT = PortRef.of("pof:0000000000000001", 2);
    private static final SwitchCapabilities STOCK = SwitchCapabilities.reference().withoutHx();

    /** A (w 1) with A1, A2 (1:1); B (w 2) with B1 (w 1); C 300 Mb/s, eta 1. */
    static BandwidthTree tree() {
        List<NodeSpec> nodes = List.of(
                NodeSpec.builder("A").key(MatchKey.exact(16, new byte[] {10, 1})).weight(1.0).build(),
                NodeSpec.builder("B").key(MatchKey.exact(16, new byte[] {10, 2})).weight(2.0).build(),
                NodeSpec.builder("A1").parent("A").key(MatchKey.exact(32, new byte[] {10, 1, 0, 1})).weight(1.0).build(),
                NodeSpec.builder("A2").parent("A").key(MatchKey.exact(32, new byte[] {10, 1, 0, 2})).weight(1.0).build(),
                NodeSpec.builder("B1").parent("B").key(MatchKey.exact(32, new byte[] {10, 2, 0, 1})).weight(1.0).build());
        return BandwidthTree.builder(PORT).capacity(Rate.ofMbps(300)).eta(1.0)
                .levels(List.of(LevelSpec.of("group", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32))))
                .nodes(nodes).build();
    }

    private static List<FlowMod> flowMods(List<PofMessage> m) {
        return m.stream().filter(x -> x instanceof FlowMod).map(x -> (FlowMod) x).collect(Collectors.toList());
    }

    @Test
    public void programUsesOnlyStockInstructionsAndCountsEveryNode() throws Exception {
        AssistedProgram p = AssistedCompiler.compile(tree(), STOCK, CompilerOptions.DEFAULTS);
        PofCodec stock = PofCodec.standard();
        List<PofMessage> m = p.messages();
        assertEquals("hash table + 3 entries, 2 level tables, 5 drop counters, 5 nodes, 2 catch-alls", 18, m.size());
        assertEquals(3, m.stream().filter(x -> x instanceof TableMod).count());
        assertEquals("the drop counters exist before any entry uses them", 5,
                m.subList(2, 7).stream().filter(x -> x instanceof CounterMod).count());
        for (PofMessage msg : m) {
            byte[] wire = stock.encode(msg);
            assertEquals(msg, stock.decode(wire));
            if (msg instanceof FlowMod) {
                assertEquals(2192, wire.length);
                for (org.hsdba.pof.instruction.Instruction i : ((FlowMod) msg).instructions()) {
                    assertTrue(i + " is stock", i.type() <= InstructionType.MOVE_PACKET_OFFSET);
                }
            }
        }
        List<FlowMod> entries = flowMods(m);
        Map<Long, String> byCounter = new HashMap<>();
        for (String id : p.nodeIds()) {
            byCounter.put(p.counterIds().get(id), id);
        }
        for (String id : p.nodeIds()) {
            byCounter.put(p.dropCounterId(id), id + " drops");
        }
        assertEquals("distinct counter ids", 10, byCounter.size());
        assertFalse(byCounter.containsKey(0L));
        FlowMod a = entries.get(0);
        assertTrue(a.instructions().get(0) instanceof WriteMetadata);
        assertTrue(a.instructions().get(1) instanceof WriteMetadata);
        assertTrue(a.instructions().get(2) instanceof GotoTable);
        FlowMod a1 = entries.stream().filter(e -> e.counterId() == p.counterIds().get("A1")).findFirst().get();
        assertTrue("salt", a1.instructions().get(0) instanceof CalculateField);
        assertTrue(a1.instructions().get(1) instanceof ConditionalJump);
        assertEquals(4, a1.instructions().size());
        FlowMod catchAll2 = entries.stream().filter(e -> e.tableId() == p.levelTable(2) && e.priority() == 0)
                .findFirst().get();
        assertEquals(6, catchAll2.instructions().size());
        FlowMod hash = entries.get(entries.size() - 1);
        assertEquals("the hash table is MM#0, where packets start", 0, hash.tableId());
        assertEquals(p.globalLevelTables().get(0).intValue(),
                ((GotoTable) hash.instructions().get(hash.instructions().size() - 1)).nextTableId());
        assertEquals(0, catchAll2.priority());
        assertEquals(p.catchAllIndex(), catchAll2.index());
        assertEquals(0, catchAll2.counterId());
    }

    @Test
    public void thresholdIsTheImmediateOfTheDropJump() {
        AssistedProgram p = AssistedCompiler.compile(tree(), STOCK, CompilerOptions.DEFAULTS);
        FlowMod e = p.entry("A1", 100, 0xBEEF, 7, FlowModCommand.MODIFY);
        CalculateField salt = (CalculateField) e.instructions().get(0);
        assertEquals(0xBEEF, salt.source().value());
        assertEquals(DropHash.VALUE, salt.destination());
        ConditionalJump j = (ConditionalJump) e.instructions().get(1);
        assertEquals(100, j.field2().value());
        assertEquals(DropHash.DECISION, j.field1());
        assertEquals(15, j.field1().lengthBits());
        assertEquals(FlowModCommand.MODIFY, e.command());
        assertEquals(p.slots().get("A1").entryIndex(), e.index());
        try {
            p.entry("A1", 32769, 7, FlowModCommand.MODIFY);
            fail();
        } catch (IllegalArgumentException expected) {
            assertTrue(expected.getMessage().contains("0..32768"));
        }
    }

    @Test
    public void tooFewCountersIsReported() {
        try {
            AssistedCompiler.compile(tree(), STOCK.withCounterCount(4), CompilerOptions.DEFAULTS);
            fail();
        } catch (CompilerException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("counter ids 1..127 (an entry and a drop counter each), "
                    + "the switch has 4 counters"));
        }
    }

    @Test
    public void loopComputesThresholdsFromCounterDeltasAndModifiesOnlyChangedEntries() {
        AssistedProgram p = AssistedCompiler.compile(tree(), STOCK, CompilerOptions.DEFAULTS);
        ControllerAssistedLoop loop = new ControllerAssistedLoop(p);
        LoopState s0 = loop.initial(100);
        Map<Long, Long> bytes = new HashMap<>();
        for (long c : p.counterIds().values()) {
            bytes.put(c, 0L);
        }
        ControllerAssistedLoop.Step first = loop.step(s0, CounterReadings.of(0, bytes));
        assertTrue(first.modifies().isEmpty());
        assertNull(first.allocation());
        // One second: A1, A2, B1 each offer 150 Mb/s; A and B counters see their children's bytes.
        long perLeaf = 150_000_000L / 8;
        bytes.put(p.counterIds().get("A1"), perLeaf);
        bytes.put(p.counterIds().get("A2"), perLeaf);
        bytes.put(p.counterIds().get("B1"), perLeaf);
        bytes.put(p.counterIds().get("A"), 2 * perLeaf);
        bytes.put(p.counterIds().get("B"), perLeaf);
        ControllerAssistedLoop.Step second = loop.step(first.state(), CounterReadings.of(1_000_000_000L, bytes));
        // Exact: B gets 150 (demand < 200 share), A gets 150, A1 = A2 = 75. Nothing was dropped yet and
        // nothing is known of the senders: from 0 the first drop probability is at most P_START
        // (1/256 -> 128 of 32768) in case they are TCP.
        assertEquals(150e6, second.state().rates().get("A1"), 1);
        assertEquals(150e6, second.state().passedRates().get("A1"), 1);
        assertEquals(Integer.valueOf(128), second.state().thresholds().get("A1"));
        assertEquals(Integer.valueOf(128), second.state().thresholds().get("A2"));
        assertEquals(Integer.valueOf(0), second.state().thresholds().get("B1"));
        assertEquals("A's catch-all threshold: 150 of 300", Integer.valueOf(16384), second.state().thresholds().get("A"));
        assertEquals(3, second.modifies().size());
        assertEquals(100, second.modifies().get(0).xid());
        assertEquals(103, second.state().nextXid());
        // Same offered rates again (no drop counts read: drops estimated from the thresholds): p rose
        // and the senders did not slow down, so they are unresponsive and land in one step at 1/2.
        Map<Long, Long> again = new HashMap<>();
        bytes.forEach((c, b) -> again.put(c, 2 * b));
        ControllerAssistedLoop.Step third = loop.step(second.state(), CounterReadings.of(2_000_000_000L, again));
        assertEquals(Integer.valueOf(16384), third.state().thresholds().get("A1"));
        assertEquals(Integer.valueOf(16384), third.state().thresholds().get("A2"));
        assertEquals(Integer.valueOf(0), third.state().thresholds().get("B1"));
        // And again: half of A1 and A2 dropped, passed = target: the thresholds stay, the salts move on.
        Map<Long, Long> thrice = new HashMap<>();
        bytes.forEach((c, b) -> thrice.put(c, 3 * b));
        ControllerAssistedLoop.Step fourth = loop.step(third.state(), CounterReadings.of(3_000_000_000L, thrice));
        assertEquals(third.state().thresholds(), fourth.state().thresholds());
        assertEquals(75e6, fourth.state().passedRates().get("A1"), 1);
        assertEquals(75e6, fourth.state().droppedRates().get("A1"), 1);
        assertEquals("A drops what its children drop", 150e6, fourth.state().droppedRates().get("A"), 1);
        assertEquals(3, fourth.modifies().size());
        for (FlowMod f : fourth.modifies()) {
            assertTrue(f.counterId() != p.counterId("B1"));
        }
        assertTrue(third.state().salts().get("A1") != fourth.state().salts().get("A1"));
    }

    @Test
    public void controlStepsRelativeToPAndLandsUnresponsiveSenders() {
        assertEquals("nothing offered: held", 0.3, ControllerAssistedLoop.control(0.3, 0, 0, 10, true, 0.5), 0);
        assertEquals("from 0, at most P_START", ControllerAssistedLoop.P_START,
                ControllerAssistedLoop.control(0, 90, 90, 60, true, 0.5), 0);
        assertEquals("from 0 and under the target: stays 0", 0, ControllerAssistedLoop.control(0, 50, 50, 60, true, 0.5), 0);
        assertEquals("an unresponsive sender lands in one step", 1 - 60.0 / 90,
                ControllerAssistedLoop.control(0.01, 90, 89.1, 60, false, 0.5), 1e-9);
        assertEquals("a responsive sender rises by at most x4", 0.04,
                ControllerAssistedLoop.control(0.01, 90, 89.1, 10, true, 0.5), 1e-12);
        assertEquals("every sender falls by at most /4", 0.1,
                ControllerAssistedLoop.control(0.4, 10, 6, 60, false, 0.5), 1e-12);
        // TCP-like at p = 1 %, passing 4/3 of x: ln p grows by GAIN (1/3) / (0.5 + p/(1-p)).
        assertEquals(0.01 * Math.exp(0.5 * (1.0 / 3) / (0.5 + 0.01 / 0.99)),
                ControllerAssistedLoop.control(0.01, 40.4, 40, 30, true, 0.5), 1e-12);
        assertEquals("at its target p holds", 0.02, ControllerAssistedLoop.control(0.02, 30.6, 30, 30, true, 0.5), 1e-9);
        assertEquals("tiny p goes to 0", 0, ControllerAssistedLoop.control(1e-4, 10, 1, 60, true, 0.5), 0);
        assertEquals("never above 1", 1, ControllerAssistedLoop.control(0.9, 100, 80, 0, false, 0.5), 0);
    }

    @Test
    public void saltsOfConsecutivePollsSpreadOverTheWholeRange() {
        // Any 8 consecutive aligned polls: the top 3 bits of the salt take all 8 values.
        for (int start = 0; start < 64; start += 8) {
            Set<Integer> top = new HashSet<>();
            for (int n = start; n < start + 8; n++) {
                top.add(ControllerAssistedLoop.salt("A1", n) >>> 13);
            }
            assertEquals(8, top.size());
        }
    }
}
