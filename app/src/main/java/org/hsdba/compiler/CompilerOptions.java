package org.hsdba.compiler;

import java.util.Objects;

import org.hsdba.algorithm.KernelOptions;
import org.hsdba.model.RuntimeParameters;

/**
 * How to compile: the algorithm's options (the same {@link KernelOptions} the reference kernel
 * takes: estimator per level, drop rule, pass-down rule, restart, peak cap, idle removal and
 * timeout) and where the program lives in the switch (first MM table, first block id, first
 * register word, xids), plus the codes it uses. Immutable.
 */
public final class CompilerOptions {

    /** PACKET_IN reason of a join request: 72 (ASCII 'H'). */
    public static final int DEFAULT_JOIN_REASON = 72;
    /** DROP action reason code of an HSDBA drop: 72 (ASCII 'H'). */
    public static final long DEFAULT_DROP_REASON = 72;

    public static final CompilerOptions DEFAULTS = builder().build();

    private final KernelOptions algorithm;
    private final int firstTable;
    private final int firstBlockId;
    private final long firstRegisterWord;
    private final long firstXid;
    private final int joinReason;
    private final int joinHoldMs;
    private final long dropReason;
    private final long tableSize;

    private CompilerOptions(Builder b) {
        this.algorithm = b.algorithm;
        this.firstTable = b.firstTable;
        this.firstBlockId = b.firstBlockId;
        this.firstRegisterWord = b.firstRegisterWord;
        this.firstXid = b.firstXid;
        this.joinReason = b.joinReason;
        this.joinHoldMs = b.joinHoldMs;
        this.dropReason = b.dropReason;
        this.tableSize = b.tableSize;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Defaults with the estimator and idle timeout of the run-time parameters. */
    public static CompilerOptions from(RuntimeParameters runtime) {
        return builder().algorithm(KernelOptions.from(runtime)).build();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.algorithm = algorithm;
        b.firstTable = firstTable;
        b.firstBlockId = firstBlockId;
        b.firstRegisterWord = firstRegisterWord;
        b.firstXid = firstXid;
        b.joinReason = joinReason;
        b.joinHoldMs = joinHoldMs;
        b.dropReason = dropReason;
        b.tableSize = tableSize;
        return b;
    }

    public KernelOptions algorithm() {
        return algorithm;
    }

    /** Per-type id of the first MM table the program uses (0: the program starts at global table 0). */
    public int firstTable() {
        return firstTable;
    }

    public int firstBlockId() {
        return firstBlockId;
    }

    public long firstRegisterWord() {
        return firstRegisterWord;
    }

    /** Xid of the first message; the following ones count up. */
    public long firstXid() {
        return firstXid;
    }

    public int joinReason() {
        return joinReason;
    }

    /** How long the switch holds a join key (0 = the switch default, 1000 ms). */
    public int joinHoldMs() {
        return joinHoldMs;
    }

    public long dropReason() {
        return dropReason;
    }

    /** Entries per level table; 0 = the switch's table size. */
    public long tableSize() {
        return tableSize;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof CompilerOptions)) {
            return false;
        }
        CompilerOptions c = (CompilerOptions) o;
        return c.algorithm.equals(algorithm) && c.firstTable == firstTable && c.firstBlockId == firstBlockId
                && c.firstRegisterWord == firstRegisterWord && c.firstXid == firstXid && c.joinReason == joinReason
                && c.joinHoldMs == joinHoldMs && c.dropReason == dropReason && c.tableSize == tableSize;
    }

    @Override
    public int hashCode() {
        return Objects.hash(algorithm, firstTable, firstBlockId, firstRegisterWord, firstXid, joinReason, joinHoldMs,
                dropReason, tableSize);
    }

    @Override
    public String toString() {
        return "CompilerOptions{" + algorithm + ", MM#" + firstTable + ", block " + firstBlockId + ", register "
                + firstRegisterWord + ", xid " + firstXid + ", join reason " + joinReason + "}";
    }

    /** Builder starting from the defaults. */
    public static final class Builder {
        private KernelOptions algorithm = KernelOptions.DEFAULTS;
        private int firstTable;
        private int firstBlockId;
        private long firstRegisterWord;
        private long firstXid = 1;
        private int joinReason = DEFAULT_JOIN_REASON;
        private int joinHoldMs;
        private long dropReason = DEFAULT_DROP_REASON;
        private long tableSize;

        private Builder() {
        }

        public Builder algorithm(KernelOptions k) {
            this.algorithm = Objects.requireNonNull(k, "algorithm options");
            return this;
        }

        public Builder firstTable(int tid) {
            this.firstTable = range(tid, 0, 0xFF, "first table");
            return this;
        }

        public Builder firstBlockId(int id) {
            this.firstBlockId = range(id, 0, 0xFFFE, "first block id");
            return this;
        }

        public Builder firstRegisterWord(long word) {
            if (word < 0 || word > 0xFFFF_FFFFL) {
                throw new IllegalArgumentException("first register word " + word + " is outside 0..2^32-1");
            }
            this.firstRegisterWord = word;
            return this;
        }

        public Builder firstXid(long xid) {
            if (xid < 0 || xid > 0xFFFF_FFFFL) {
                throw new IllegalArgumentException("first xid " + xid + " is outside 0..2^32-1");
            }
            this.firstXid = xid;
            return this;
        }

        public Builder joinReason(int reason) {
            this.joinReason = range(reason, 0, 0xFF, "join reason");
            return this;
        }

        public Builder joinHoldMs(int ms) {
            this.joinHoldMs = range(ms, 0, 0xFFFF, "join hold (ms)");
            return this;
        }

        public Builder dropReason(long reason) {
            if (reason < 0 || reason > 0xFFFF_FFFFL) {
                throw new IllegalArgumentException("drop reason " + reason + " is outside 0..2^32-1");
            }
            this.dropReason = reason;
            return this;
        }

        public Builder tableSize(long entries) {
            if (entries < 0) {
                throw new IllegalArgumentException("table size " + entries + " is negative");
            }
            this.tableSize = entries;
            return this;
        }

        private static int range(int v, int lo, int hi, String what) {
            if (v < lo || v > hi) {
                throw new IllegalArgumentException(what + " " + v + " is outside " + lo + ".." + hi);
            }
            return v;
        }

        public CompilerOptions build() {
            return new CompilerOptions(this);
        }
    }
}
