package org.hsdba.sim.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.hsdba.model.RuntimeParameters;
import org.hsdba.scenario.Distribution;
import org.hsdba.scenario.Interval;
import org.hsdba.scenario.PacketSizeMix;
import org.hsdba.scenario.Scenario;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.model.TreeBinding;
import org.hsdba.sim.traffic.ActiveInterval;
import org.hsdba.sim.traffic.ArrivalProcess;
import org.hsdba.sim.traffic.PacketSizes;
import org.hsdba.sim.traffic.TrafficSource;

/**
 * Turns a scenario file ({@code hsdba-scenario/1}) into a {@link RunSpec}. The harness simulates
 * one egress port: the tree the sources send into (or the one asked for). Packet sizes are the
 * frame lengths the switch sees; rates count those bytes. The run's estimator replaces the one in
 * the configuration's run-time block; its eta override is applied; the mode is the scenario's
 * unless overridden (e.g. with a baseline).
 */
public final class ScenarioRuns {

    private ScenarioRuns() {
    }

    /**
     * @param name         base name of the output files
     * @param modeOverride mode to run instead of the scenario's, or null
     * @param port         egress port to simulate, or null if the sources use only one
     */
    public static RunSpec fromScenario(Scenario scenario, String name, Mode modeOverride, PortRef port) {
        PortRef chosen = port == null ? onlyPort(scenario) : port;
        BandwidthTree tree = scenario.effectiveConfig().tree(chosen).orElseThrow(() ->
                new IllegalArgumentException("scenario has no tree for port " + chosen));
        List<TrafficSource> sources = new ArrayList<>();
        for (org.hsdba.scenario.TrafficSource s : scenario.sources()) {
            if (scenario.portOf(s.id()).equals(chosen)) {
                sources.add(convert(s));
            }
        }
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("scenario has no source sending into port " + chosen);
        }
        Mode mode = modeOverride != null ? modeOverride : Mode.fromName(scenario.run().mode().jsonName());
        RuntimeParameters runtime = scenario.config().runtime().withEstimator(scenario.run().estimator());
        RunSpec.Builder b = RunSpec.builder(name).title(name).tree(TreeBinding.of(tree)).sources(sources).mode(mode)
                .runtime(runtime).seed(scenario.run().seed()).durationSeconds(scenario.run().durationSeconds())
                .binSeconds(scenario.run().binSeconds());
        scenario.run().settleSeconds().ifPresent(b::settleSeconds);
        scenario.description().ifPresent(b::description);
        return b.build();
    }

    private static PortRef onlyPort(Scenario scenario) {
        Set<PortRef> ports = new LinkedHashSet<>();
        for (org.hsdba.scenario.TrafficSource s : scenario.sources()) {
            ports.add(scenario.portOf(s.id()));
        }
        if (ports.size() != 1) {
            throw new IllegalArgumentException("the simulator runs one egress port at a time; the scenario's sources"
                    + " send into " + ports + ": choose one");
        }
        return ports.iterator().next();
    }

    /** A scenario source as a harness source. */
    public static TrafficSource convert(org.hsdba.scenario.TrafficSource s) {
        PacketSizes sizes = sizes(s.sizes());
        List<ActiveInterval> intervals = new ArrayList<>();
        for (Interval i : s.active()) {
            intervals.add(ActiveInterval.seconds(i.start(), i.end()));
        }
        return new TrafficSource(s.id(), s.nodeId(), s.rate().asDouble(), sizes, process(s.distribution(), sizes),
                intervals);
    }

    static PacketSizes sizes(PacketSizeMix mix) {
        if (mix.isFixed()) {
            return PacketSizes.fixed(mix.entries().get(0).bytes());
        }
        Map<Integer, Double> shares = new LinkedHashMap<>();
        for (PacketSizeMix.Entry e : mix.entries()) {
            shares.merge(e.bytes(), e.share(), Double::sum);
        }
        return PacketSizes.mix(shares);
    }

    static ArrivalProcess process(Distribution d, PacketSizes sizes) {
        switch (d.kind()) {
            case CBR:
                return ArrivalProcess.cbr();
            case POISSON:
                return ArrivalProcess.poisson(sizes);
            case ONOFF:
                return ArrivalProcess.onOff(d.onMean().toNanos() / 1e9, d.offMean().toNanos() / 1e9);
            default:
                throw new IllegalArgumentException("unknown distribution " + d);
        }
    }
}
