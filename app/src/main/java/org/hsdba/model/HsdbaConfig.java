package org.hsdba.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/** The whole configuration: format version, run-time parameters and one tree per egress port. */
public final class HsdbaConfig {

    /** The format version this code reads and writes ({@code "format": "hsdba/1"}). */
    public static final int FORMAT_VERSION = 1;

    private final int formatVersion;
    private final RuntimeParameters runtime;
    private final List<BandwidthTree> trees;
    private final Map<PortRef, BandwidthTree> byPort;

    private HsdbaConfig(int formatVersion, RuntimeParameters runtime, List<BandwidthTree> trees) {
        this.formatVersion = formatVersion;
        this.runtime = Objects.requireNonNull(runtime, "runtime");
        this.trees = List.copyOf(trees);
        this.byPort = new HashMap<>();
        for (BandwidthTree t : this.trees) {
            if (byPort.put(t.port(), t) != null) {
                throw new IllegalArgumentException("two trees for port " + t.port());
            }
        }
    }

    public static HsdbaConfig of(RuntimeParameters runtime, List<BandwidthTree> trees) {
        return new HsdbaConfig(FORMAT_VERSION, runtime, trees);
    }

    public static HsdbaConfig of(List<BandwidthTree> trees) {
        return of(RuntimeParameters.DEFAULTS, trees);
    }

    public int formatVersion() {
        return formatVersion;
    }

    public RuntimeParameters runtime() {
        return runtime;
    }

    public List<BandwidthTree> trees() {
        return trees;
    }

    public Optional<BandwidthTree> tree(PortRef port) {
        return Optional.ofNullable(byPort.get(port));
    }

    /** The same configuration with one tree replaced in place (matched by port) or appended. */
    public HsdbaConfig withTree(BandwidthTree tree) {
        List<BandwidthTree> out = new ArrayList<>(trees);
        int i = out.stream().map(BandwidthTree::port).collect(Collectors.toList()).indexOf(tree.port());
        if (i >= 0) {
            out.set(i, tree);
        } else {
            out.add(tree);
        }
        return new HsdbaConfig(formatVersion, runtime, out);
    }

    public HsdbaConfig withRuntime(RuntimeParameters r) {
        return new HsdbaConfig(formatVersion, r, trees);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof HsdbaConfig)) {
            return false;
        }
        HsdbaConfig c = (HsdbaConfig) o;
        return c.formatVersion == formatVersion && c.runtime.equals(runtime) && c.trees.equals(trees);
    }

    @Override
    public int hashCode() {
        return Objects.hash(formatVersion, runtime, trees);
    }

    @Override
    public String toString() {
        return "HsdbaConfig{hsdba/" + formatVersion + ", " + runtime + ", " + trees + "}";
    }
}
