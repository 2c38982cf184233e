package org.hsdba.lab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

import org.hsdba.lab.runtime.LabSwitch;
import org.hsdba.pofswitch.control.StockProfile;
import org.hsdba.lab.traffic.CoarseClock;
import org.hsdba.lab.traffic.LabScenario;
import org.hsdba.lab.traffic.SwitchTraffic;
import org.hsdba.lab.traffic.TrafficPlayer;
import org.hsdba.model.json.ConfigException;

/**
 * {@code hsdba switch}: one reference POF switch connecting to a controller (the lab, or ONOS with
 * the hsdba app) as POFSwitch does, optionally playing a scenario's traffic into port 1 once the
 * controller has programmed it, with a status line every few seconds.
 */
public final class SwitchCommand implements Subcommand {

    private static final String USAGE = String.join("\n",
            "usage: hsdba switch [--controller HOST:PORT,...] [--device-id N] [--ports 2] [--stock]",
            "                    [--interfaces P=IF,...] [--pofswitch-profile P] [--scenario FILE [--scale S]]",
            "                    [--status SECONDS] [--duration SECONDS]",
            "",
            "Runs one reference POF switch that connects to the controller over TCP like POFSwitch 1.4.0",
            "(HELLO, strict handshake, ECHO every 2 s, reconnect every second). With the HSDBA extension",
            "(default) the controller runs it in-switch; with --stock it is a stock POFSwitch and runs",
            "controller-assisted. With a scenario, its sources' frames enter on port 1 in real time",
            "(looping) once the switch is programmed, and leave on their tree's egress port.",
            "",
            "  --controller HOST:PORT[,HOST:PORT...]  the controller's POF port (default 127.0.0.1:6643);",
            "                    several (an ONOS cluster's nodes) are tried in turn when a connection ends",
            "  --device-id N     POF device id, decimal or 0x hex (default 1; ONOS id pof:%016x)",
            "  --ports N         ports 1..N (default 2, or the highest egress port of the scenario's trees)",
            "  --stock           no HSDBA extension",
            "  --interfaces P=IF[,P=IF...]  attach POF port P to Linux interface IF (raw sockets, root), as",
            "                    POFSwitch's -a does: real frames in and out there (offloads off: frames <= 1514 B)",
            "  --pofswitch-profile P  what a --stock switch imitates: default (POFSwitch's default build",
            "                    without a config file), shipped (its shipped config file) or ideal (no delays)",
            "  --scenario FILE   hsdba-lab/1 or hsdba-scenario/1 file whose traffic to play (see hsdba lab --help",
            "                    for which sources a device plays); the controller must hold its configuration",
            "  --scale S         multiply the sources' rates by S (default 1); scale the controller's",
            "                    configuration by the same factor (hsdba lab --scale S seeds it so)",
            "  --status SECONDS  status line period (default 5; 0: never)",
            "  --duration SECONDS  stop by itself after this long (default: run until Ctrl-C)");

    private static final Set<String> WITH_VALUE = Set.of("--controller", "--device-id", "--ports", "--scenario",
            "--scale", "--status", "--duration", "--pofswitch-profile", "--interfaces");
    private static final Set<String> FLAGS = Set.of("--stock", "--help");
    private static final long TICK_MS = 100;

    @Override
    public String name() {
        return "switch";
    }

    @Override
    public String summary() {
        return "run one reference POF switch against a controller, optionally playing a scenario's traffic";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        return run(args, out, err, StopSignal::install);
    }

    int run(List<String> args, PrintStream out, PrintStream err, Supplier<StopSignal> stopSignal) {
        List<InetSocketAddress> controllers = new ArrayList<>();
        long dpid;
        int ports;
        boolean stock;
        StockProfile profile;
        Map<Integer, String> interfaces = new TreeMap<>();
        double scale;
        long statusMs;
        double durationSeconds;
        SwitchTraffic traffic = null;
        boolean loop = true;
        try {
            Options o = Options.parse(args, WITH_VALUE, FLAGS);
            if (o.flag("--help")) {
                out.println(USAGE);
                return OK;
            }
            if (!o.positional().isEmpty()) {
                throw new Options.UsageException("unexpected argument \"" + o.positional().get(0) + "\"");
            }
            for (String controller : o.value("--controller").orElse("127.0.0.1:6643").split(",", -1)) {
                InetSocketAddress address = controllerAddress(controller.trim());
                if (controllers.contains(address)) {
                    throw new Options.UsageException("--controller: \"" + controller.trim() + "\" given twice");
                }
                controllers.add(address);
            }
            dpid = o.longValue("--device-id", 1);
            if (dpid < 0 || dpid > 0xFFFFFFFFL) {
                throw new Options.UsageException("--device-id must be a POF device id in 0..4294967295, got " + dpid);
            }
            stock = o.flag("--stock");
            profile = StockProfile.parse(o.value("--pofswitch-profile").orElse("default"));
            for (String item : o.value("--interfaces").map(v -> v.split(",")).orElse(new String[0])) {
                String[] kv = item.split("=", 2);
                if (kv.length != 2 || !kv[0].matches("[0-9]{1,3}") || kv[1].isEmpty() || interfaces.put(Integer.parseInt(kv[0]), kv[1]) != null) {
                    throw new Options.UsageException("--interfaces: expected PORT=INTERFACE[,PORT=INTERFACE...] with each port once, got \"" + item + "\"");
                }
            }
            if (!interfaces.isEmpty() && o.has("--scenario") && interfaces.containsKey(LabSwitch.IN_PORT)) {
                throw new Options.UsageException("--interfaces puts port " + LabSwitch.IN_PORT + " on " + interfaces.get(LabSwitch.IN_PORT)
                        + " while --scenario plays its traffic into that port: choose one");
            }
            scale = o.doubleValue("--scale", 1.0);
            if (!(scale > 0)) {
                throw new Options.UsageException("--scale must be > 0, got " + scale);
            }
            if (o.has("--scale") && !o.has("--scenario")) {
                throw new Options.UsageException("--scale needs --scenario");
            }
            statusMs = Math.round(o.doubleValue("--status", 5) * 1000);
            durationSeconds = o.doubleValue("--duration", 0);
            if (statusMs < 0 || durationSeconds < 0) {
                throw new Options.UsageException("--status and --duration must be >= 0 s");
            }
            if (o.has("--scenario")) {
                String file = o.value("--scenario").get();
                LabScenario scenario;
                try {
                    scenario = LabScenario.read(Paths.get(file));
                } catch (ConfigException e) {
                    err.println(e.describe(file));
                    return BAD_INPUT;
                } catch (UncheckedIOException e) {
                    err.println("hsdba switch: " + e.getMessage());
                    return BAD_INPUT;
                }
                traffic = scenario.trafficFor(dpid, scale);
                loop = scenario.loop();
                if (traffic.isEmpty()) {
                    err.println("hsdba switch: warning: no source of " + file + " sends into a tree of device "
                            + LabScenario.deviceId(dpid) + "; the switch plays no traffic");
                    traffic = null;
                }
            }
            int needed = traffic == null ? 2 : Math.max(2, traffic.highestEgressPort());
            ports = o.intValue("--ports", needed);
            if (ports < needed || ports > 254) {
                throw new Options.UsageException("--ports must be in " + needed + "..254"
                        + (traffic != null ? " (the scenario's trees leave by port " + traffic.highestEgressPort() + ")" : "")
                        + ", got " + ports);
            }
        } catch (Options.UsageException | IllegalArgumentException e) {
            err.println("hsdba switch: " + e.getMessage());
            err.println(USAGE);
            return BAD_INPUT;
        }

        StopSignal stop = stopSignal.get();
        LabSwitch sw;
        try {
            sw = LabSwitch.start(dpid, ports, !stock, profile, interfaces, 0, controllers);
        } catch (IOException | IllegalArgumentException e) {
            err.println("hsdba switch: " + e.getMessage());
            return FAILURE;
        }
        TrafficPlayer player = null;
        ShutdownHook hook = ShutdownHook.closing("hsdba-switch-shutdown", sw::close);
        out.println("hsdba switch: device " + dpid + " (" + LabScenario.deviceId(dpid) + "), ports 1.." + ports + ", "
                + (stock ? "stock POFSwitch 1.4.0 (controller-assisted; profile " + profile.optionName() + ": " + profile.description() + ")" : "with the HSDBA extension (in-switch)")
                + ": connecting to " + controllers.stream().map(c -> c.getHostString() + ":" + c.getPort())
                        .collect(java.util.stream.Collectors.joining(", then ")) + (traffic != null ? "; traffic enters on port "
                + LabSwitch.IN_PORT + " once programmed" : ""));
        try {
            long start = System.nanoTime();
            long end = durationSeconds > 0 ? start + Math.round(durationSeconds * 1e9) : Long.MAX_VALUE;
            long nextStatus = statusMs > 0 ? start + statusMs * 1_000_000 : Long.MAX_VALUE;
            while (!stop.await(TICK_MS) && System.nanoTime() < end) {
                sw.tick();
                if (traffic != null && player == null && sw.isProgrammed()) {
                    player = new TrafficPlayer("switch-" + dpid, traffic, loop, CoarseClock.millisecond(), sw::feed)
                            .start();
                    out.println("hsdba switch: programmed, playing traffic");
                }
                if (System.nanoTime() >= nextStatus) {
                    out.println(sw.statusLine());
                    nextStatus += statusMs * 1_000_000;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (player != null) {
                player.close();
            }
            sw.close();
            hook.remove();
        }
        out.println(sw.statusLine());
        out.println("hsdba switch: stopped");
        return OK;
    }

    /** One HOST:PORT of --controller. */
    private static InetSocketAddress controllerAddress(String controller) throws Options.UsageException {
        int colon = controller.lastIndexOf(':');
        if (colon <= 0 || colon == controller.length() - 1) {
            throw new Options.UsageException("--controller: expected HOST:PORT[,HOST:PORT...], got \"" + controller + "\"");
        }
        int port;
        try {
            port = Integer.parseInt(controller.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new Options.UsageException("--controller: bad port in \"" + controller + "\"");
        }
        if (port < 1 || port > 65535) {
            throw new Options.UsageException("--controller: port must be in 1..65535, got " + port);
        }
        return InetSocketAddress.createUnresolved(controller.substring(0, colon), port);
    }
}
