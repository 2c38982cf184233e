package org.hsdba.compiler;

import java.util.Objects;
import java.util.Optional;

import org.hsdba.pof.ext.HxFeaturesReply;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.pof.message.TableResource;
import org.hsdba.pof.table.GlobalTableIds;
import org.hsdba.pof.table.TableType;

/**
 * What a switch offers the compiler: the per-type table counts (they define global table ids),
 * MM table size and key length, the number of counters (from RESOURCE_REPORT), and, for a switch
 * that passed the HX probe, the extension's limits (from HX_FEATURES_REPLY). Immutable.
 */
public final class SwitchCapabilities {

    private final GlobalTableIds tables;
    private final long tableSize;
    private final int keyLengthBits;
    private final long counterCount;
    private final Hx hx;

    private SwitchCapabilities(GlobalTableIds tables, long tableSize, int keyLengthBits, long counterCount, Hx hx) {
        this.tables = Objects.requireNonNull(tables, "tables");
        this.tableSize = tableSize;
        this.keyLengthBits = keyLengthBits;
        this.counterCount = counterCount;
        this.hx = hx;
    }

    /** A stock switch (no extension). */
    public static SwitchCapabilities stock(GlobalTableIds tables, long tableSize, int keyLengthBits, long counterCount) {
        return new SwitchCapabilities(tables, tableSize, keyLengthBits, counterCount, null);
    }

    /** From the switch's RESOURCE_REPORT and, if it answered the probe, its HX_FEATURES_REPLY (else null). */
    public static SwitchCapabilities of(ResourceReport report, HxFeaturesReply hxReply) {
        TableResource mm = null;
        for (TableResource r : report.tables()) {
            if (r.tableType() == TableType.MM) {
                mm = r;
            }
        }
        if (mm == null) {
            throw new IllegalArgumentException("RESOURCE_REPORT describes no MM tables");
        }
        long size = mm.tableCount() == 0 ? 0 : mm.totalSize() / mm.tableCount();
        SwitchCapabilities caps = stock(report.tableIds(), size, mm.keyLengthBits(), report.counterCount());
        return hxReply == null ? caps : caps.withHx(Hx.of(hxReply));
    }

    /**
     * The reference switch's defaults (POFSwitch's shipped configuration: MM 8, LPM 2, EM 6, DT 7
     * tables of 6000 entries, 320-bit keys, 512 counters) with the extension's reference limits.
     */
    public static SwitchCapabilities reference() {
        return stock(GlobalTableIds.of(8, 2, 6, 7), 6000, 320, 512).withHx(Hx.REFERENCE);
    }

    public SwitchCapabilities withHx(Hx limits) {
        return new SwitchCapabilities(tables, tableSize, keyLengthBits, counterCount, limits);
    }

    public SwitchCapabilities withoutHx() {
        return new SwitchCapabilities(tables, tableSize, keyLengthBits, counterCount, null);
    }

    public SwitchCapabilities withTableSize(long size) {
        return new SwitchCapabilities(tables, size, keyLengthBits, counterCount, hx);
    }

    public SwitchCapabilities withCounterCount(long count) {
        return new SwitchCapabilities(tables, tableSize, keyLengthBits, count, hx);
    }

    public GlobalTableIds tables() {
        return tables;
    }

    /** Entries per MM table. */
    public long tableSize() {
        return tableSize;
    }

    /** Longest MM table key in bits. */
    public int keyLengthBits() {
        return keyLengthBits;
    }

    /** Counter ids are 1 .. counterCount - 1. */
    public long counterCount() {
        return counterCount;
    }

    /** The extension's limits, if the switch has it. */
    public Optional<Hx> hx() {
        return Optional.ofNullable(hx);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SwitchCapabilities)) {
            return false;
        }
        SwitchCapabilities c = (SwitchCapabilities) o;
        return c.tables.equals(tables) && c.tableSize == tableSize && c.keyLengthBits == keyLengthBits
                && c.counterCount == counterCount && Objects.equals(c.hx, hx);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tables, tableSize, keyLengthBits, counterCount, hx);
    }

    @Override
    public String toString() {
        return "SwitchCapabilities{" + tables + ", MM size " + tableSize + ", key " + keyLengthBits + " bits, "
                + counterCount + " counters, " + (hx == null ? "stock" : hx.toString()) + "}";
    }

    /** The HX limits the compiler must respect (docs/pof-hsdba-extension.md section 2). */
    public static final class Hx {
        /** The reference switch's limits. */
        public static final Hx REFERENCE = new Hx(8, 256, 256, 280, 65536, 4096);

        private final int stateWords;
        private final int maxBlocks;
        private final int maxBlockInstructions;
        private final int maxParamBytes;
        private final long registerWords;
        private final long instructionBudget;

        public Hx(int stateWords, int maxBlocks, int maxBlockInstructions, int maxParamBytes, long registerWords,
                  long instructionBudget) {
            this.stateWords = stateWords;
            this.maxBlocks = maxBlocks;
            this.maxBlockInstructions = maxBlockInstructions;
            this.maxParamBytes = maxParamBytes;
            this.registerWords = registerWords;
            this.instructionBudget = instructionBudget;
        }

        public static Hx of(HxFeaturesReply r) {
            return new Hx(r.stateWords(), r.maxBlocks(), r.maxBlockInstructions(), r.maxParamBytes(),
                    r.registerWords(), r.instructionBudget());
        }

        /** The same limits with another register file size (e.g. for large trees). */
        public Hx withRegisterWords(long words) {
            return new Hx(stateWords, maxBlocks, maxBlockInstructions, maxParamBytes, words, instructionBudget);
        }

        public int stateWords() {
            return stateWords;
        }

        public int maxBlocks() {
            return maxBlocks;
        }

        public int maxBlockInstructions() {
            return maxBlockInstructions;
        }

        public int maxParamBytes() {
            return maxParamBytes;
        }

        public long registerWords() {
            return registerWords;
        }

        public long instructionBudget() {
            return instructionBudget;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Hx)) {
                return false;
            }
            Hx h = (Hx) o;
            return h.stateWords == stateWords && h.maxBlocks == maxBlocks && h.maxBlockInstructions == maxBlockInstructions
                    && h.maxParamBytes == maxParamBytes && h.registerWords == registerWords
                    && h.instructionBudget == instructionBudget;
        }

        @Override
        public int hashCode() {
            return Objects.hash(stateWords, maxBlocks, maxBlockInstructions, maxParamBytes, registerWords, instructionBudget);
        }

        @Override
        public String toString() {
            return "HX{" + stateWords + " state words, " + maxBlocks + " blocks of <= " + maxBlockInstructions
                    + " instructions, params <= " + maxParamBytes + " B, " + registerWords + " register words, budget "
                    + instructionBudget + "}";
        }
    }
}
