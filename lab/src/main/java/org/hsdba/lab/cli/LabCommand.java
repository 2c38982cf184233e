package org.hsdba.lab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.hsdba.lab.hosts.HostLinks;
import org.hsdba.lab.hosts.HostPlan;
import org.hsdba.pofswitch.control.StockProfile;
import org.hsdba.lab.hosts.HostsLab;
import org.hsdba.lab.runtime.Lab;
import org.hsdba.lab.runtime.LabLogging;
import org.hsdba.lab.runtime.LabOptions;
import org.hsdba.lab.traffic.LabScenario;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.json.ConfigException;

/**
 * {@code hsdba lab}: the whole system on this machine (see {@link Lab}) until Ctrl-C, SIGTERM or
 * the end of {@code --duration}; then everything stops in order and the exit status is 0.
 */
public final class LabCommand implements Subcommand {

    /** The scenario played when none is given. */
    public static final String DEFAULT_SCENARIO = "lab/two-level.json";
    /** How long to wait for the first programmed switch before saying so. */
    static final long READY_TIMEOUT_MS = 60_000;

    private static final String USAGE = String.join("\n",
            "usage: hsdba lab [--switches N] [--scenario FILE] [--scale S] [--http-port 8181] [--pof-port 6643]",
            "                 [--data-dir DIR] [--bind 127.0.0.1] [--user onos --password rocks] [--stock]",
            "                 [--pofswitch-profile default|shipped|ideal] [--status SECONDS] [--duration SECONDS]",
            "                 [--hosts [--warmup SECONDS] [--shape] [--pofswitch BINARY]]",
            "",
            "Starts hsdba on this machine: the application core with its configuration in DIR, the POF",
            "adapter listening for switches, the REST API and the GUI, N reference POF switches (device",
            "ids 1..N) connected over TCP, and the scenario's traffic in real time, looping. Prints the",
            "GUI's address and credentials once the first switch is programmed; Ctrl-C stops everything.",
            "",
            "  --switches N      reference switches to start (default 2; 0: only switches you connect)",
            "  --scenario FILE   hsdba-lab/1 or hsdba-scenario/1 file (default examples/" + DEFAULT_SCENARIO + ")",
            "  --scale S         multiply every rate by S (traffic and seeded configuration), on top of the",
            "                    lab file's own \"scale\" (default 1)",
            "  --http-port P     REST API and GUI port (default 8181; 0: any free port)",
            "  --pof-port P      port switches connect to (default 6643; 0: any free port)",
            "  --data-dir DIR    configuration kept across restarts (default ./lab-data); seeded from the",
            "                    scenario only when DIR has no configuration yet; log in DIR/lab.log",
            "  --bind ADDR       address of both servers (default 127.0.0.1)",
            "  --user U --password P   BASIC auth credentials of the REST API and GUI (default onos / rocks)",
            "  --stock           start stock POFSwitch 1.4.0 switches (no extension: controller-assisted mode)",
            "  --pofswitch-profile P  what --stock switches imitate: default (POFSwitch's default build without a",
            "                    config file: 10/10/5/20 tables, 8000 entries, 160-bit keys, COUNTER_REPLY 100 ms",
            "                    late, first ECHO 1 s after HELLO), shipped (its shipped config file's resources,",
            "                    same timing) or ideal (shipped resources, no delays)",
            "  --status SECONDS  print a status line this often (default 10; 0: never)",
            "  --duration SECONDS  stop by itself after this long (default: run until Ctrl-C)",
            "  --hosts           real hosts (root): network namespaces with the leaves' addresses, one",
            "                    reference switch on real ports between them, iperf3 flows as the scenario",
            "                    says (the lab file's \"tcp\" lists the TCP sources); runs the scenario once and",
            "                    reports each flow's rate against the exact allocation (docs/lab.md)",
            "  --warmup SECONDS  with --hosts: seconds at the start of each flow left out of the report (default 2)",
            "  --shape           with --hosts: shape the egress veth to the tree's capacity (tc tbf, 50 ms",
            "                    queue): a real bottleneck behind the switch (use eta < 1)",
            "  --pofswitch BINARY  with --hosts: a real POFSwitch 1.4.0 between the hosts instead of the",
            "                    reference switch (stock: controller-assisted; patched with pofswitch-hx:",
            "                    in-switch); the tree's egress port must be 2. Build it with",
            "                    scripts/pofswitch.sh build stock|hx (it prints the binary's path)",
            "                    (round-trip times and TCP congestion control: the lab file's rtt and",
            "                    congestionControl, docs/lab.md)",
            "",
            "Device rule: a scenario whose trees are all on device 1 is a per-switch template; every switch i",
            "gets a copy of its trees on device i and plays all of its sources. Otherwise trees are seeded as",
            "written and switch i plays the sources of device i's trees.");

    private static final Set<String> WITH_VALUE = Set.of("--switches", "--scenario", "--scale", "--http-port",
            "--pof-port", "--data-dir", "--bind", "--user", "--password", "--status", "--duration",
            "--pofswitch-profile", "--warmup", "--pofswitch");
    private static final Set<String> FLAGS = Set.of("--stock", "--hosts", "--shape", "--help");

    @Override
    public String name() {
        return "lab";
    }

    @Override
    public String summary() {
        return "start the whole system here: app, POF adapter, REST + GUI, reference switches, live traffic";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        return run(args, out, err, StopSignal::install);
    }

    /** Runs until the stop signal (installed once the options are good) is set, or --duration passes. */
    int run(List<String> args, PrintStream out, PrintStream err, Supplier<StopSignal> stopSignal) {
        LabOptions options;
        double durationSeconds;
        boolean hosts;
        int warmup;
        HostLinks links;
        Path pofSwitch;
        try {
            Options o = Options.parse(args, WITH_VALUE, FLAGS);
            if (o.flag("--help")) {
                out.println(USAGE);
                return OK;
            }
            if (!o.positional().isEmpty()) {
                throw new Options.UsageException("unexpected argument \"" + o.positional().get(0) + "\"");
            }
            Path scenario = o.value("--scenario").map(Paths::get).orElse(null);
            if (scenario == null) {
                scenario = Examples.find(DEFAULT_SCENARIO).orElseThrow(() -> new Options.UsageException(
                        "cannot find examples/" + DEFAULT_SCENARIO + "; give a scenario with --scenario FILE"));
            }
            durationSeconds = o.doubleValue("--duration", 0);
            if (durationSeconds < 0) {
                throw new Options.UsageException("--duration must be >= 0 s, got " + durationSeconds);
            }
            LabOptions.Builder b = LabOptions.builder(scenario)
                    .switches(o.intValue("--switches", LabOptions.DEFAULT_SWITCHES))
                    .scale(o.doubleValue("--scale", 1.0))
                    .httpPort(o.intValue("--http-port", LabOptions.DEFAULT_HTTP_PORT))
                    .pofPort(o.intValue("--pof-port", LabOptions.DEFAULT_POF_PORT))
                    .dataDir(Paths.get(o.value("--data-dir").orElse(LabOptions.DEFAULT_DATA_DIR)))
                    .bind(o.value("--bind").orElse(LabOptions.DEFAULT_BIND))
                    .credentials(o.value("--user").orElse(LabOptions.DEFAULT_USER),
                            o.value("--password").orElse(LabOptions.DEFAULT_PASSWORD))
                    .stockSwitches(o.flag("--stock"))
                    .stockProfile(StockProfile.parse(o.value("--pofswitch-profile").orElse("default")))
                    .statusInterval(Duration.ofMillis(Math.round(o.doubleValue("--status", 10) * 1000)));
            if (o.flag("--hosts")) {
                b.switches(0);
            }
            options = b.build();
            hosts = o.flag("--hosts");
            warmup = o.intValue("--warmup", HostsLab.WARMUP_SECONDS);
            if (warmup < 0 || (!hosts && o.value("--warmup").isPresent())) {
                throw new Options.UsageException("--warmup needs --hosts and a number of seconds >= 0");
            }
            if (!hosts && o.flag("--shape")) {
                throw new Options.UsageException("--shape needs --hosts");
            }
            links = HostLinks.of(o.flag("--shape"));
            pofSwitch = o.value("--pofswitch").map(Paths::get).orElse(null);
            if (pofSwitch != null && !hosts) {
                throw new Options.UsageException("--pofswitch needs --hosts (without it, start POFSwitch yourself: see docs/pofswitch.md)");
            }
            if (pofSwitch != null && options.stockSwitches()) {
                throw new Options.UsageException("--stock describes the reference switch; with --pofswitch the binary decides"
                        + " (stock build: controller-assisted, patched build: in-switch)");
            }
        } catch (Options.UsageException | IllegalArgumentException e) {
            err.println("hsdba lab: " + e.getMessage());
            err.println(USAGE);
            return BAD_INPUT;
        }

        LabScenario scenario;
        try {
            scenario = LabScenario.read(options.scenario());
        } catch (ConfigException e) {
            err.println(e.describe(options.scenario().toString()));
            return BAD_INPUT;
        } catch (UncheckedIOException e) {
            err.println("hsdba lab: " + e.getMessage());
            return BAD_INPUT;
        }

        if (hosts) {
            return runHosts(options, scenario, warmup, links, pofSwitch, out, err, stopSignal);
        }
        Path log = LabLogging.configure(options.dataDir());
        StopSignal stop = stopSignal.get();
        Lab lab;
        try {
            lab = Lab.start(options, scenario, out);
        } catch (InvalidTreeException e) {
            err.println("hsdba lab: " + options.scenario() + ": the configuration to seed is not admissible: "
                    + e.getMessage());
            return BAD_INPUT;
        } catch (RuntimeException e) {
            LabLogging.recordFailure("the lab did not start", e);
            err.println("hsdba lab: " + e.getMessage() + " (details in " + log + ")");
            return FAILURE;
        }
        ShutdownHook hook = ShutdownHook.closing("hsdba-lab-shutdown", lab::close);
        try {
            describe(options, scenario, lab, log, out);
            awaitReady(options, lab, stop, out);
            long end = durationSeconds > 0 ? System.nanoTime() + Math.round(durationSeconds * 1e9) : Long.MAX_VALUE;
            while (!stop.await(200)) {
                if (System.nanoTime() >= end) {
                    break;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            out.println("hsdba lab: stopping (traffic, switches, REST server, manager, POF server, store)");
            lab.close();
            hook.remove();
        }
        out.println("hsdba lab: stopped; configuration kept in " + options.dataDir());
        return OK;
    }

    private static int runHosts(LabOptions options, LabScenario scenario, int warmup, HostLinks links, Path pofSwitch,
            PrintStream out, PrintStream err, Supplier<StopSignal> stopSignal) {
        HostPlan plan;
        try {
            plan = HostPlan.of(scenario, options.scale());
        } catch (IllegalArgumentException e) {
            err.println("hsdba lab: " + options.scenario() + ": " + e.getMessage());
            return BAD_INPUT;
        }
        String missing = HostsLab.unavailable();
        if (missing != null) {
            err.println("hsdba lab: " + missing);
            return FAILURE;
        }
        Path log = LabLogging.configure(options.dataDir());
        StopSignal stop = stopSignal.get();
        HostsLab lab = new HostsLab(plan, options, warmup, links, pofSwitch, out);
        ShutdownHook hook = ShutdownHook.closing("hsdba-lab-hosts-shutdown", lab::close);
        try {
            lab.run(scenario, stop::isSet);
            return OK;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return FAILURE;
        } catch (IOException | RuntimeException e) {
            LabLogging.recordFailure("the hosts lab failed", e);
            err.println("hsdba lab: " + e.getMessage() + " (details in " + log + ")");
            return FAILURE;
        } finally {
            out.println("hsdba lab: stopping (senders, switch, lab) and removing the network namespaces");
            lab.close();
            hook.remove();
        }
    }

    private static void describe(LabOptions o, LabScenario scenario, Lab lab, Path log, PrintStream out) {
        out.println("hsdba lab: scenario " + o.scenario() + scenario.description().map(d -> " (" + d + ")").orElse("")
                + (o.scale() * scenario.scale() != 1.0 ? ", rates x " + o.scale() * scenario.scale() : "") + (scenario.loop() ? ", looping every "
                + scenario.durationSeconds() + " s" : ""));
        out.println("hsdba lab: data dir " + o.dataDir() + (lab.seeded() ? " (new: seeded from the scenario)"
                : " (kept: the configuration of the previous run; the scenario only drives traffic)") + ", log " + log);
        out.println("hsdba lab: POF adapter on " + o.bind() + ":" + lab.pofPort() + " (a POFSwitch connects with: pofswitch -i "
                + connectHint(o.bind()) + " -p " + lab.pofPort() + ")");
        if (o.switches() > 0) {
            out.println("hsdba lab: starting " + o.switches() + " reference switch(es), device ids 1.." + o.switches()
                    + (o.stockSwitches() ? ", stock (controller-assisted; " + o.stockProfile().description() + ")" : ", with the HSDBA extension (in-switch)"));
        }
    }

    private static String connectHint(String bind) {
        return bind.equals("0.0.0.0") || bind.equals("::") ? "<this machine's address>" : bind;
    }

    private static void awaitReady(LabOptions o, Lab lab, StopSignal stop, PrintStream out) throws InterruptedException {
        String where = lab.uiUri() + "  user " + o.user() + "  password " + o.password();
        if (o.switches() == 0) {
            out.println("hsdba lab ready in " + lab.firstProgrammed().getNow(elapsedHint(lab)) + " ms: " + where
                    + "  (no reference switches: waiting for POF switches on port " + lab.pofPort() + ")");
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MS);
        while (!stop.isSet()) {
            try {
                long ms = lab.firstProgrammed().get(100, TimeUnit.MILLISECONDS);
                out.println("hsdba lab ready in " + ms + " ms: " + where);
                return;
            } catch (TimeoutException e) {
                if (System.nanoTime() > deadline) {
                    out.println("hsdba lab: no switch programmed after " + READY_TIMEOUT_MS / 1000
                            + " s (see the log); the GUI is at " + where);
                    return;
                }
            } catch (ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    private static long elapsedHint(Lab lab) {
        return lab.startupMillis();
    }
}
