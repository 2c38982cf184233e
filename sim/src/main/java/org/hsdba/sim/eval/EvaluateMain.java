package org.hsdba.sim.eval;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Runs the evaluation suite and writes its report (the lab CLI's {@code evaluate} delegates here):
 * <pre>
 * evaluate [--out DIR] [--quick] [--only ID[,ID...]] [--threads N] [--responsive-hold H]
 * </pre>
 * Default DIR {@code docs/evaluation}, 2 threads. Progress goes to stderr; the targets table to
 * stdout. Exit 0 when the report was written (whether or not every target was met: the report
 * says), 2 on bad arguments, 1 on a failure.
 */
public final class EvaluateMain {

    private EvaluateMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        Path dir = Path.of("docs", "evaluation");
        boolean quick = false;
        Set<String> only = new LinkedHashSet<>();
        int threads = 2;
        java.time.Duration hold = null;
        boolean claim = false;
        boolean kernel = false;
        boolean release = false;
        boolean noClimb = false;
        boolean sums = false;
        boolean stratified = false;
        boolean noFallRestart = false;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--help":
                    case "-h":
                        out.println(usage());
                        return 0;
                    case "--quick":
                        quick = true;
                        break;
                    case "--out":
                        dir = Path.of(value(args, ++i, a));
                        break;
                    case "--only":
                        for (String id : value(args, ++i, a).split(",")) {
                            if (!id.isBlank()) {
                                only.add(id.trim());
                            }
                        }
                        break;
                    case "--threads":
                        String v = value(args, ++i, a);
                        try {
                            threads = Integer.parseInt(v);
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException("--threads needs a whole number, got \"" + v + "\"", e);
                        }
                        if (threads < 1 || threads > 64) {
                            throw new IllegalArgumentException("--threads must be 1..64, got " + threads);
                        }
                        break;
                    case "--hold-claim":
                        claim = true;
                        break;
                    case "--hold-sums":
                        sums = true;
                        break;
                    case "--hold-stratified":
                        stratified = true;
                        break;
                    case "--hold-no-climb":
                        noClimb = true;
                        break;
                    case "--hold-release":
                        release = true;
                        break;
                    case "--no-fall-restart":
                        noFallRestart = true;
                        break;
                    case "--hold-kernel":
                        kernel = true;
                        break;
                    case "--responsive-hold":
                        hold = org.hsdba.sim.run.SimulateMain.responsiveHold(value(args, ++i, a));
                        break;
                    default:
                        throw new IllegalArgumentException("unknown argument " + a);
                }
            }
            List<Experiment> experiments = Suite.select(only);
            EvalContext ctx = new EvalContext(dir, quick, err, threads);
            if (hold != null) {
                ctx = ctx.withResponsiveHold(hold);
            }
            if ((claim || kernel || release || noClimb || sums || stratified) && hold != null && hold.isZero()) {
                throw new IllegalArgumentException("--hold-claim, --hold-release, --hold-no-climb, --hold-sums, --hold-stratified"
                        + " and --hold-kernel need a responsive hold: not --responsive-hold 0");
            }
            if (claim || kernel || release || noClimb || sums || stratified) {
                boolean c = claim;
                boolean rel = release;
                boolean climbs = !noClimb;
                boolean summed = sums;
                org.hsdba.algorithm.DropDraw draw = stratified ? org.hsdba.algorithm.DropDraw.STRATIFIED
                        : org.hsdba.algorithm.DropDraw.INDEPENDENT;
                String rule = "kernel" + (c ? ", claim D" : "")
                        + (rel ? ", released by a full bank" : "") + (climbs ? "" : ", not climbing")
                        + (summed ? ", summing claims" : "") + (stratified ? ", stratified draws outside holds" : "");
                ctx = ctx.withKernelHoldRule(rule, o -> o.toBuilder().holdClaim(c).holdRelease(rel).holdClimbs(climbs)
                        .holdSums(summed).dropDraw(draw).build());
            }
            if (noFallRestart) {
                ctx = ctx.withAlgorithmRule("no fall restart", o -> o.toBuilder().fallRestart(false).build());
            }
            long t0 = System.nanoTime();
            List<ExperimentResult> results = Suite.run(experiments, ctx);
            double wall = (System.nanoTime() - t0) / 1e9;
            String command = "hsdba evaluate" + (quick ? " --quick" : "")
                    + (only.isEmpty() ? "" : " --only " + String.join(",", only))
                    + (hold == null ? "" : " --responsive-hold " + org.hsdba.model.Durations.format(hold))
                    + (kernel ? " --hold-kernel" : "") + (claim ? " --hold-claim" : "")
                    + (release ? " --hold-release" : "") + (noClimb ? " --hold-no-climb" : "")
                    + (sums ? " --hold-sums" : "") + (stratified ? " --hold-stratified" : "")
                    + (noFallRestart ? " --no-fall-restart" : "");
            ReportWriter.write(dir, results, quick, command, wall, cpuSeconds(), threads,
                    hold == null ? org.hsdba.model.RuntimeParameters.DEFAULTS.responsiveHold() : hold);
            int met = 0;
            int total = 0;
            for (ExperimentResult r : results) {
                for (Check c : r.checks()) {
                    total++;
                    met += c.met() ? 1 : 0;
                    out.println((c.met() ? "met      " : "NOT MET  ") + c.experiment() + ": " + c.what() + ": "
                            + c.measured() + " (target " + c.target() + ")");
                }
            }
            out.println(String.format(Locale.ROOT, "%d of %d targets met; report %s (%.0f s)", met, total,
                    dir.resolve("README.md"), wall));
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("hsdba evaluate: " + e.getMessage());
            err.println(usage());
            return 2;
        } catch (java.io.IOException | RuntimeException e) {
            err.println("hsdba evaluate: failed: " + e);
            e.printStackTrace(err);
            return 1;
        }
    }

    /** The process's CPU time so far, or NaN where the JVM does not tell. */
    static double cpuSeconds() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            long ns = ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
            return ns < 0 ? Double.NaN : ns / 1e9;
        }
        return Double.NaN;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    static String usage() {
        return "usage: hsdba evaluate [--out DIR] [--quick] [--only ID[,ID...]] [--threads N] [--responsive-hold H]\n"
                + "                      [--hold-kernel] [--hold-claim] [--hold-release] [--hold-no-climb] [--hold-sums]\n"
                + "                      [--hold-stratified] [--no-fall-restart]\n"
                + "  runs the evaluation suite (the paper's experiments on the reference switch, with baselines)\n"
                + "  and writes DIR/README.md (default docs/evaluation) with tables and PNG/SVG plots.\n"
                + "  --quick: short runs (a minute); --only: some experiments; --threads: runs at a time (2).\n"
                + "  --responsive-hold: the summed hold H in every in-switch run, 0 turns it off (default: the\n"
                + "  run-time parameters' 2s; docs/hsdba-compiler.md section 5 item 11). --hold-claim, --hold-release, --hold-no-climb,\n"
                + "  --hold-sums: hold rules\n"
                + "  (KernelOptions.holdClaim, holdRelease, holdClimbs off, holdSums); --hold-stratified: the stratified\n"
                + "  drop draw outside holds (held packets are drawn independently):\n"
                + "  the compiled program's runs run on the reference kernel instead (--hold-kernel: the plain hold, with\n"
                + "  independent draws, climbing, no claim).\n"
                + "  --no-fall-restart: every HSDBA run without the fall restart (KernelOptions.fallRestart, on by\n"
                + "  default: a sustained fall restarts a node's estimate; docs/hsdba-compiler.md section 5 item 12).\n"
                + "  Experiment ids: " + String.join(",", Suite.ids()) + ".";
    }
}
