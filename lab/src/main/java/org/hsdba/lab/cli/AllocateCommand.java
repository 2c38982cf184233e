package org.hsdba.lab.cli;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.alloc.Allocation;
import org.hsdba.alloc.Allocator;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Durations;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.Rate;
import org.hsdba.model.json.ConfigException;
import org.hsdba.scenario.Phase;
import org.hsdba.scenario.Scenario;
import org.hsdba.scenario.ScenarioJson;

/**
 * {@code hsdba allocate <scenario.json> [--at SECONDS ...] [--json]}: the exact allocation (the
 * oracle) of every tree node at the given times, by default in the middle of every phase: each
 * node's offered load, its effective demand (what its subtree can use: peaks and satisfied
 * descendants count) and its allocation; as a table, or as JSON in full precision.
 */
public final class AllocateCommand implements Subcommand {

    private static final String USAGE = String.join("\n",
            "usage: hsdba allocate <scenario.json> [--at SECONDS ...] [--json]",
            "",
            "Prints every node's offered load, effective demand and exact allocation (hierarchical",
            "weighted max-min with peak caps) for the scenario's offered load at each time given with",
            "--at (seconds, or a duration like 35s or 1500ms); by default at the middle of every phase,",
            "i.e. of every interval in which the set of active sources does not change. An internal",
            "node's offered load is the sum of its leaves'; its effective demand is what its subtree",
            "can use (min(peak, sum of its children's effective demands)), which is what it competes",
            "with at its parent.",
            "",
            "--json: one JSON document (format hsdba-allocation/1) with every figure in bits/s at full",
            "precision (an unlimited peak is null) instead of the tables.",
            "",
            "Exit status: 0 on success, 2 on bad usage or a bad file (with file:line:column or the",
            "JSON pointer of each problem).");

    @Override
    public String name() {
        return "allocate";
    }

    @Override
    public String summary() {
        return "print the exact allocation of a scenario at given times (the oracle)";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        String file = null;
        List<Double> times = new ArrayList<>();
        boolean json = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--help") || a.equals("-h")) {
                out.println(USAGE);
                return OK;
            }
            if (a.equals("--json")) {
                json = true;
                continue;
            }
            if (a.equals("--at") || a.startsWith("--at=")) {
                String value = a.equals("--at") ? (i + 1 < args.size() ? args.get(++i) : null) : a.substring(5);
                if (value == null) {
                    return usageError(err, "--at needs a time in seconds");
                }
                try {
                    times.add(Durations.seconds(Durations.parse(value)));
                } catch (IllegalArgumentException e) {
                    return usageError(err, "--at " + value + ": " + e.getMessage());
                }
            } else if (a.startsWith("-")) {
                return usageError(err, "unknown option " + a);
            } else if (file == null) {
                file = a;
            } else {
                return usageError(err, "more than one scenario file: " + file + ", " + a);
            }
        }
        if (file == null) {
            return usageError(err, "a scenario file is required");
        }
        Scenario scenario;
        try {
            Path path = Paths.get(file);
            if (!Files.isRegularFile(path)) {
                err.println("hsdba allocate: " + file + ": no such file");
                return BAD_INPUT;
            }
            scenario = ScenarioJson.read(path);
        } catch (ConfigException e) {
            err.println(e.describe(file));
            return BAD_INPUT;
        } catch (UncheckedIOException e) {
            err.println("hsdba allocate: " + e.getMessage());
            return BAD_INPUT;
        }
        double duration = scenario.run().durationSeconds();
        for (double t : times) {
            if (t > duration) {
                return usageError(err, "--at " + seconds(t) + ": after the end of the run (" + seconds(duration) + " s)");
            }
        }
        List<ResolvedTree> trees = new ArrayList<>();
        try {
            for (BandwidthTree t : scenario.effectiveConfig().trees()) {
                trees.add(Admission.admit(t));
            }
        } catch (InvalidTreeException e) {
            err.println(file + ": with the run's eta override: " + e.getMessage());
            return BAD_INPUT;
        }
        if (times.isEmpty()) {
            times = scenario.phases().stream().map(Phase::midpoint).collect(Collectors.toList());
        }
        if (json) {
            out.println(AllocationJson.write(file, scenario, trees, times));
        } else {
            print(file, scenario, trees, times, out);
        }
        return OK;
    }

    private static void print(String file, Scenario scenario, List<ResolvedTree> trees, List<Double> times, PrintStream out) {
        out.println(file + (scenario.description().isPresent() ? ": " + scenario.description().get() : ""));
        for (ResolvedTree r : trees) {
            BandwidthTree t = r.tree();
            out.println(t.port() + ": capacity " + t.capacity() + ", eta " + number(t.eta()) + ", allocatable "
                    + Rate.format(t.rootBandwidth()) + ", " + t.mode().jsonName() + ", levels "
                    + t.levels().stream().map(l -> l.name()).collect(Collectors.joining(", ")));
        }
        for (double time : times) {
            out.println();
            Phase phase = scenario.phases().stream().filter(p -> time >= p.start() && time < p.end()).findFirst()
                    .orElse(null);
            List<String> active = scenario.activeSourcesAt(time);
            out.println("t = " + seconds(time) + " s" + (phase == null ? "" : "  (phase " + seconds(phase.start()) + "-"
                    + seconds(phase.end()) + " s)") + "  active sources: " + (active.isEmpty() ? "none" : String.join(" ", active)));
            for (ResolvedTree r : trees) {
                Allocation a = Allocator.allocate(r, scenario.demandAt(r.tree().port(), time));
                table(r, a, trees.size() > 1, out);
            }
        }
    }

    private static void table(ResolvedTree r, Allocation a, boolean namePort, PrintStream out) {
        BandwidthTree t = r.tree();
        if (namePort) {
            out.println(t.port() + ":");
        }
        TextTable table = new TextTable(new boolean[] {false, false, true, true, true, true, true, true},
                "node", "level", "weight", "guarantee", "peak", "offered", "eff. demand", "allocation");
        for (int i = 0; i < t.size(); i++) {
            if (t.node(i).isTemplate()) {
                continue;
            }
            table.add("  ".repeat(t.depth(i) - 1) + t.node(i).id(), t.level(i).name(), number(r.weight(i)),
                    Rate.format(r.guarantee(i)), Rate.format(r.peak(i)), Rate.format(a.demand(i)),
                    Rate.format(a.effectiveDemand(i)), Rate.format(a.allocation(i)));
        }
        double effective = 0;
        for (int k = 0; k < t.childCount(-1); k++) {
            effective += a.effectiveDemand(t.child(-1, k));
        }
        table.add("total", "", "", "", "", Rate.format(a.totalDemand()), Rate.format(effective),
                Rate.format(a.totalAllocation()));
        table.print(out);
    }

    private static String seconds(double s) {
        return number(s);
    }

    private static String number(double x) {
        BigDecimal d = BigDecimal.valueOf(x).setScale(3, java.math.RoundingMode.HALF_UP).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
    }

    private static int usageError(PrintStream err, String message) {
        err.println("hsdba allocate: " + message);
        err.println(USAGE);
        return BAD_INPUT;
    }
}
