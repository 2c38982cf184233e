package org.hsdba.lab.traffic;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Durations;
import org.hsdba.model.EnforcementMode;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.RuntimeParameters;
import org.hsdba.model.json.ConfigException;
import org.hsdba.model.json.JsonText;
import org.hsdba.model.json.ObjectReader;
import org.hsdba.model.json.Problems;
import org.hsdba.scenario.Scenario;
import org.hsdba.scenario.ScenarioJson;
import org.hsdba.scenario.TrafficSource;
import org.hsdba.sim.model.TreeBinding;
import org.hsdba.sim.run.ScenarioRuns;
import org.hsdba.sim.traffic.FieldWrite;

/**
 * What the lab plays: a scenario ({@code hsdba-scenario/1}) plus the lab's own choices, read from
 * either a plain scenario file or an {@code hsdba-lab/1} file that wraps one:
 * <pre>
 * {"format": "hsdba-lab/1", "description": "...", "loop": true,
 *  "scale": 0.01,                        // every rate times this (default 1)
 *  "joiners": ["A4"],                    // leaves left out of the seeded configuration
 *  "tcp": ["s1"],                        // --hosts: sources sent as greedy TCP
 *  "rtt": "10ms" | {"s1": "5ms", ...},   // --hosts: round-trip time added to every (or each) source
 *  "congestionControl": "cubic",         // --hosts: the senders' TCP congestion control
 *  "scenario": {...} | "file.json"}      // inline, or a path relative to this file
 * </pre>
 * A joiner is a leaf that sources send into but that the seeded configuration leaves out, so its
 * packets match no node and join by packet-in under its parent's template.
 *
 * <p>Device rule: if every tree of the scenario is on device 1 ({@code pof:0000000000000001}),
 * the scenario is a per-switch template: switch {@code i} gets a copy of every tree on device
 * {@code i} and plays every source. Otherwise the trees are seeded as written and switch
 * {@code i} plays the sources whose tree is on device {@code i}. Immutable.
 */
public final class LabScenario {

    public static final String FORMAT = "hsdba-lab/1";
    /** The device a per-switch template scenario is written for. */
    public static final String TEMPLATE_DEVICE = "pof:0000000000000001";

    private final Scenario scenario;
    private final Set<String> joiners;
    private final boolean loop;
    private final double scale;
    private final String description;
    private final Set<String> tcpSources;
    private final Map<String, Duration> addedRtt;
    private final String congestionControl;

    private LabScenario(Scenario scenario, Set<String> joiners, boolean loop, double scale, String description) {
        this(scenario, joiners, loop, scale, description, Set.of(), Map.of(), DEFAULT_CONGESTION_CONTROL);
    }

    private LabScenario(Scenario scenario, Set<String> joiners, boolean loop, double scale, String description,
            Set<String> tcpSources, Map<String, Duration> addedRtt, String congestionControl) {
        this.scenario = scenario;
        this.joiners = joiners;
        this.loop = loop;
        this.scale = scale;
        this.description = description;
        this.tcpSources = tcpSources;
        this.addedRtt = addedRtt;
        this.congestionControl = congestionControl;
    }

    /**
     * Linux's default TCP congestion control (loss-based). Set explicitly because a machine may
     * default to another one (this one: BBR), and shares under a dropper depend on it.
     */
    public static final String DEFAULT_CONGESTION_CONTROL = "cubic";
    private static final java.util.regex.Pattern ALGORITHM = java.util.regex.Pattern.compile("[a-z0-9_]{1,15}");

    /** The longest round-trip time a lab file may add to a flow (netem holds the packets meanwhile). */
    public static final Duration MAX_ADDED_RTT = Duration.ofSeconds(2);

    /**
     * @throws IllegalArgumentException naming the joiner that is not a leaf with a template to join by
     */
    public static LabScenario of(Scenario scenario, Collection<String> joiners, boolean loop, double scale) {
        RateScaling.checkFactor(scale);
        Problems problems = new Problems();
        List<String> list = new ArrayList<>(joiners);
        for (int i = 0; i < list.size(); i++) {
            String problem = joinerProblem(scenario, list.get(i));
            if (problem != null) {
                problems.add("/joiners/" + i, problem);
            }
        }
        problems.throwIfAny();
        return new LabScenario(scenario, new LinkedHashSet<>(list), loop, scale, scenario.description().orElse(null));
    }

    /** Lab and scenario files are hand-written: far below this. */
    public static final int MAX_FILE_BYTES = 16 << 20;

    /** Reads a lab file or a plain scenario file; {@link ConfigException} says what is wrong where. */
    public static LabScenario read(Path file) {
        byte[] bytes = JsonText.readFile(file, MAX_FILE_BYTES); // size-checked before and while reading
        JsonNode root = JsonText.parse(bytes);
        JsonNode format = root.get("format");
        if (format != null && ScenarioJson.FORMAT.equals(format.asText())) {
            return of(ScenarioJson.read(bytes), List.of(), true, 1.0);
        }
        Problems problems = new Problems();
        ObjectReader r = ObjectReader.of(root, "", problems);
        problems.throwIfAny();
        String f = r.string("format", true);
        if (f != null && !f.equals(FORMAT)) {
            r.problem("format", "unsupported format \"" + f + "\"; the lab reads \"" + FORMAT + "\" and \""
                    + ScenarioJson.FORMAT + "\"");
        }
        String description = r.string("description", false);
        Boolean loop = r.bool("loop");
        Double scale = r.number("scale", false);
        if (scale != null && (!(scale > 0) || scale.isInfinite())) {
            r.problem("scale", "scale must be a number > 0, got " + scale);
        }
        List<JsonNode> joinerJson = r.array("joiners", false);
        List<JsonNode> tcpJson = r.array("tcp", false);
        JsonNode rttJson = r.raw("rtt");
        String cc = r.string("congestionControl", false);
        if (cc != null && !ALGORITHM.matcher(cc).matches()) {
            r.problem("congestionControl", "\"" + cc + "\" is not the name of a Linux TCP congestion control (such as cubic, reno, bbr)");
        }
        JsonNode scenarioJson = r.raw("scenario");
        if (scenarioJson == null) {
            r.problem("scenario", "required field \"scenario\" is missing (a scenario object or a file name)");
        }
        r.finish();
        List<String> joiners = new ArrayList<>();
        for (int i = 0; joinerJson != null && i < joinerJson.size(); i++) {
            if (!joinerJson.get(i).isTextual()) {
                problems.add("/joiners/" + i, "expected a node id, found " + ObjectReader.describe(joinerJson.get(i)));
            } else {
                joiners.add(joinerJson.get(i).textValue());
            }
        }
        problems.throwIfAny();
        Scenario scenario = scenario(scenarioJson, file);
        Set<String> tcp = new LinkedHashSet<>();
        for (int i = 0; tcpJson != null && i < tcpJson.size(); i++) {
            JsonNode v = tcpJson.get(i);
            if (!v.isTextual() || scenario.sources().stream().noneMatch(src -> src.id().equals(v.textValue()))) {
                problems.add("/tcp/" + i, "expected the id of one of the scenario's sources, found " + ObjectReader.describe(v));
            } else {
                tcp.add(v.textValue());
            }
        }
        Map<String, Duration> rtt = addedRtt(rttJson, scenario, problems);
        problems.throwIfAny();
        LabScenario lab = of(scenario, joiners, loop == null || loop, scale == null ? 1.0 : scale);
        return new LabScenario(lab.scenario, lab.joiners, lab.loop, lab.scale,
                description == null ? lab.description : description, Set.copyOf(tcp), rtt,
                cc == null ? DEFAULT_CONGESTION_CONTROL : cc);
    }

    /**
     * The lab file's {@code rtt}: absent (nothing added), one duration for every source, or an
     * object from source id to duration (sources it leaves out get nothing added).
     */
    private static Map<String, Duration> addedRtt(JsonNode json, Scenario scenario, Problems problems) {
        Map<String, Duration> out = new LinkedHashMap<>();
        if (json == null || json.isNull()) {
            return out;
        }
        if (json.isTextual()) {
            Duration d = rttValue(json, "/rtt", problems);
            if (d != null) {
                scenario.sources().forEach(src -> out.put(src.id(), d));
            }
            return out;
        }
        if (!json.isObject()) {
            problems.add("/rtt", "expected a duration such as \"10ms\" or an object from source id to duration, found "
                    + ObjectReader.describe(json));
            return out;
        }
        json.fields().forEachRemaining(e -> {
            String pointer = "/rtt/" + e.getKey();
            if (scenario.sources().stream().noneMatch(src -> src.id().equals(e.getKey()))) {
                problems.add(pointer, "\"" + e.getKey() + "\" is not the id of one of the scenario's sources");
                return;
            }
            Duration d = rttValue(e.getValue(), pointer, problems);
            if (d != null) {
                out.put(e.getKey(), d);
            }
        });
        return out;
    }

    private static Duration rttValue(JsonNode v, String pointer, Problems problems) {
        if (!v.isTextual()) {
            problems.add(pointer, "expected a duration such as \"10ms\", found " + ObjectReader.describe(v));
            return null;
        }
        try {
            Duration d = Durations.parse(v.textValue());
            if (d.compareTo(MAX_ADDED_RTT) > 0) {
                problems.add(pointer, "\"" + v.textValue() + "\": at most " + Durations.format(MAX_ADDED_RTT) + " can be added");
                return null;
            }
            return d;
        } catch (IllegalArgumentException e) {
            problems.add(pointer, e.getMessage());
            return null;
        }
    }

    /**
     * Round-trip time {@code hsdba lab --hosts} adds to each source's flow (by source id; absent:
     * none), as a delay on the way back, so that TCP's window meets a real path's RTT.
     */
    public Map<String, Duration> addedRtt() {
        return addedRtt;
    }

    /** The TCP congestion control of {@code hsdba lab --hosts}'s TCP senders (default cubic). */
    public String congestionControl() {
        return congestionControl;
    }

    /** Sources that {@code hsdba lab --hosts} sends as TCP (greedy iperf3 flows); the others go as UDP at their rate. */
    public Set<String> tcpSources() {
        return tcpSources;
    }

    private static Scenario scenario(JsonNode json, Path labFile) {
        if (json.isTextual()) {
            Path parent = labFile.toAbsolutePath().getParent();
            Path p = parent == null ? Path.of(json.textValue()) : parent.resolve(json.textValue());
            if (!Files.isRegularFile(p)) {
                throw new ConfigException(new ConfigException.Problem("/scenario", "no scenario file " + p));
            }
            try {
                return ScenarioJson.read(p);
            } catch (ConfigException e) {
                throw new ConfigException(new ConfigException.Problem("/scenario", e.describe(p.toString())));
            }
        }
        try {
            return ScenarioJson.fromJson(json);
        } catch (ConfigException e) {
            List<ConfigException.Problem> moved = e.problems().stream()
                    .map(p -> new ConfigException.Problem("/scenario" + p.pointer(), p.message()))
                    .collect(Collectors.toList());
            throw new ConfigException(moved, e.totalProblems());
        }
    }

    private static String joinerProblem(Scenario s, String id) {
        List<BandwidthTree> trees = s.config().trees().stream().filter(t -> t.contains(id)).collect(Collectors.toList());
        if (trees.size() != 1) {
            return trees.isEmpty() ? "joiner \"" + id + "\": no such node in the scenario's configuration"
                    : "joiner \"" + id + "\": the id is used in " + trees.size() + " trees";
        }
        BandwidthTree t = trees.get(0);
        if (!t.isLeaf(id)) {
            return "joiner " + t.path(id) + ": only leaves can join (it is a template or has children)";
        }
        if (t.template(t.get(id).parentId()).isEmpty() && t.level(id).join().isEmpty()) {
            return "joiner " + t.path(id) + ": its parent has no template node and level \"" + t.level(id).name()
                    + "\" no join template, so its packets could never join";
        }
        if (s.sources().stream().noneMatch(src -> src.nodeId().equals(id))) {
            return "joiner " + t.path(id) + ": no source sends into it";
        }
        return null;
    }

    public Scenario scenario() {
        return scenario;
    }

    public Set<String> joiners() {
        return joiners;
    }

    /** True if the traffic starts over at the end of the scenario's duration. */
    public boolean loop() {
        return loop;
    }

    public Optional<String> description() {
        return Optional.ofNullable(description);
    }

    /** The file's rate factor (1 for a plain scenario); the lab's --scale multiplies it. */
    public double scale() {
        return scale;
    }

    public double durationSeconds() {
        return scenario.run().durationSeconds();
    }

    /** True if every tree is on device 1: each switch gets its own copy (see the class comment). */
    public boolean perSwitchTemplate() {
        return scenario.config().trees().stream().allMatch(t -> t.port().deviceId().equals(TEMPLATE_DEVICE));
    }

    /**
     * The configuration to seed a fresh store with, for {@code switches} switches (device ids
     * 1..n; at least device 1 for a template scenario), every rate times {@link #scale()} and
     * {@code extraScale}, joiners left out.
     * The scenario's estimator and eta override apply; the simulator-only literal mode becomes in-switch.
     */
    public HsdbaConfig seedConfig(int switches, double extraScale) {
        RateScaling.checkFactor(extraScale);
        double factor = scale * extraScale;
        List<BandwidthTree> trees = new ArrayList<>();
        for (BandwidthTree t : scenario.effectiveConfig().trees()) {
            BandwidthTree seeded = RateScaling.scale(withoutJoiners(t), factor);
            if (perSwitchTemplate()) {
                for (long dpid = 1; dpid <= Math.max(1, switches); dpid++) {
                    trees.add(onDevice(seeded, deviceId(dpid)));
                }
            } else {
                trees.add(seeded);
            }
        }
        RuntimeParameters runtime = scenario.config().runtime().withEstimator(scenario.run().estimator());
        if (runtime.mode() == EnforcementMode.LITERAL) {
            runtime = runtime.withMode(EnforcementMode.IN_SWITCH);
        }
        return HsdbaConfig.of(runtime, trees);
    }

    private BandwidthTree withoutJoiners(BandwidthTree t) {
        List<NodeSpec> kept = t.nodes().stream().filter(n -> !joiners.contains(n.id())).collect(Collectors.toList());
        return kept.size() == t.nodes().size() ? t : t.toBuilder().nodes(kept).build();
    }

    private static BandwidthTree onDevice(BandwidthTree t, String deviceId) {
        if (t.port().deviceId().equals(deviceId)) {
            return t;
        }
        return BandwidthTree.builder(PortRef.of(deviceId, t.port().port())).capacity(t.capacity()).eta(t.eta())
                .mode(t.mode()).levels(t.levels()).nodes(t.nodes()).build();
    }

    /** {@code pof:%016x}. */
    public static String deviceId(long dpid) {
        return String.format("pof:%016x", dpid);
    }

    /** The traffic switch {@code dpid} plays: its sources (rates times {@link #scale()} and {@code extraScale}) and their frames' fields. */
    public SwitchTraffic trafficFor(long dpid, double extraScale) {
        RateScaling.checkFactor(extraScale);
        double factor = scale * extraScale;
        List<org.hsdba.sim.traffic.TrafficSource> sources = new ArrayList<>();
        List<List<FieldWrite>> fields = new ArrayList<>();
        int highestPort = 0;
        for (TrafficSource s : scenario.sources()) {
            BandwidthTree tree = scenario.config().tree(scenario.portOf(s.id())).orElseThrow();
            if (!perSwitchTemplate() && !tree.port().deviceId().equals(deviceId(dpid))) {
                continue;
            }
            org.hsdba.sim.traffic.TrafficSource converted = ScenarioRuns.convert(s);
            sources.add(new org.hsdba.sim.traffic.TrafficSource(converted.id(), converted.leafId(),
                    converted.rateBps() * factor, converted.sizes(), converted.process(), converted.intervals()));
            fields.add(TreeBinding.of(tree).fieldsFor(s.nodeId()));
            highestPort = (int) Math.max(highestPort, tree.port().port());
        }
        return new SwitchTraffic(sources, fields, scenario.run().seed(), durationSeconds(), highestPort);
    }
}
