package org.hsdba.sim.pofswitch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.hsdba.compiler.CompiledProgram;
import org.hsdba.compiler.HsdbaCompiler;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.JoinTemplate;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.model.RuntimeParameters;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathComparison;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.datapath.ProcessResult;
import org.hsdba.sim.baseline.Mode;
import org.junit.Test;

/**
 * The fast path against the interpreter on what the simulator runs: the HSDBA program the
 * compiler makes from random trees (1-3 levels keyed by IPv4 destination prefixes, random fan-outs,
 * weights, guarantees, peaks, join templates), in-switch and literal, each installed in a datapath
 * with the fast path and one without; random packets to existing and unknown nodes (joins), random
 * sizes, random gaps (some beyond the idle timeout: deactivation and reactivation). Every packet's
 * result and, periodically, the switches' whole state must be identical. 500,000 packets by
 * default ({@code -Dhsdba.diff.scale} scales), which with the reference switch's own differential
 * test makes the 10^6.
 */
public class FastPathCompiledTreeTest {
    private static final double SCALE = Double.parseDouble(System.getProperty("hsdba.diff.scale", "1"));
    private static final int TREES = 20;

    @Test
    public void compiledProgramsOfRandomTreesAgree() throws Exception {
        int packets = (int) (500_000 * SCALE / TREES);
        long messages = 0;
        long handOvers = 0;
        for (int k = 0; k < TREES; k++) {
            Random rnd = new Random(4200 + k);
            BandwidthTree tree = randomTree(rnd);
            Mode mode = k % 4 == 3 ? Mode.LITERAL : Mode.IN_SWITCH;
            CompiledProgram program = HsdbaCompiler.compile(tree, SwitchCapabilities.reference(),
                    PofSwitchFactory.options(mode, RuntimeParameters.DEFAULTS));
            Datapath interp = datapath(false, k);
            Datapath fast = datapath(true, k);
            PofSwitchFactory.install(interp, program.messages());
            PofSwitchFactory.install(fast, program.messages());
            assertEquals("tree " + k + ": every compiled operation runs on the fast path", 0,
                    fast.fastPathCoverage()[1]);
            List<int[]> addresses = addresses(tree);
            long t = 0;
            for (int i = 0; i < packets; i++) {
                t += rnd.nextInt(100) == 0 ? rnd.nextInt(300_000_000) : rnd.nextInt(200_000);
                byte[] frame = frame(rnd, addresses);
                ProcessResult a = interp.process(frame, 1, t);
                ProcessResult b = fast.process(frame, 1, t);
                String d = DatapathComparison.difference(a, b);
                if (d != null) {
                    fail("tree " + k + " (" + mode + ") packet " + i + ": " + d);
                }
                messages += a.upward().size();
                if (i % 5_000 == 0) {
                    assertNull("tree " + k + " packet " + i, DatapathComparison.stateDifference(interp, fast));
                }
            }
            assertNull("tree " + k + " at the end", DatapathComparison.stateDifference(interp, fast));
            handOvers += fast.fastPathHandOvers();
        }
        assertTrue("joins and reactivations went up to the controller: " + messages, messages > 0);
        assertTrue("some packets were handed over to the interpreter: " + handOvers, handOvers > 0);
    }

    private static Datapath datapath(boolean fastPath, long seed) {
        Datapath dp = new Datapath(DatapathConfig.builder().extensionEnabled(true).rngSeed(seed).fastPath(fastPath)
                .build());
        dp.enableAllPorts();
        return dp;
    }

    /** Levels: 10.g/16, 10.g.s/24, 10.g.s.h/32 (as many as the tree has). */
    private static BandwidthTree randomTree(Random rnd) {
        int depth = 1 + rnd.nextInt(3);
        List<LevelSpec> levels = new ArrayList<>();
        String[] names = {"group", "subnet", "host"};
        for (int l = 0; l < depth; l++) {
            FieldSpec field = FieldSpec.of(240, 16 + 8 * l);
            levels.add(l == depth - 1 && rnd.nextBoolean()
                    ? LevelSpec.of(names[l], field, JoinTemplate.builder().weight(1.0 + rnd.nextInt(3)).build())
                    : LevelSpec.of(names[l], field));
        }
        double capacityMbps = 100 * (1 + rnd.nextInt(100));
        BandwidthTree.Builder b = BandwidthTree.builder(PortRef.of("pof:0000000000000001", 2))
                .capacity(Rate.ofMbps(capacityMbps)).eta(0.9 + rnd.nextInt(2) * 0.1).levels(levels);
        addChildren(b, rnd, null, new int[0], 0, depth, capacityMbps);
        return b.build();
    }

    private static void addChildren(BandwidthTree.Builder b, Random rnd, String parent, int[] prefix, int level,
            int depth, double parentMbps) {
        int n = 1 + rnd.nextInt(level == 0 ? 4 : 3);
        for (int i = 1; i <= n; i++) {
            int[] path = java.util.Arrays.copyOf(prefix, prefix.length + 1);
            path[prefix.length] = i;
            String id = (parent == null ? "n" : parent + ".") + i;
            byte[] key = new byte[2 + level];
            key[0] = 10;
            for (int j = 0; j < path.length; j++) {
                key[1 + j] = (byte) path[j];
            }
            NodeSpec.Builder node = NodeSpec.builder(id).key(MatchKey.exact(16 + 8 * level, key))
                    .weight(1.0 + rnd.nextInt(4));
            if (parent != null) {
                node.parent(parent);
            }
            if (rnd.nextInt(4) == 0) {
                node.peak(Rate.ofMbps(parentMbps / (1 + rnd.nextInt(3))));
            }
            b.addNode(node.build());
            if (level + 1 < depth) {
                addChildren(b, rnd, id, path, level + 1, depth, parentMbps / n);
            }
        }
    }

    /** The IPv4 destinations of the tree's deepest nodes (g, s, h as present). */
    private static List<int[]> addresses(BandwidthTree tree) {
        List<int[]> out = new ArrayList<>();
        for (NodeSpec n : tree.nodes()) {
            String[] parts = n.id().substring(1).split("\\.");
            if (parts.length == tree.levels().size()) {
                int[] a = new int[parts.length];
                for (int i = 0; i < parts.length; i++) {
                    a[i] = Integer.parseInt(parts[i]);
                }
                out.add(a);
            }
        }
        return out;
    }

    /** An IPv4 frame to a known leaf (mostly) or to an unknown address (a miss: a join where templated). */
    private static byte[] frame(Random rnd, List<int[]> addresses) {
        byte[] f = new byte[60 + rnd.nextInt(1455)];
        f[12] = 0x08;
        f[14] = 0x45;
        f[30] = 10;
        int[] a = addresses.get(rnd.nextInt(addresses.size()));
        for (int i = 0; i < a.length; i++) {
            f[31 + i] = (byte) a[i];
        }
        if (rnd.nextInt(20) == 0) {
            f[31 + rnd.nextInt(3)] = (byte) (5 + rnd.nextInt(200)); // an address no node has (yet)
        }
        return f;
    }
}
