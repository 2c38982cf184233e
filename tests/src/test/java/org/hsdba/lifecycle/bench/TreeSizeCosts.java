package org.hsdba.lifecycle.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.hsdba.admission.Admission;
import org.hsdba.admission.EditChain;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.impl.compiler.CompilerPrograms;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.EditHistory;
import org.hsdba.impl.program.ProgramChange;
import org.hsdba.model.AppliedEdit;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.TreeEdit;
import org.hsdba.southbound.PofSwitch;

/**
 * What one join costs the control thread as the tree grows, step by step and outside the
 * manager, the way the manager does it: the add applied to the tree (its arrays copied),
 * admission of the parent's sibling group from the admitted tree, and the program update along
 * that edit; and, for comparison, the program update without the edit (whole trees compared,
 * what a tree put as a whole costs). Each figure is over {@code reps} different new users joining
 * the same tree of {@code users} users under one parent.
 */
final class TreeSizeCosts {

    private TreeSizeCosts() {
    }

    /** One line per tree size: median/p99 of each step, in ms. */
    static List<String> measure(BandwidthTree base, PofSwitch sw, HsdbaParameters params, int[] sizes, int reps) {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "%-8s %20s %20s %20s %20s", "users", "apply add ms", "admission ms",
                "update along it ms", "whole-tree diff ms"));
        CompilerPrograms compiler = new CompilerPrograms();
        for (int users : sizes) {
            BandwidthTree tree = withUsers(base, users);
            ResolvedTree admitted = Admission.admit(tree);
            DeviceProgram program = compiler.compile(List.of(tree), sw, DeviceMode.IN_SWITCH, params);
            List<Double> apply = new ArrayList<>();
            List<Double> admission = new ArrayList<>();
            List<Double> update = new ArrayList<>();
            List<Double> whole = new ArrayList<>();
            for (int r = 0; r < reps; r++) {
                long t0 = System.nanoTime();
                AppliedEdit add = TreeEdit.add(user(users + r)).apply(tree);
                long t1 = System.nanoTime();
                ResolvedTree next = Admission.admit(admitted, add);
                long t2 = System.nanoTime();
                EditChain chain = EditChain.of(admitted, add, next);
                EditHistory history = (from, to) -> Optional.of(chain);
                ProgramChange along = program.update(List.of(next.tree()), history);
                long t3 = System.nanoTime();
                ProgramChange full = program.update(List.of(next.tree()));
                long t4 = System.nanoTime();
                if (along.isWipe() || !along.messages().equals(full.messages()) || along.messages().isEmpty()) {
                    throw new IllegalStateException("a join to " + users + " users gave " + along + " along the edit, "
                            + full + " in full");
                }
                apply.add((t1 - t0) / 1e6);
                admission.add((t2 - t1) / 1e6);
                update.add((t3 - t2) / 1e6);
                whole.add((t4 - t3) / 1e6);
            }
            out.add(String.format(Locale.ROOT, "%-8d %s %s %s %s", users, cell(apply), cell(admission), cell(update),
                    cell(whole)));
        }
        return out;
    }

    /**
     * The same join steps (apply, admission, update along the edit; 10 users) back to back and
     * after the thread slept 1 s, the gap of the 1-per-second runs: on an idle machine the caches
     * and the core's clock are cold, and the same code takes many times longer.
     */
    static String idleCost(BandwidthTree base, PofSwitch sw, HsdbaParameters params) throws InterruptedException {
        BandwidthTree tree = withUsers(base, 10);
        ResolvedTree admitted = Admission.admit(tree);
        DeviceProgram program = new CompilerPrograms().compile(List.of(tree), sw, DeviceMode.IN_SWITCH, params);
        List<Double> hot = new ArrayList<>();
        for (int r = 0; r < 5000; r++) {
            double ms = joinSteps(tree, admitted, program, 10 + r % 200);
            if (r >= 4000) {
                hot.add(ms);
            }
        }
        List<Double> idle = new ArrayList<>();
        for (int r = 0; r < 5; r++) {
            Thread.sleep(1000);
            idle.add(joinSteps(tree, admitted, program, 300 + r));
        }
        return String.format(Locale.ROOT, "# the same join steps (10 users): %.3f ms back to back (median of 1000), %.3f ms"
                + " after 1 s idle (median of 5): what the 1-per-second runs pay at every step", JoinStages.median(hot),
                JoinStages.median(idle));
    }

    private static double joinSteps(BandwidthTree tree, ResolvedTree admitted, DeviceProgram program, int user) {
        long t0 = System.nanoTime();
        AppliedEdit add = TreeEdit.add(user(user)).apply(tree);
        ResolvedTree next = Admission.admit(admitted, add);
        EditChain chain = EditChain.of(admitted, add, next);
        ProgramChange change = program.update(List.of(next.tree()), (from, to) -> Optional.of(chain));
        long t1 = System.nanoTime();
        if (change.messages().isEmpty()) {
            throw new IllegalStateException("a join gave no message");
        }
        return (t1 - t0) / 1e6;
    }

    private static String cell(List<Double> ms) {
        return String.format(Locale.ROOT, "%9.3f / %-8.3f", JoinStages.median(ms), JoinStages.p99(ms));
    }

    /** {@code tree} plus {@code count} joined users under "lab". */
    private static BandwidthTree withUsers(BandwidthTree tree, int count) {
        List<NodeSpec> added = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            added.add(user(i));
        }
        return tree.toBuilder().addNodes(added).version(tree.version() + 1).build();
    }

    private static NodeSpec user(int i) {
        byte[] ip = {10, 0, (byte) (i / 250), (byte) (i % 250 + 1)};
        return NodeSpec.builder("user-10.0." + (i / 250) + "." + (i % 250 + 1)).parent("lab")
                .key(MatchKey.exact(32, ip)).weight(1.0).joined(true).build();
    }
}
