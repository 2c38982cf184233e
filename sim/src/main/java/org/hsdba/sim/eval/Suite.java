package org.hsdba.sim.eval;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The evaluation: every experiment of section 6 of the algorithm document (plus our congestion
 * control mix), in report order. Experiments run one after another; each spreads its runs over
 * the context's threads.
 */
public final class Suite {

    private Suite() {
    }

    /** Every experiment, in report order. */
    public static List<Experiment> all() {
        return List.of(PaperPhasesExperiment.singleLevel(), PaperPhasesExperiment.twoLevel(), new ConvergenceExperiment(),
                new AccuracyExperiment(), new BinaryTreeExperiment(), new LatencyExperiment(),
                new CongestionControlExperiment(), new JoinPruneExperiment(), new RandomHierarchiesExperiment(),
                new StoppedClassExperiment(), new TcpLikeExperiment(),
                new AssistedTcpExperiment());
    }

    /** Every experiment's id, in report order (for {@code --help} and {@code --only}). */
    public static List<String> ids() {
        List<String> out = new ArrayList<>();
        for (Experiment e : all()) {
            out.add(e.id());
        }
        return out;
    }

    /** The experiments whose ids are in {@code only} (all if empty); an unknown id is an error naming the known ones. */
    public static List<Experiment> select(Set<String> only) {
        List<Experiment> all = all();
        if (only.isEmpty()) {
            return all;
        }
        List<Experiment> out = new ArrayList<>();
        List<String> known = new ArrayList<>();
        for (Experiment e : all) {
            known.add(e.id());
            if (only.contains(e.id())) {
                out.add(e);
            }
        }
        for (String id : only) {
            if (!known.contains(id)) {
                throw new IllegalArgumentException("unknown experiment \"" + id + "\" (known: " + String.join(", ", known)
                        + ")");
            }
        }
        return out;
    }

    /** Runs the experiments and returns their results in order. */
    public static List<ExperimentResult> run(List<Experiment> experiments, EvalContext ctx) throws IOException {
        List<ExperimentResult> out = new ArrayList<>();
        for (Experiment e : experiments) {
            ctx.log(e.id(), "start: " + e.title());
            ExperimentResult r = e.run(ctx);
            long met = r.checks().stream().filter(Check::met).count();
            ctx.log(e.id(), String.format(Locale.ROOT, "done in %.1f s, %d of %d targets met", r.wallSeconds(), met,
                    r.checks().size()));
            out.add(r);
        }
        return out;
    }
}
