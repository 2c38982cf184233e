package org.hsdba.sim.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.hsdba.sim.link.DepartureSink;
import org.hsdba.sim.link.LinkModel;
import org.hsdba.sim.traffic.Arrival;
import org.hsdba.sim.traffic.ArrivalStream;
import org.hsdba.sim.traffic.FieldWrite;
import org.hsdba.sim.traffic.FrameFactory;
import org.hsdba.sim.traffic.TrafficSource;

/**
 * One simulation run: the sources' merged packets, as real frames, go through the processor at
 * their arrival time; forwarded ones (to the measured output port) enter the link model, whose
 * departures are the delivered traffic. Accounting is per time bin and per node of the tree:
 * offered bytes at arrival, delivered bytes at departure (so a rate is what leaves the link),
 * drops by the processor ("policed") and by the link buffer ("queue drops"), latency from
 * arrival to the last bit leaving. Processing takes no simulated time. Single use: build, then
 * {@link #run()} once.
 */
public final class Simulation {

    /** Default accounting bin: 100 ms of simulated time. */
    public static final long DEFAULT_BIN_NS = 100_000_000L;

    private final List<TrafficSource> sources;
    private final List<List<FieldWrite>> fields;
    private final NodeTree tree;
    private final PacketProcessor processor;
    private final LinkModel link;
    private final long seed;
    private final long durationNs;
    private final long binNs;
    private final int inPort;
    private final int outPort;
    private final Oracle oracle;
    private final NodeStateProbe stateProbe;
    private final PacketObserver observer;
    private final ProgressReporter progress;
    private final Map<String, String> parameters;
    private boolean ran;

    private Simulation(Builder b) {
        this.sources = List.copyOf(b.sources);
        this.fields = b.fields == null ? noFields(sources.size()) : List.copyOf(b.fields);
        this.tree = Objects.requireNonNull(b.tree, "simulation: node tree");
        this.processor = Objects.requireNonNull(b.processor, "simulation: packet processor");
        this.link = Objects.requireNonNull(b.link, "simulation: link model");
        if (b.durationNs <= 0) {
            throw new IllegalArgumentException("simulation: duration must be > 0, got " + b.durationNs + " ns");
        }
        if (b.binNs <= 0) {
            throw new IllegalArgumentException("simulation: bin must be > 0, got " + b.binNs + " ns");
        }
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("simulation: no traffic sources");
        }
        this.seed = b.seed;
        this.durationNs = b.durationNs;
        this.binNs = b.binNs;
        this.inPort = b.inPort;
        this.outPort = b.outPort;
        this.oracle = b.oracle;
        this.stateProbe = b.stateProbe;
        this.observer = b.observer;
        this.progress = b.progress;
        this.parameters = Collections.unmodifiableMap(new LinkedHashMap<>(b.parameters));
    }

    private static List<List<FieldWrite>> noFields(int n) {
        List<List<FieldWrite>> none = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            none.add(List.of());
        }
        return none;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Settings of a run; sources, tree, processor, link and duration are required. */
    public static final class Builder {
        private List<TrafficSource> sources = List.of();
        private List<List<FieldWrite>> fields;
        private NodeTree tree;
        private PacketProcessor processor;
        private LinkModel link;
        private long seed = 1;
        private long durationNs;
        private long binNs = DEFAULT_BIN_NS;
        private int inPort = 1;
        private int outPort = -1;
        private Oracle oracle;
        private NodeStateProbe stateProbe;
        private PacketObserver observer;
        private ProgressReporter progress;
        private final Map<String, String> parameters = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder sources(List<TrafficSource> sources) {
            this.sources = sources;
            return this;
        }

        /** Match fields per source (same order as the sources); default none. */
        public Builder fields(List<List<FieldWrite>> fields) {
            this.fields = fields;
            return this;
        }

        public Builder tree(NodeTree tree) {
            this.tree = tree;
            return this;
        }

        public Builder processor(PacketProcessor processor) {
            this.processor = processor;
            return this;
        }

        public Builder link(LinkModel link) {
            this.link = link;
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder durationNs(long durationNs) {
            this.durationNs = durationNs;
            return this;
        }

        public Builder durationSeconds(double seconds) {
            return durationNs(Math.round(seconds * 1e9));
        }

        public Builder binNs(long binNs) {
            this.binNs = binNs;
            return this;
        }

        public Builder binSeconds(double seconds) {
            return binNs(Math.round(seconds * 1e9));
        }

        /** Port the frames arrive on (default 1). */
        public Builder inPort(int inPort) {
            this.inPort = inPort;
            return this;
        }

        /** Only packets forwarded to this port enter the link; -1 (default): any port. */
        public Builder outPort(int outPort) {
            this.outPort = outPort;
            return this;
        }

        public Builder oracle(Oracle oracle) {
            this.oracle = oracle;
            return this;
        }

        public Builder stateProbe(NodeStateProbe stateProbe) {
            this.stateProbe = stateProbe;
            return this;
        }

        /** Sees every packet's fate (null: none). */
        public Builder observer(PacketObserver observer) {
            this.observer = observer;
            return this;
        }

        /** Progress lines (null: none). */
        public Builder progress(ProgressReporter progress) {
            this.progress = progress;
            return this;
        }

        /** A parameter to state in the outputs (mode, estimator, K, ...), kept in insertion order. */
        public Builder parameter(String name, Object value) {
            this.parameters.put(name, String.valueOf(value));
            return this;
        }

        public Simulation build() {
            return new Simulation(this);
        }
    }

    /** Runs to the end and returns the measurements. */
    public RunResult run() {
        if (ran) {
            throw new IllegalStateException("a Simulation runs once; build a new one");
        }
        ran = true;
        int[] sourceNode = new int[sources.size()];
        for (int i = 0; i < sources.size(); i++) {
            sourceNode[i] = tree.require(sources.get(i).leafId(), "source " + sources.get(i).id());
        }
        List<Phase> phases = Phases.of(sources, durationNs, oracle);
        FrameFactory frames = new FrameFactory(sources, fields);
        ArrivalStream stream = new ArrivalStream(sources, seed, durationNs);
        int bins = (int) ((durationNs + binNs - 1) / binNs);
        Accounting acc = new Accounting(bins);
        if (progress != null) {
            progress.start(durationNs);
        }
        long packets = 0;
        long misattributed = 0;
        long otherPort = 0;
        int sampledBins = 0;
        long t = 0;
        while (stream.hasNext()) {
            Arrival a = stream.next();
            t = a.timeNs();
            link.advanceTo(t, acc);
            int bin = (int) (t / binNs);
            sampledBins = sampleStates(acc, sampledBins, bin);
            int node = sourceNode[a.sourceIndex()];
            acc.counters.offeredBytes[bin][node] += a.bytes();
            Verdict v = processor.process(frames.frame(a), inPort, t);
            if (v.nodeId() != null) {
                int decided = tree.indexOf(v.nodeId());
                if (decided < 0 || !tree.isAncestorOrSelf(decided, node)) {
                    misattributed++;
                }
            }
            boolean delivered = false;
            boolean lost = true;
            if (!v.forwarded()) {
                acc.counters.policedBytes[bin][node] += a.bytes();
                acc.counters.policedPackets[bin][node]++;
            } else if (outPort >= 0 && v.outPort() != outPort) {
                otherPort++;
                lost = false;
            } else if (!link.offer(t, a.bytes(), node)) {
                acc.counters.queueDropBytes[bin][node] += a.bytes();
                acc.counters.queueDropPackets[bin][node]++;
            } else {
                delivered = true;
                lost = false;
            }
            if (lost) {
                // Dropped by the switch or the buffer: responsive sources learn of it.
                stream.lost(a.sourceIndex(), t);
            }
            if (observer != null) {
                observer.packet(t, a.sourceIndex(), node, a.bytes(), delivered);
            }
            packets++;
            if (progress != null) {
                progress.update(t, packets);
            }
        }
        link.advanceTo(durationNs, acc);
        sampleStates(acc, sampledBins, bins);
        long inFlight = link.backlogBytes();
        // Packets still queued at the end leave after it: they count for latency, not for rates.
        link.advanceTo(Long.MAX_VALUE, acc);
        if (progress != null) {
            progress.finish(Math.max(t, durationNs), packets);
        }
        acc.counters.rollUp(tree);
        return new RunResult(tree, durationNs, binNs, acc.counters, oracleByBin(phases, bins), acc.states,
                phases, acc.latencySummaries(), packets, misattributed, otherPort, inFlight, parameters);
    }

    /** States at the end of every bin before {@code bin}; returns the new count of sampled bins. */
    private int sampleStates(Accounting acc, int sampledBins, int bin) {
        if (stateProbe == null) {
            return bin;
        }
        for (int b = sampledBins; b < bin && b < acc.states.length; b++) {
            String[] row = new String[tree.size()];
            for (int n = 0; n < tree.size(); n++) {
                row[n] = stateProbe.state(tree.id(n));
            }
            acc.states[b] = row;
        }
        return Math.max(sampledBins, bin);
    }

    /** The oracle rate per bin and node, time-weighted over the phases that overlap the bin. */
    private double[][] oracleByBin(List<Phase> phases, int bins) {
        double[][] out = new double[bins][tree.size()];
        for (int b = 0; b < bins; b++) {
            long start = b * binNs;
            long end = Math.min(durationNs, start + binNs);
            for (int n = 0; n < tree.size(); n++) {
                double sum = 0;
                for (Phase p : phases) {
                    long overlap = Math.min(end, p.endNs()) - Math.max(start, p.startNs());
                    if (overlap > 0) {
                        sum += p.oracleBps(tree.id(n)) * overlap;
                    }
                }
                out[b][n] = sum / (end - start);
            }
        }
        return out;
    }

    /** Counters plus the departure side: delivered bytes and latency. */
    private final class Accounting implements DepartureSink {
        final BinCounters counters;
        final String[][] states;
        final LatencyHistogram[] latency = new LatencyHistogram[tree.size()];

        Accounting(int bins) {
            counters = new BinCounters(bins, tree.size());
            states = new String[bins][];
        }

        @Override
        public void departed(long arrivalNs, long departureNs, int bytes, int flow) {
            int bin = (int) (departureNs / binNs);
            if (departureNs < durationNs) {
                counters.deliveredBytes[bin][flow] += bytes;
            }
            if (latency[flow] == null) {
                latency[flow] = new LatencyHistogram();
            }
            latency[flow].record(departureNs - arrivalNs);
        }

        /** Per node (subtree) latency summaries; the root's is every packet's. */
        LatencySummary[] latencySummaries() {
            // Histograms only where there are samples: a big tree mostly has none.
            LatencyHistogram[] subtree = new LatencyHistogram[tree.size()];
            for (int n = tree.size() - 1; n >= 0; n--) {
                if (latency[n] != null) {
                    subtree[n] = merge(subtree[n], latency[n]);
                }
                int p = tree.parent(n);
                if (p >= 0 && subtree[n] != null) {
                    subtree[p] = merge(subtree[p], subtree[n]);
                }
            }
            LatencySummary[] out = new LatencySummary[tree.size()];
            for (int n = 0; n < out.length; n++) {
                out[n] = subtree[n] == null ? LatencySummary.EMPTY : subtree[n].summary();
            }
            return out;
        }

        private LatencyHistogram merge(LatencyHistogram into, LatencyHistogram from) {
            LatencyHistogram target = into == null ? new LatencyHistogram() : into;
            target.addAll(from);
            return target;
        }
    }
}
