package org.hsdba.lifecycle.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.hsdba.admission.Admission;
import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.impl.compiler.CompilerPrograms;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.ProgramChange;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.southbound.PofSwitch;

/**
 * What one join costs the control thread as the tree grows, step by step and outside the
 * manager: the tree rebuilt with the new node (model), admission of the new tree, and the
 * program update (compiler diff) from the installed program. Each figure is over {@code reps}
 * different new users joining the same tree of {@code users} users.
 */
final class TreeSizeCosts {

    private TreeSizeCosts() {
    }

    /** One line per tree size: median/p99 of each step, in ms. */
    static List<String> measure(BandwidthTree base, PofSwitch sw, HsdbaParameters params, int[] sizes, int reps) {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "%-8s %22s %22s %22s", "users", "tree rebuild ms", "admission ms",
                "compiler diff ms"));
        CompilerPrograms compiler = new CompilerPrograms();
        for (int users : sizes) {
            BandwidthTree tree = withUsers(base, 0, users);
            DeviceProgram program = compiler.compile(List.of(tree), sw, DeviceMode.IN_SWITCH, params);
            List<Double> rebuild = new ArrayList<>();
            List<Double> admission = new ArrayList<>();
            List<Double> diff = new ArrayList<>();
            for (int r = 0; r < reps; r++) {
                long t0 = System.nanoTime();
                BandwidthTree next = withUsers(tree, users + r, 1);
                long t1 = System.nanoTime();
                if (!Admission.check(next).isEmpty()) {
                    throw new IllegalStateException("the probe tree of " + users + " users is not admissible");
                }
                long t2 = System.nanoTime();
                ProgramChange change = program.update(List.of(next));
                long t3 = System.nanoTime();
                if (change.isWipe() || change.messages().isEmpty()) {
                    throw new IllegalStateException("a join to " + users + " users gave " + change);
                }
                rebuild.add((t1 - t0) / 1e6);
                admission.add((t2 - t1) / 1e6);
                diff.add((t3 - t2) / 1e6);
            }
            out.add(String.format(Locale.ROOT, "%-8d %10.3f / %-9.3f %10.3f / %-9.3f %10.3f / %-9.3f", users,
                    JoinStages.median(rebuild), JoinStages.p99(rebuild), JoinStages.median(admission),
                    JoinStages.p99(admission), JoinStages.median(diff), JoinStages.p99(diff)));
        }
        return out;
    }

    /** {@code tree} plus {@code count} joined users numbered from {@code first}, under "lab". */
    private static BandwidthTree withUsers(BandwidthTree tree, int first, int count) {
        List<NodeSpec> added = new ArrayList<>();
        for (int i = first; i < first + count; i++) {
            byte[] ip = {10, 0, (byte) (i / 250), (byte) (i % 250 + 1)};
            added.add(NodeSpec.builder("user-10.0." + (i / 250) + "." + (i % 250 + 1)).parent("lab")
                    .key(MatchKey.exact(32, ip)).weight(1.0).joined(true).build());
        }
        return tree.toBuilder().addNodes(added).version(tree.version() + 1).build();
    }
}
