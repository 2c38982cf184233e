package org.hsdba.compiler;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.hsdba.algorithm.KernelOptions;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Estimator;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.junit.Test;

/**
 * A run-time parameter change is a diff of the same trees to other algorithm options: the entries
 * that carry the parameter are MODIFYed (the switch keeps their state words and counters), the
 * blocks that depend on it are redefined in place, and nothing is deleted or added.
 */
public class ParameterDiffTest {

    private static final SwitchCapabilities CAPS = SwitchCapabilities.reference();

    private static CompilerOptions opts(Estimator e, Duration idle) {
        return CompilerOptions.builder().algorithm(KernelOptions.builder().estimator(e).idleTimeout(idle).build()).build();
    }

    private static List<BandwidthTree> trees() {
        return List.of(SwitchCompilerTest.tree(2, SwitchCompilerTest.mac(2)),
                SwitchCompilerTest.tree(3, SwitchCompilerTest.mac(3)));
    }

    private static int nodeEntries(List<BandwidthTree> trees) {
        return trees.stream().mapToInt(t -> (int) t.nodes().stream().filter(n -> !n.isTemplate()).count()).sum();
    }

    private static List<FlowMod> flowMods(List<PofMessage> m) {
        return m.stream().filter(x -> x instanceof FlowMod).map(x -> (FlowMod) x).collect(Collectors.toList());
    }

    /** Message classes other than FLOW_MOD MODIFY and HX_BLOCK_MOD: there must be none. */
    private static List<PofMessage> others(List<PofMessage> m) {
        List<PofMessage> out = new ArrayList<>();
        for (PofMessage x : m) {
            boolean modify = x instanceof FlowMod && ((FlowMod) x).command() == FlowModCommand.MODIFY;
            if (!modify && !(x instanceof HxBlockMod)) {
                out.add(x);
            }
        }
        return out;
    }

    @Test
    public void aNewIdleTimeoutModifiesEveryNodeEntryAndNothingElse() {
        CompilerOptions before = opts(Estimator.ewma(Duration.ofMillis(10)), Duration.ofSeconds(10));
        CompilerOptions after = opts(Estimator.ewma(Duration.ofMillis(10)), Duration.ofSeconds(3));
        List<BandwidthTree> trees = trees();
        SwitchProgram installed = SwitchCompiler.compile(trees, CAPS, before).program();

        SwitchDelta d = SwitchCompiler.diff(installed, trees, CAPS, after);

        assertEquals(List.of(), others(d.messages()));
        List<FlowMod> mods = flowMods(d.messages());
        assertEquals(nodeEntries(trees), mods.size());
        assertEquals(nodeEntries(trees), d.modified());
        assertEquals(0, d.added() + d.deleted());
        for (FlowMod f : mods) {
            assertEquals(3000, ((HxCallBlock) f.instructions().get(0)).idleTimeoutMs());
        }
        assertTrue("the blocks do not carry the idle timeout", d.messages().stream().noneMatch(m -> m instanceof HxBlockMod));
        assertEquals(after.algorithm(), d.program().algorithm());
        // The entries after it are those a fresh compile with the new options installs, and nothing is left to do.
        List<FlowMod> fresh = flowMods(SwitchCompiler.compile(trees, CAPS, after).messages());
        for (FlowMod f : mods) {
            assertTrue(f + " as a fresh compile has it", fresh.stream().anyMatch(g -> g.tableId() == f.tableId()
                    && g.index() == f.index() && g.instructions().equals(f.instructions())));
        }
        assertEquals(0, SwitchCompiler.diff(d.program(), trees, CAPS, after).messages().size());
    }

    @Test
    public void aNewKRewritesTheParamsOfEveryEntryInPlace() {
        CompilerOptions before = opts(Estimator.ewma(Duration.ofMillis(10)), Duration.ofSeconds(10));
        CompilerOptions after = opts(Estimator.ewma(Duration.ofMillis(2)), Duration.ofSeconds(10));
        List<BandwidthTree> trees = trees();
        SwitchProgram installed = SwitchCompiler.compile(trees, CAPS, before).program();

        SwitchDelta d = SwitchCompiler.diff(installed, trees, CAPS, after);

        assertEquals(List.of(), others(d.messages()));
        assertEquals(nodeEntries(trees), flowMods(d.messages()).size());
        for (FlowMod f : flowMods(d.messages())) {
            assertEquals(2_000_000L, param(f, Words.P_PERIOD));
        }
    }

    @Test
    public void anotherEstimatorKindRedefinesTheLevelBlocksAndModifiesTheEntries() {
        CompilerOptions before = opts(Estimator.ewma(Duration.ofMillis(10)), Duration.ofSeconds(10));
        CompilerOptions after = opts(Estimator.window(Duration.ofMillis(20)), Duration.ofSeconds(10));
        List<BandwidthTree> trees = trees();
        SwitchProgram installed = SwitchCompiler.compile(trees, CAPS, before).program();

        SwitchDelta d = SwitchCompiler.diff(installed, trees, CAPS, after);

        assertEquals(List.of(), others(d.messages()));
        assertEquals(nodeEntries(trees), flowMods(d.messages()).size());
        Set<Integer> redefined = d.messages().stream().filter(m -> m instanceof HxBlockMod)
                .map(m -> ((HxBlockMod) m).blockId()).collect(Collectors.toSet());
        Set<Integer> levelBlocks = new java.util.HashSet<>();
        for (BandwidthTree t : trees) {
            ProgramLayout layout = installed.layout(t.port().port());
            for (int level = 1; level <= layout.levels(); level++) {
                levelBlocks.add(layout.levelBlock(level));
            }
        }
        assertEquals("every level block, no port block", levelBlocks, redefined);
        for (BandwidthTree t : trees) {
            ProgramLayout layout = installed.layout(t.port().port());
            Set<Integer> blocks = new java.util.HashSet<>();
            Set<Integer> tables = new java.util.HashSet<>();
            for (int level = 1; level <= layout.levels(); level++) {
                blocks.add(layout.levelBlock(level));
                tables.add(layout.levelTable(level));
            }
            int lastBlock = -1;
            int firstEntry = Integer.MAX_VALUE;
            for (int i = 0; i < d.messages().size(); i++) {
                PofMessage m = d.messages().get(i);
                if (m instanceof HxBlockMod && blocks.contains(((HxBlockMod) m).blockId())) {
                    lastBlock = i;
                } else if (m instanceof FlowMod && tables.contains(((FlowMod) m).tableId())) {
                    firstEntry = Math.min(firstEntry, i);
                }
            }
            assertTrue("port " + t.port().port() + ": its blocks before the entries that call them",
                    lastBlock >= 0 && lastBlock < firstEntry && firstEntry < Integer.MAX_VALUE);
        }
        // Applied to the installed program's blocks, the redefinitions give the blocks a fresh compile has.
        assertEquals(blockMods(SwitchCompiler.compile(trees, CAPS, after).messages(), levelBlocks),
                blockMods(d.messages(), levelBlocks));
    }

    @Test
    public void anotherKindWithTheSamePeriodLeavesTheEntriesAlone() {
        CompilerOptions before = opts(Estimator.ewma(Duration.ofMillis(10)), Duration.ofSeconds(10));
        CompilerOptions after = opts(Estimator.window(Duration.ofMillis(10)), Duration.ofSeconds(10));
        List<BandwidthTree> trees = trees();
        SwitchProgram installed = SwitchCompiler.compile(trees, CAPS, before).program();

        SwitchDelta d = SwitchCompiler.diff(installed, trees, CAPS, after);

        assertTrue(d.messages().stream().allMatch(m -> m instanceof HxBlockMod));
        assertEquals(0, d.modified());
    }

    @Test
    public void theSameOptionsSendNothing() {
        CompilerOptions opts = opts(Estimator.ewma(Duration.ofMillis(10)), Duration.ofSeconds(10));
        CompilerOptions equal = opts(Estimator.ewma(Duration.ofMillis(10)), Duration.ofSeconds(10));
        List<BandwidthTree> trees = trees();
        SwitchProgram installed = SwitchCompiler.compile(trees, CAPS, opts).program();
        assertEquals(List.of(), SwitchCompiler.diff(installed, trees, CAPS, equal).messages());
    }

    @Test
    public void aParameterChangeTogetherWithAnEditIsOneDiff() {
        CompilerOptions before = opts(Estimator.ewma(Duration.ofMillis(10)), Duration.ofSeconds(10));
        CompilerOptions after = opts(Estimator.ewma(Duration.ofMillis(10)), Duration.ofSeconds(5));
        List<BandwidthTree> trees = trees();
        SwitchProgram installed = SwitchCompiler.compile(trees, CAPS, before).program();
        BandwidthTree edited = trees.get(0).toBuilder().addNode(NodeSpec.builder("extra").parent("A")
                .key(MatchKey.parse("10.1.0.99", null, 32)).weight(1.0).build()).build();
        List<BandwidthTree> next = List.of(edited, trees.get(1));

        SwitchDelta d = SwitchCompiler.diff(installed, next, CAPS, after);

        assertEquals(1, d.added());
        assertEquals(0, d.deleted());
        for (FlowMod f : flowMods(d.messages())) {
            assertEquals(5000, ((HxCallBlock) f.instructions().get(0)).idleTimeoutMs());
        }
    }

    private static long param(FlowMod f, int word) {
        byte[] p = ((HxCallBlock) f.instructions().get(0)).params();
        return java.nio.ByteBuffer.wrap(p, 8 * word, 8).getLong();
    }

    private static List<String> blockMods(List<PofMessage> m, Set<Integer> blocks) {
        return m.stream().filter(x -> x instanceof HxBlockMod && blocks.contains(((HxBlockMod) x).blockId()))
                .map(x -> ((HxBlockMod) x).blockId() + ":" + ((HxBlockMod) x).command() + ":" + ((HxBlockMod) x).instructions())
                .sorted().collect(Collectors.toList());
    }
}
