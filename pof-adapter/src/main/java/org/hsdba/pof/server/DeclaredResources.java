package org.hsdba.pof.server;

import java.util.Optional;
import org.hsdba.pof.ext.HxFeaturesReply;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.pof.message.TableResource;
import org.hsdba.pof.table.TableType;

/**
 * The documented maxima of what a switch may declare (RESOURCE_REPORT, HX_FEATURES_REPLY), checked
 * when the declaration arrives and before anything is sized from it: a switch's numbers are
 * input, not facts. Each limit is far above any real switch (POFSwitch: 8 MM tables of 6000
 * entries, 512 counters; the extension's reference: 65536 register words) and low enough that
 * nothing sized from it can exhaust the controller. Pure functions.
 */
public final class DeclaredResources {

    /** Global table ids are 8 bits (GOTO_TABLE, PACKET_IN): at most 256 tables of all types together. */
    public static final int MAX_TABLES = 256;
    /** Entries of one table. */
    public static final long MAX_TABLE_ENTRIES = 1L << 24;
    /** Bits of a table key: a POF match key is at most 320 bits; 2560 leaves room for other switches. */
    public static final int MAX_KEY_BITS = 2560;
    /** Counters, meters and groups each. */
    public static final long MAX_COUNTERS = 1L << 24;
    /** 64-bit state words per entry (reference: 8). */
    public static final int MAX_STATE_WORDS = 64;
    /** Block ids are 16 bits. */
    public static final int MAX_BLOCKS = 1 << 16;
    /** Instructions per block (reference 256). */
    public static final int MAX_BLOCK_INSTRUCTIONS = 1 << 16;
    /** Parameter bytes per HX_CALL_BLOCK: a message is at most 2560 bytes. */
    public static final int MAX_PARAM_BYTES = 2560;
    /** Register file words (reference 65536): 128 MB of switch memory. */
    public static final long MAX_REGISTER_WORDS = 1L << 24;
    /** Outstanding join keys and instructions per packet (reference 4096 each). */
    public static final long MAX_PENDING_JOINS = 1L << 24;
    public static final long MAX_INSTRUCTION_BUDGET = 1L << 24;

    private DeclaredResources() {
    }

    /** What is wrong with a RESOURCE_REPORT, if anything (the first fault found). */
    public static Optional<String> check(ResourceReport r) {
        long total = 0;
        int seen = 0;
        TableResource mm = null;
        for (TableResource t : r.tables()) {
            if (!TableType.isKnown(t.tableType())) {
                return fault("table type " + t.tableType() + " (known: 0..3)");
            }
            if ((seen & (1 << t.tableType())) != 0) {
                return fault(TableType.name(t.tableType()) + " tables twice");
            }
            seen |= 1 << t.tableType();
            total += Integer.toUnsignedLong(t.tableCount());
            if (t.tableType() == TableType.MM) {
                mm = t;
            }
            if (t.tableCount() != 0) {
                long perTable = t.totalSize() / Integer.toUnsignedLong(t.tableCount());
                if (perTable > MAX_TABLE_ENTRIES || t.totalSize() < 0) {
                    return fault(TableType.name(t.tableType()) + " tables of " + Long.toUnsignedString(perTable)
                            + " entries (at most " + MAX_TABLE_ENTRIES + ")");
                }
            }
            if (t.keyLengthBits() < 0 || t.keyLengthBits() > MAX_KEY_BITS) {
                return fault(TableType.name(t.tableType()) + " keys of " + t.keyLengthBits() + " bits (at most "
                        + MAX_KEY_BITS + ")");
            }
        }
        if (total > MAX_TABLES) {
            return fault(total + " tables (at most " + MAX_TABLES + ": global table ids are 8 bits)");
        }
        if (mm == null || mm.tableCount() == 0) {
            return fault("no MM table (the dispatch table and every tree level are MM tables)");
        }
        if (mm.totalSize() / mm.tableCount() < 1) {
            return fault("MM tables of 0 entries");
        }
        if (mm.keyLengthBits() < 1) {
            return fault("MM keys of " + mm.keyLengthBits() + " bits");
        }
        Optional<String> f = count("counters", r.counterCount());
        f = f.isPresent() ? f : count("meters", r.meterCount());
        return f.isPresent() ? f : count("groups", r.groupCount());
    }

    /** What is wrong with an HX_FEATURES_REPLY, if anything. */
    public static Optional<String> check(HxFeaturesReply r) {
        if (r.stateWords() < 1 || r.stateWords() > MAX_STATE_WORDS) {
            return fault("state_words " + r.stateWords() + " (1.." + MAX_STATE_WORDS + ")");
        }
        if (r.maxBlocks() < 1 || r.maxBlocks() > MAX_BLOCKS) {
            return fault("max_blocks " + r.maxBlocks() + " (1.." + MAX_BLOCKS + ")");
        }
        if (r.maxBlockInstructions() < 1 || r.maxBlockInstructions() > MAX_BLOCK_INSTRUCTIONS) {
            return fault("max_block_instructions " + r.maxBlockInstructions() + " (1.." + MAX_BLOCK_INSTRUCTIONS + ")");
        }
        if (r.maxParamBytes() < 0 || r.maxParamBytes() > MAX_PARAM_BYTES) {
            return fault("max_param_bytes " + r.maxParamBytes() + " (0.." + MAX_PARAM_BYTES + ")");
        }
        if (r.registerWords() < 0 || r.registerWords() > MAX_REGISTER_WORDS) {
            return fault("register_words " + Long.toUnsignedString(r.registerWords()) + " (0.." + MAX_REGISTER_WORDS
                    + ")");
        }
        if (r.maxPendingJoins() < 0 || r.maxPendingJoins() > MAX_PENDING_JOINS) {
            return fault("max_pending_joins " + Long.toUnsignedString(r.maxPendingJoins()) + " (0.."
                    + MAX_PENDING_JOINS + ")");
        }
        if (r.instructionBudget() < 1 || r.instructionBudget() > MAX_INSTRUCTION_BUDGET) {
            return fault("instruction_budget " + Long.toUnsignedString(r.instructionBudget()) + " (1.."
                    + MAX_INSTRUCTION_BUDGET + ")");
        }
        return Optional.empty();
    }

    private static Optional<String> count(String what, long n) {
        return n < 0 || n > MAX_COUNTERS
                ? fault(Long.toUnsignedString(n) + " " + what + " (at most " + MAX_COUNTERS + ")")
                : Optional.empty();
    }

    private static Optional<String> fault(String what) {
        return Optional.of("declares " + what);
    }
}
