package org.hsdba.sim.run;

import java.util.List;
import java.util.Objects;
import org.hsdba.model.RuntimeParameters;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.engine.Simulation;
import org.hsdba.sim.model.TreeBinding;
import org.hsdba.sim.record.RunSummary;
import org.hsdba.sim.traffic.TrafficSource;

/**
 * Everything a run needs, whatever file it was read from. Defaults: bin 100 ms, settling time 1 s,
 * output buffer 10 ms at line rate, DWRR quantum 1514 bytes, in-port 1 (2 if the tree's port is 1),
 * seed 1. Immutable.
 */
public final class RunSpec {

    /** Default output buffer, as time at line rate. */
    public static final double DEFAULT_BUFFER_SECONDS = 0.010;
    public static final int DEFAULT_DWRR_QUANTUM = 1514;

    private final String name;
    private final String title;
    private final String description;
    private final TreeBinding binding;
    private final List<TrafficSource> sources;
    private final Mode mode;
    private final RuntimeParameters runtime;
    private final long seed;
    private final long durationNs;
    private final long binNs;
    private final long settleNs;
    private final long bufferBytes;
    private final int dwrrQuantumBytes;
    private final int inPort;

    private RunSpec(Builder b) {
        this.name = Objects.requireNonNull(b.name, "run name");
        this.title = b.title == null ? b.name : b.title;
        this.description = b.description;
        this.binding = Objects.requireNonNull(b.binding, "run " + b.name + ": tree");
        this.sources = List.copyOf(b.sources);
        this.mode = Objects.requireNonNull(b.mode, "run " + b.name + ": mode");
        this.runtime = b.runtime == null ? RuntimeParameters.DEFAULTS : b.runtime;
        this.seed = b.seed;
        if (b.durationNs <= 0) {
            throw new IllegalArgumentException("run " + b.name + ": duration must be > 0 s");
        }
        this.durationNs = b.durationNs;
        this.binNs = b.binNs;
        this.settleNs = b.settleNs;
        double capacity = binding.capacityBps();
        this.bufferBytes = b.bufferBytes > 0 ? b.bufferBytes
                : Math.max(2 * 9018, Math.round(capacity * DEFAULT_BUFFER_SECONDS / 8));
        this.dwrrQuantumBytes = b.dwrrQuantumBytes;
        long port = binding.tree().port().port();
        this.inPort = b.inPort >= 0 ? b.inPort : port == 1 ? 2 : 1;
        for (TrafficSource s : sources) {
            if (binding.nodeTree().indexOf(s.leafId()) < 0) {
                throw new IllegalArgumentException("run " + b.name + ": source " + s.id() + " sends into \""
                        + s.leafId() + "\", which is not a node of the tree under " + binding.tree().rootPath());
            }
            if (!binding.tree().isLeaf(s.leafId())) {
                throw new IllegalArgumentException("run " + b.name + ": source " + s.id() + " sends into "
                        + binding.tree().path(s.leafId()) + ", which is not a leaf");
            }
        }
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** A builder holding every setting of this spec (buffer and in-port as resolved). */
    public Builder toBuilder() {
        Builder b = new Builder(name).title(title).description(description).tree(binding).sources(sources).mode(mode)
                .runtime(runtime).seed(seed).bufferBytes(bufferBytes).dwrrQuantumBytes(dwrrQuantumBytes).inPort(inPort);
        b.durationNs = durationNs;
        b.binNs = binNs;
        b.settleNs = settleNs;
        return b;
    }

    /** Builder; tree, sources, mode and duration are required. */
    public static final class Builder {
        private final String name;
        private String title;
        private String description;
        private TreeBinding binding;
        private List<TrafficSource> sources = List.of();
        private Mode mode;
        private RuntimeParameters runtime;
        private long seed = 1;
        private long durationNs;
        private long binNs = Simulation.DEFAULT_BIN_NS;
        private long settleNs = RunSummary.DEFAULT_SETTLE_NS;
        private long bufferBytes;
        private int dwrrQuantumBytes = DEFAULT_DWRR_QUANTUM;
        private int inPort = -1;

        private Builder(String name) {
            this.name = name;
        }

        public Builder title(String t) {
            this.title = t;
            return this;
        }

        /** A longer description stated in the outputs (optional). */
        public Builder description(String d) {
            this.description = d;
            return this;
        }

        public Builder tree(TreeBinding b) {
            this.binding = b;
            return this;
        }

        public Builder sources(List<TrafficSource> s) {
            this.sources = s;
            return this;
        }

        public Builder mode(Mode m) {
            this.mode = m;
            return this;
        }

        public Builder runtime(RuntimeParameters r) {
            this.runtime = r;
            return this;
        }

        public Builder seed(long s) {
            this.seed = s;
            return this;
        }

        public Builder durationSeconds(double s) {
            this.durationNs = Math.round(s * 1e9);
            return this;
        }

        public Builder binSeconds(double s) {
            this.binNs = Math.round(s * 1e9);
            return this;
        }

        public Builder settleSeconds(double s) {
            this.settleNs = Math.round(s * 1e9);
            return this;
        }

        /** Output buffer in bytes (0: the default, 10 ms at line rate). */
        public Builder bufferBytes(long b) {
            this.bufferBytes = b;
            return this;
        }

        public Builder dwrrQuantumBytes(int q) {
            this.dwrrQuantumBytes = q;
            return this;
        }

        public Builder inPort(int p) {
            this.inPort = p;
            return this;
        }

        public RunSpec build() {
            return new RunSpec(this);
        }
    }

    public String name() {
        return name;
    }

    public String title() {
        return title;
    }

    /** The description, or null. */
    public String description() {
        return description;
    }

    public TreeBinding binding() {
        return binding;
    }

    public List<TrafficSource> sources() {
        return sources;
    }

    public Mode mode() {
        return mode;
    }

    public RuntimeParameters runtime() {
        return runtime;
    }

    public long seed() {
        return seed;
    }

    public long durationNs() {
        return durationNs;
    }

    public long binNs() {
        return binNs;
    }

    public long settleNs() {
        return settleNs;
    }

    public long bufferBytes() {
        return bufferBytes;
    }

    public int dwrrQuantumBytes() {
        return dwrrQuantumBytes;
    }

    public int inPort() {
        return inPort;
    }

    /** The egress port (the tree's). */
    public int outPort() {
        return (int) binding.tree().port().port();
    }
}
