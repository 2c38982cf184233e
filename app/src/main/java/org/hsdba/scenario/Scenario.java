package org.hsdba.scenario;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.PortRef;

/**
 * A scenario: a configuration, traffic sources (each sending into a leaf of one of its trees)
 * and run parameters. Gives each leaf's offered demand at a time (the input of the exact
 * allocator, the "oracle") and the phases in which the set of active sources is constant.
 *
 * <p>Invariants: source ids are unique; each source's node is a leaf of exactly one tree; each
 * source's smallest packet is long enough to hold every field its leaf's path matches on.
 */
public final class Scenario {

    private final String description;
    private final HsdbaConfig config;
    private final List<TrafficSource> sources;
    private final RunParameters run;
    private final Map<String, PortRef> portOfSource;

    private Scenario(String description, HsdbaConfig config, List<TrafficSource> sources, RunParameters run) {
        this.description = description;
        this.config = Objects.requireNonNull(config, "config");
        this.sources = List.copyOf(sources);
        this.run = Objects.requireNonNull(run, "run");
        List<Issue> issues = check(config, this.sources);
        if (!issues.isEmpty()) {
            throw new IllegalArgumentException(issues.stream().map(i -> i.message).collect(Collectors.joining("\n")));
        }
        this.portOfSource = new HashMap<>();
        for (TrafficSource s : this.sources) {
            portOfSource.put(s.id(), treesWith(config, s.nodeId()).get(0).port());
        }
    }

    public static Scenario of(String description, HsdbaConfig config, List<TrafficSource> sources, RunParameters run) {
        return new Scenario(description, config, sources, run);
    }

    /** A problem with one source, for located error messages. */
    static final class Issue {
        final int sourceIndex;
        final String field;
        final String message;

        Issue(int sourceIndex, String field, String message) {
            this.sourceIndex = sourceIndex;
            this.field = field;
            this.message = message;
        }
    }

    static List<Issue> check(HsdbaConfig config, List<TrafficSource> sources) {
        List<Issue> issues = new ArrayList<>();
        Map<String, Integer> ids = new HashMap<>();
        for (int i = 0; i < sources.size(); i++) {
            TrafficSource s = sources.get(i);
            Integer previous = ids.putIfAbsent(s.id(), i);
            if (previous != null) {
                issues.add(new Issue(i, "id", "source id \"" + s.id() + "\" is used twice"));
            }
            List<BandwidthTree> trees = treesWith(config, s.nodeId());
            if (trees.isEmpty()) {
                issues.add(new Issue(i, "node", "source \"" + s.id() + "\": no node \"" + s.nodeId() + "\" in any tree"));
                continue;
            }
            if (trees.size() > 1) {
                issues.add(new Issue(i, "node", "source \"" + s.id() + "\": node \"" + s.nodeId() + "\" exists in "
                        + trees.size() + " trees; give the nodes distinct ids"));
                continue;
            }
            BandwidthTree t = trees.get(0);
            if (!t.isLeaf(s.nodeId())) {
                issues.add(new Issue(i, "node", "source \"" + s.id() + "\": " + t.path(s.nodeId())
                        + " is not a leaf; sources send into leaves"));
                continue;
            }
            int needBits = 0;
            for (int d = 0; d < t.depth(s.nodeId()); d++) {
                needBits = Math.max(needBits, t.levels().get(d).field().endBits());
            }
            if (s.sizes().minBytes() * 8 < needBits) {
                issues.add(new Issue(i, "packetSize", "source \"" + s.id() + "\": packets of " + s.sizes().minBytes()
                        + " bytes are too short for the fields matched on the way to " + t.path(s.nodeId())
                        + ", which need " + (needBits + 7) / 8 + " bytes"));
            }
        }
        return issues;
    }

    private static List<BandwidthTree> treesWith(HsdbaConfig config, String nodeId) {
        return config.trees().stream().filter(t -> t.contains(nodeId)).collect(Collectors.toList());
    }

    public Optional<String> description() {
        return Optional.ofNullable(description);
    }

    /** The configuration as written in the file (without the run's eta override). */
    public HsdbaConfig config() {
        return config;
    }

    public List<TrafficSource> sources() {
        return sources;
    }

    public RunParameters run() {
        return run;
    }

    /** The configuration the run uses: every tree with the run's eta override applied, if any. */
    public HsdbaConfig effectiveConfig() {
        if (run.etaOverride().isEmpty()) {
            return config;
        }
        List<BandwidthTree> trees = new ArrayList<>();
        for (BandwidthTree t : config.trees()) {
            trees.add(t.toBuilder().eta(run.etaOverride().getAsDouble()).build());
        }
        return HsdbaConfig.of(config.runtime(), trees);
    }

    /** The tree a source sends into. */
    public PortRef portOf(String sourceId) {
        PortRef p = portOfSource.get(sourceId);
        if (p == null) {
            throw new IllegalArgumentException("no source \"" + sourceId + "\"");
        }
        return p;
    }

    /** Offered demand per leaf of one tree at time t (bits/s): the sum of its active sources' mean rates. */
    public Map<String, Double> demandAt(PortRef port, double t) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (TrafficSource s : sources) {
            if (portOfSource.get(s.id()).equals(port)) {
                out.merge(s.nodeId(), s.offeredAt(t), Double::sum);
            }
        }
        return out;
    }

    /** Offered demand per leaf at time t for a scenario with a single tree. */
    public Map<String, Double> demandAt(double t) {
        if (config.trees().size() != 1) {
            throw new IllegalStateException("the scenario has " + config.trees().size() + " trees; name the port");
        }
        return demandAt(config.trees().get(0).port(), t);
    }

    /** Ids of the sources active at time t, in scenario order. */
    public List<String> activeSourcesAt(double t) {
        return sources.stream().filter(s -> s.isActiveAt(t)).map(TrafficSource::id).collect(Collectors.toList());
    }

    /** The phases of [0, duration): maximal intervals in which the set of active sources does not change. */
    public List<Phase> phases() {
        double end = run.durationSeconds();
        TreeSet<Double> cuts = new TreeSet<>();
        cuts.add(0.0);
        cuts.add(end);
        for (TrafficSource s : sources) {
            for (Interval i : s.active()) {
                for (double c : new double[] {i.start(), i.end()}) {
                    if (c > 0 && c < end) {
                        cuts.add(c);
                    }
                }
            }
        }
        List<Phase> out = new ArrayList<>();
        Double previous = null;
        for (double c : cuts) {
            if (previous != null) {
                List<String> active = activeSourcesAt(previous);
                Phase last = out.isEmpty() ? null : out.get(out.size() - 1);
                if (last != null && last.activeSources().equals(active)) {
                    out.set(out.size() - 1, new Phase(last.start(), c, active));
                } else {
                    out.add(new Phase(previous, c, active));
                }
            }
            previous = c;
        }
        return out;
    }

    /** The levels a source's packets are matched on, top-down (for building frames). */
    public List<LevelSpec> levelsOf(String sourceId) {
        TrafficSource s = sources.stream().filter(x -> x.id().equals(sourceId)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no source \"" + sourceId + "\""));
        BandwidthTree t = config.tree(portOf(sourceId)).get();
        return t.levels().subList(0, t.depth(s.nodeId()));
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Scenario)) {
            return false;
        }
        Scenario s = (Scenario) o;
        return Objects.equals(s.description, description) && s.config.equals(config) && s.sources.equals(sources)
                && s.run.equals(run);
    }

    @Override
    public int hashCode() {
        return Objects.hash(description, config, sources, run);
    }

    @Override
    public String toString() {
        return "Scenario{" + (description == null ? "" : description + ", ") + sources.size() + " sources, " + run + "}";
    }
}
