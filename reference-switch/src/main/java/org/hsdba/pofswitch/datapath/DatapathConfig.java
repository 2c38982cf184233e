package org.hsdba.pofswitch.datapath;

import java.util.ArrayList;
import java.util.List;
import org.hsdba.pof.table.GlobalTableIds;

/**
 * Everything the datapath is configured with: device id, ports, table resources (defaults are
 * POFSwitch's shipped configuration: MM 8, LPM 2, EM 6, DT 7 tables of 6000 entries, 320-bit keys,
 * 512 counters, 1024 meters and groups) and the HSDBA extension's limits (docs/pof-hsdba-extension.md
 * section 2). {@code extensionEnabled(false)} gives a stock POFSwitch 1.4.0.
 */
public final class DatapathConfig {
    private final long deviceId;
    private final List<PortConfig> ports;
    private final int[] tableCounts;
    private final long tableSize;
    private final int keyLengthBits;
    private final long counterCount;
    private final long meterCount;
    private final long groupCount;
    private final boolean extensionEnabled;
    private final int stateWords;
    private final int registerWords;
    private final int maxBlocks;
    private final int maxBlockInstructions;
    private final int instructionBudget;
    private final int maxPendingJoins;
    private final long rngSeed;
    private final boolean fastPath;

    private DatapathConfig(Builder b) {
        this.deviceId = b.deviceId;
        this.ports = List.copyOf(b.ports);
        this.tableCounts = b.tableCounts.clone();
        this.tableSize = b.tableSize;
        this.keyLengthBits = b.keyLengthBits;
        this.counterCount = b.counterCount;
        this.meterCount = b.meterCount;
        this.groupCount = b.groupCount;
        this.extensionEnabled = b.extensionEnabled;
        this.stateWords = b.stateWords;
        this.registerWords = b.registerWords;
        this.maxBlocks = b.maxBlocks;
        this.maxBlockInstructions = b.maxBlockInstructions;
        this.instructionBudget = b.instructionBudget;
        this.maxPendingJoins = b.maxPendingJoins;
        this.rngSeed = b.rngSeed;
        this.fastPath = b.fastPath;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The defaults: device 1, two ports, extension on. */
    public static DatapathConfig defaults() {
        return builder().build();
    }

    public long deviceId() {
        return deviceId;
    }

    public List<PortConfig> ports() {
        return ports;
    }

    public GlobalTableIds tableIds() {
        return GlobalTableIds.of(tableCounts[0], tableCounts[1], tableCounts[2], tableCounts[3]);
    }

    /** Table count of a type (0 MM, 1 LPM, 2 EM, 3 DT). */
    public int tableCount(int type) {
        return tableCounts[type];
    }

    public long tableSize() {
        return tableSize;
    }

    public int keyLengthBits() {
        return keyLengthBits;
    }

    public long counterCount() {
        return counterCount;
    }

    public long meterCount() {
        return meterCount;
    }

    public long groupCount() {
        return groupCount;
    }

    public boolean extensionEnabled() {
        return extensionEnabled;
    }

    public int stateWords() {
        return stateWords;
    }

    public int registerWords() {
        return registerWords;
    }

    public int maxBlocks() {
        return maxBlocks;
    }

    public int maxBlockInstructions() {
        return maxBlockInstructions;
    }

    public int instructionBudget() {
        return instructionBudget;
    }

    public int maxPendingJoins() {
        return maxPendingJoins;
    }

    public long rngSeed() {
        return rngSeed;
    }

    /**
     * Whether packets run on the compiled fast path (default) or only in the interpreter, the
     * reference the fast path is tested against; both give the same results.
     */
    public boolean fastPath() {
        return fastPath;
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.deviceId = deviceId;
        b.ports = new ArrayList<>(ports);
        b.tableCounts = tableCounts.clone();
        b.tableSize = tableSize;
        b.keyLengthBits = keyLengthBits;
        b.counterCount = counterCount;
        b.meterCount = meterCount;
        b.groupCount = groupCount;
        b.extensionEnabled = extensionEnabled;
        b.stateWords = stateWords;
        b.registerWords = registerWords;
        b.maxBlocks = maxBlocks;
        b.maxBlockInstructions = maxBlockInstructions;
        b.instructionBudget = instructionBudget;
        b.maxPendingJoins = maxPendingJoins;
        b.rngSeed = rngSeed;
        b.fastPath = fastPath;
        return b;
    }

    /** Builder with the defaults described on the class. */
    public static final class Builder {
        private long deviceId = 1;
        private List<PortConfig> ports = new ArrayList<>(List.of(PortConfig.standard(1), PortConfig.standard(2)));
        private int[] tableCounts = {8, 2, 6, 7};
        private long tableSize = 6000;
        private int keyLengthBits = 320;
        private long counterCount = 512;
        private long meterCount = 1024;
        private long groupCount = 1024;
        private boolean extensionEnabled = true;
        private int stateWords = 8;
        private int registerWords = 65536;
        private int maxBlocks = 256;
        private int maxBlockInstructions = 256;
        private int instructionBudget = 4096;
        private int maxPendingJoins = 4096;
        private long rngSeed = 1;
        private boolean fastPath = true;

        private Builder() {
        }

        public Builder deviceId(long v) {
            if (v < 0 || v > 0xFFFFFFFFL) {
                throw new IllegalArgumentException("device id must be a u32, got " + v);
            }
            deviceId = v;
            return this;
        }

        public Builder ports(List<PortConfig> v) {
            ports = new ArrayList<>(v);
            return this;
        }

        /** Port ids 1..n with standard names and MACs. */
        public Builder portCount(int n) {
            ports = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                ports.add(PortConfig.standard(i));
            }
            return this;
        }

        public Builder tableCounts(int mm, int lpm, int em, int dt) {
            if (mm < 1 || lpm < 0 || em < 0 || dt < 0 || mm + lpm + em + dt > 255) {
                throw new IllegalArgumentException("table counts must be >= 0 (MM >= 1) with a total <= 255, got "
                        + mm + "/" + lpm + "/" + em + "/" + dt);
            }
            tableCounts = new int[] {mm, lpm, em, dt};
            return this;
        }

        public Builder tableSize(long v) {
            tableSize = v;
            return this;
        }

        public Builder keyLengthBits(int v) {
            keyLengthBits = v;
            return this;
        }

        public Builder counterCount(long v) {
            counterCount = v;
            return this;
        }

        public Builder meterCount(long v) {
            meterCount = v;
            return this;
        }

        public Builder groupCount(long v) {
            groupCount = v;
            return this;
        }

        /** Compiled fast path (true, the default) or the interpreter alone (false). */
        public Builder fastPath(boolean v) {
            fastPath = v;
            return this;
        }

        public Builder extensionEnabled(boolean v) {
            extensionEnabled = v;
            return this;
        }

        public Builder stateWords(int v) {
            if (v < 0 || v > 255) {
                throw new IllegalArgumentException("state words must be in 0..255, got " + v);
            }
            stateWords = v;
            return this;
        }

        public Builder registerWords(int v) {
            if (v < 0) {
                throw new IllegalArgumentException("register words must be >= 0, got " + v);
            }
            registerWords = v;
            return this;
        }

        public Builder maxBlocks(int v) {
            maxBlocks = v;
            return this;
        }

        public Builder maxBlockInstructions(int v) {
            maxBlockInstructions = v;
            return this;
        }

        public Builder instructionBudget(int v) {
            if (v < 1) {
                throw new IllegalArgumentException("instruction budget must be >= 1, got " + v);
            }
            instructionBudget = v;
            return this;
        }

        public Builder maxPendingJoins(int v) {
            maxPendingJoins = v;
            return this;
        }

        public Builder rngSeed(long v) {
            rngSeed = v;
            return this;
        }

        public DatapathConfig build() {
            return new DatapathConfig(this);
        }
    }
}
