package org.hsdba.compiler.assisted;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
import org.hsdba.pof.instruction.ConditionalJump;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.instruction.InstructionType;
import org.hsdba.pof.instruction.WriteMetadata;
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
        assertEquals("2 tables + 5 nodes + 2 catch-alls", 9, m.size());
        assertEquals(2, m.stream().filter(x -> x instanceof TableMod).count());
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
        assertEquals("distinct counter ids", 5, byCounter.size());
        assertFalse(byCounter.containsKey(0L));
        FlowMod a = entries.get(0);
        assertTrue(a.instructions().get(0) instanceof WriteMetadata);
        assertTrue(a.instructions().get(1) instanceof GotoTable);
        FlowMod a1 = entries.stream().filter(e -> e.counterId() == p.counterIds().get("A1")).findFirst().get();
        assertTrue(a1.instructions().get(0) instanceof ConditionalJump);
        assertEquals(3, a1.instructions().size());
        FlowMod catchAll2 = entries.get(entries.size() - 1);
        assertEquals(0, catchAll2.priority());
        assertEquals(p.catchAllIndex(), catchAll2.index());
        assertEquals(0, catchAll2.counterId());
    }

    @Test
    public void thresholdIsTheImmediateOfTheDropJump() {
        AssistedProgram p = AssistedCompiler.compile(tree(), STOCK, CompilerOptions.DEFAULTS);
        FlowMod e = p.entry("A1", 100, 7, FlowModCommand.MODIFY);
        ConditionalJump j = (ConditionalJump) e.instructions().get(0);
        assertEquals(100, j.field2().value());
        assertEquals(152, j.field1().offsetBits());
        assertEquals(8, j.field1().lengthBits());
        assertEquals(FlowModCommand.MODIFY, e.command());
        assertEquals(p.slots().get("A1").entryIndex(), e.index());
        try {
            p.entry("A1", 257, 7, FlowModCommand.MODIFY);
            fail();
        } catch (IllegalArgumentException expected) {
            assertTrue(expected.getMessage().contains("0..256"));
        }
    }

    @Test
    public void tooFewCountersIsReported() {
        try {
            AssistedCompiler.compile(tree(), STOCK.withCounterCount(4), CompilerOptions.DEFAULTS);
            fail();
        } catch (CompilerException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("counter ids 1..5, the switch has 4 counters"));
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
        // Exact: B gets 150 (demand < 200 share), A gets 150, A1 = A2 = 75 -> p = 0.5 -> 128 of 256.
        assertEquals(150e6, second.state().rates().get("A1"), 1);
        assertEquals(Integer.valueOf(128), second.state().thresholds().get("A1"));
        assertEquals(Integer.valueOf(128), second.state().thresholds().get("A2"));
        assertEquals(Integer.valueOf(0), second.state().thresholds().get("B1"));
        assertEquals("A's catch-all threshold: 150 of 300 -> 128", Integer.valueOf(128), second.state().thresholds().get("A"));
        assertEquals(3, second.modifies().size());
        assertEquals(100, second.modifies().get(0).xid());
        assertEquals(103, second.state().nextXid());
        // Same rates again: nothing changes, nothing is sent.
        Map<Long, Long> again = new HashMap<>();
        bytes.forEach((c, b) -> again.put(c, 2 * b));
        ControllerAssistedLoop.Step third = loop.step(second.state(), CounterReadings.of(2_000_000_000L, again));
        assertTrue(third.modifies().isEmpty());
    }

    @Test
    public void thresholdRoundsAndClamps() {
        ControllerAssistedLoop loop = new ControllerAssistedLoop(AssistedCompiler.compile(tree(), STOCK,
                CompilerOptions.DEFAULTS));
        assertEquals(0, loop.threshold(10, 0));
        assertEquals(0, loop.threshold(10, 5));
        assertEquals(256, loop.threshold(0, 5));
        assertEquals(Math.round(256 * (1 - 37.5 / 90)), loop.threshold(37.5, 90));
    }
}
