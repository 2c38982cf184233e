package org.hsdba.pofswitch.tables;

import java.util.List;
import java.util.Objects;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.message.FlowMod;

/**
 * One installed flow entry: its key value/mask assembled from the entry's match fields in order
 * (only each field's length is used, as POFSwitch does), its instructions (extension ones typed when
 * the extension is on), the FLOW_MOD it came from (for QUERYALL) and its {@link EntryRuntime}.
 */
public final class FlowEntry {
    private final int tableGlobalId;
    private final FlowMod source;
    private final byte[] value;
    private final byte[] mask;
    private final List<Instruction> program;
    private final HxCallBlock call;
    private final long[] params;
    private final EntryRuntime runtime;

    public FlowEntry(int tableGlobalId, FlowMod source, byte[] value, byte[] mask, List<Instruction> program,
            EntryRuntime runtime) {
        this.tableGlobalId = tableGlobalId;
        this.source = Objects.requireNonNull(source, "source");
        this.value = value.clone();
        this.mask = mask.clone();
        this.program = List.copyOf(program);
        this.runtime = Objects.requireNonNull(runtime, "runtime");
        HxCallBlock first = null;
        for (Instruction i : this.program) {
            if (i instanceof HxCallBlock) {
                first = (HxCallBlock) i;
                break;
            }
        }
        this.call = first;
        this.params = new long[first == null ? 0 : first.paramWords()];
        for (int i = 0; i < params.length; i++) {
            params[i] = first.paramWord(i);
        }
    }

    public int tableGlobalId() {
        return tableGlobalId;
    }

    public long index() {
        return source.index();
    }

    public int priority() {
        return source.priority();
    }

    public long counterId() {
        return source.counterId();
    }

    /** The FLOW_MOD that installed this entry, as received. */
    public FlowMod source() {
        return source;
    }

    /** The instructions the datapath runs. */
    public List<Instruction> program() {
        return program;
    }

    /** The entry's first HX_CALL_BLOCK (block, params, idle timeout), or null. */
    public HxCallBlock call() {
        return call;
    }

    /** The params of {@link #call()} as 64-bit words (empty without a call). */
    public long[] params() {
        return params.clone();
    }

    /** Param word {@code i} without copying (the caller checks the bound). */
    public long paramWord(int i) {
        return params[i];
    }

    public int paramWords() {
        return params.length;
    }

    public EntryRuntime runtime() {
        return runtime;
    }

    /** Whether {@code key} matches under this entry's mask over {@code keyBytes} bytes. */
    boolean maskMatches(byte[] key, int keyBytes) {
        for (int i = 0; i < keyBytes; i++) {
            if ((mask[i] & key[i]) != (mask[i] & value[i])) {
                return false;
            }
        }
        return true;
    }

    /** Whether the value equals {@code key} over {@code keyBytes} bytes (EM: mask ignored). */
    boolean valueEquals(byte[] key, int keyBytes) {
        for (int i = 0; i < keyBytes; i++) {
            if (key[i] != value[i]) {
                return false;
            }
        }
        return true;
    }

    /** Number of 1 bits in the mask (LPM prefix length). */
    int maskBits() {
        int n = 0;
        for (byte b : mask) {
            n += Integer.bitCount(b & 0xFF);
        }
        return n;
    }

    byte[] valueBytes() {
        return value;
    }

    byte[] maskBytes() {
        return mask;
    }
}
