package org.hsdba.sim.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import org.hsdba.model.PortRef;
import org.hsdba.scenario.Scenario;
import org.hsdba.scenario.ScenarioJson;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.engine.ProgressReporter;
import org.hsdba.sim.pofswitch.PofSwitchFactory;
import org.hsdba.sim.record.PhaseStat;
import org.hsdba.sim.reference.ReferenceModelFactory;

/**
 * Runs a scenario file from the command line (the lab CLI's {@code simulate} can delegate here):
 * <pre>
 * simulate SCENARIO.json [--mode fifo|dwrr|in-switch|literal] [--engine switch|kernel]
 *          [--out DIR] [--name NAME] [--duration SECONDS] [--settle SECONDS] [--seed N] [--port N]
 *          [--responsive-hold H]
 * </pre>
 * Writes the record files and plots into DIR (default {@code target/sim}), prints one line per
 * phase with the mean |error| of the leaves, progress to stderr. Exit 0 on success, 2 on bad
 * arguments or a bad scenario (with the located message).
 */
public final class SimulateMain {

    private SimulateMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** The command without exiting: returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
            out.println(usage());
            return args.length == 0 ? 2 : 0;
        }
        try {
            Path file = Path.of(args[0]);
            Mode mode = null;
            String engine = "switch";
            Path dir = Path.of("target", "sim");
            String name = null;
            Double duration = null;
            Double settle = null;
            Long seed = null;
            Long port = null;
            java.time.Duration hold = null;
            for (int i = 1; i < args.length; i++) {
                String a = args[i];
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("option " + a + " needs a value\n" + usage());
                }
                String v = args[++i];
                switch (a) {
                    case "--mode":
                        mode = Mode.fromName(v);
                        break;
                    case "--engine":
                        if (!v.equals("switch") && !v.equals("kernel")) {
                            throw new IllegalArgumentException("--engine is switch or kernel, not \"" + v + "\"");
                        }
                        engine = v;
                        break;
                    case "--out":
                        dir = Path.of(v);
                        break;
                    case "--name":
                        name = v;
                        break;
                    case "--duration":
                        duration = number(a, v);
                        if (!(duration > 0)) {
                            throw new IllegalArgumentException("--duration must be > 0 seconds, got " + v);
                        }
                        break;
                    case "--settle":
                        settle = number(a, v);
                        if (!(settle >= 0)) {
                            throw new IllegalArgumentException("--settle must be >= 0 seconds, got " + v);
                        }
                        break;
                    case "--seed":
                        seed = (long) integer(a, v);
                        break;
                    case "--port":
                        port = (long) integer(a, v);
                        break;
                    case "--responsive-hold":
                        hold = responsiveHold(v);
                        break;
                    default:
                        throw new IllegalArgumentException("unknown option " + a + "\n" + usage());
                }
            }
            Scenario scenario = ScenarioJson.read(file);
            String base = name != null ? name : file.getFileName().toString().replaceFirst("\\.json$", "");
            PortRef portRef = null;
            if (port != null) {
                for (org.hsdba.model.BandwidthTree t : scenario.config().trees()) {
                    if (t.port().port() == port) {
                        portRef = t.port();
                    }
                }
                if (portRef == null) {
                    throw new IllegalArgumentException("the scenario has no tree for port " + port);
                }
            }
            RunSpec spec = ScenarioRuns.fromScenario(scenario, base, mode, portRef);
            if (duration != null || seed != null || settle != null || hold != null) {
                RunSpec.Builder b = spec.toBuilder();
                if (duration != null) {
                    b.durationSeconds(duration);
                }
                if (settle != null) {
                    b.settleSeconds(settle);
                }
                if (seed != null) {
                    b.seed(seed);
                }
                if (hold != null) {
                    // both engines take the hold from the run-time parameters, as the switch's program does
                    b.runtime(spec.runtime().withResponsiveHold(hold));
                }
                spec = b.build();
            }
            ProcessorFactory factory = engine.equals("kernel") ? new ReferenceModelFactory() : new PofSwitchFactory();
            Runner.Outcome o = Runner.runAndWrite(spec, factory, dir, ProgressReporter.toStderr());
            out.println(String.format(Locale.ROOT, "%s: %d packets, mode %s, files in %s", base, o.result().packets(),
                    spec.mode().cliName(), dir));
            for (int p = 0; p < o.result().phases().size(); p++) {
                double worst = 0;
                for (PhaseStat st : o.summary().phase(p)) {
                    if (st.leaf() && st.oracleBps() > 0 && !Double.isNaN(st.relativeError())) {
                        worst = Math.max(worst, Math.abs(st.relativeError()));
                    }
                }
                double mean = o.summary().meanAbsLeafError(p);
                out.println(String.format(Locale.ROOT, "  phase %d [%.3f s, %.3f s): ", p,
                        o.result().phases().get(p).startNs() / 1e9, o.result().phases().get(p).endNs() / 1e9)
                        + (Double.isNaN(mean) ? String.format(Locale.ROOT, "not judged (no whole bin after the %.3f s"
                        + " settling time)", spec.settleNs() / 1e9) : String.format(Locale.ROOT,
                        "mean |error| %.2f %%, worst %.2f %%", 100 * mean, 100 * worst)));
            }
            return 0;
        } catch (org.hsdba.model.json.ConfigException e) {
            err.println(e.describe(args[0]));
            return 2;
        } catch (RuntimeException | java.io.IOException e) {
            err.println("hsdba simulate: " + e.getMessage());
            return 2;
        }
    }

    /**
     * {@code --responsive-hold}'s value: a duration ({@code 2s}, {@code 500ms}; a bare number is
     * seconds), 0 for off, within the operator's range ({@link org.hsdba.model.Ranges#RESPONSIVE_HOLD}).
     * Shared with {@code evaluate}.
     */
    public static java.time.Duration responsiveHold(String v) {
        java.time.Duration h;
        try {
            h = org.hsdba.model.Durations.parse(v);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--responsive-hold needs a duration such as 2s or 500ms (0: off): "
                    + e.getMessage(), e);
        }
        if (!org.hsdba.model.Ranges.RESPONSIVE_HOLD.contains(h)) {
            throw new IllegalArgumentException("--responsive-hold " + org.hsdba.model.Durations.format(h)
                    + " is outside " + org.hsdba.model.Ranges.RESPONSIVE_HOLD + " (0: off)");
        }
        return h;
    }

    private static double number(String option, String v) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a number, got \"" + v + "\"", e);
        }
    }

    private static long integer(String option, String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs an integer, got \"" + v + "\"", e);
        }
    }

    static String usage() {
        return "usage: hsdba simulate SCENARIO.json [--mode fifo|dwrr|in-switch|literal] [--engine switch|kernel]\n"
                + "                      [--out DIR] [--name NAME] [--duration SECONDS] [--settle SECONDS] [--seed N] [--port N]\n"
                + "                      [--responsive-hold H]\n"
                + "  --engine switch: the compiled program on the reference POF datapath (default);\n"
                + "  --engine kernel: the Java reference of the algorithm. Baseline modes need neither.\n"
                + "  --settle: time after each phase start left out of the summary (default: the scenario's run.settle, else 1 s).\n"
                + "  --responsive-hold: the summed hold H in-switch, 0 turns it off (default: the scenario's runtime\n"
                + "  responsiveHold, else 2s; docs/hsdba-compiler.md section 5 item 11).";
    }
}
