package org.hsdba.pofswitch.datapath;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pofswitch.error.SwitchError;

/**
 * What one packet did, as {@link ProcessResult} says it, in a caller-owned object that
 * {@link Datapath#processInto} overwrites for every packet: output frames live in buffers this
 * object keeps and reuses, so a packet the fast path handles allocates nothing. Not thread-safe;
 * one per thread that feeds a datapath.
 */
public final class PacketOutcome {
    private static final int FRAME_BYTES = Packet.RAW_MAX + Packet.METADATA_BYTES;

    EndReason end = EndReason.FINISHED;
    long dropCode;
    SwitchError error;
    int instructions;
    int outputs;
    int[] ports = new int[4];
    int[] lengths = new int[4];
    byte[][] frames = new byte[4][];
    int pathLength;
    int[] pathTables = new int[16];
    long[] pathIndexes = new long[16];
    List<PofMessage> upward = List.of();

    public EndReason endReason() {
        return end;
    }

    /** reason_code of the DROP action that ended processing (0 otherwise). */
    public long dropReasonCode() {
        return dropCode;
    }

    /** The error that ended processing, or null. */
    public SwitchError error() {
        return error;
    }

    /** Instructions executed. */
    public int instructions() {
        return instructions;
    }

    /** True if at least one frame left the switch. */
    public boolean forwarded() {
        return outputs > 0;
    }

    public int outputCount() {
        return outputs;
    }

    public int outputPort(int i) {
        check(i, outputs);
        return ports[i];
    }

    public int outputLength(int i) {
        check(i, outputs);
        return lengths[i];
    }

    /**
     * The buffer holding output frame {@code i} in its first {@link #outputLength(int)} bytes, not a
     * copy: valid until this outcome is used for the next packet (for a port that sends it at once).
     */
    public byte[] outputBytes(int i) {
        check(i, outputs);
        return frames[i];
    }

    /** Output frame {@code i} as an {@link OutputFrame} (a copy). */
    public OutputFrame outputFrame(int i) {
        check(i, outputs);
        return new OutputFrame(ports[i], Arrays.copyOf(frames[i], lengths[i]));
    }

    /** A copy of output frame {@code i}'s bytes. */
    public byte[] outputData(int i) {
        check(i, outputs);
        return Arrays.copyOf(frames[i], lengths[i]);
    }

    /** Entries whose HX_CALL_BLOCK ran, in call order: how many. */
    public int hxPathLength() {
        return pathLength;
    }

    public int hxPathTable(int i) {
        check(i, pathLength);
        return pathTables[i];
    }

    public long hxPathIndex(int i) {
        check(i, pathLength);
        return pathIndexes[i];
    }

    /** Messages for the controller, in order (an empty shared list when there are none). */
    public List<PofMessage> upward() {
        return upward;
    }

    /** The same outcome as an immutable {@link ProcessResult} (allocates; for callers of the old API). */
    public ProcessResult toResult() {
        List<OutputFrame> outs = new ArrayList<>(outputs);
        for (int i = 0; i < outputs; i++) {
            outs.add(new OutputFrame(ports[i], Arrays.copyOf(frames[i], lengths[i])));
        }
        List<EntryRef> path = new ArrayList<>(pathLength);
        for (int i = 0; i < pathLength; i++) {
            path.add(new EntryRef(pathTables[i], pathIndexes[i]));
        }
        return new ProcessResult(outs, upward, end, dropCode, error, instructions, path);
    }

    private static void check(int i, int n) {
        if (i < 0 || i >= n) {
            throw new IndexOutOfBoundsException("index " + i + " of " + n);
        }
    }

    // ------------------------------------------------------------------ filled by the datapath

    void reset() {
        end = EndReason.FINISHED;
        dropCode = 0;
        error = null;
        instructions = 0;
        outputs = 0;
        pathLength = 0;
        upward = List.of();
    }

    /** The buffer for the next output frame (at least {@code length} bytes), counted once filled by {@link #commitOutput}. */
    byte[] outputBuffer(int length) {
        if (outputs == ports.length) {
            int n = outputs * 2;
            ports = Arrays.copyOf(ports, n);
            lengths = Arrays.copyOf(lengths, n);
            frames = Arrays.copyOf(frames, n);
        }
        byte[] b = frames[outputs];
        if (b == null || b.length < length) {
            b = new byte[Math.max(length, FRAME_BYTES)];
            frames[outputs] = b;
        }
        return b;
    }

    void commitOutput(int port, int length) {
        ports[outputs] = port;
        lengths[outputs] = length;
        outputs++;
    }

    void addPath(int table, long index) {
        if (pathLength == pathTables.length) {
            pathTables = Arrays.copyOf(pathTables, pathLength * 2);
            pathIndexes = Arrays.copyOf(pathIndexes, pathLength * 2);
        }
        pathTables[pathLength] = table;
        pathIndexes[pathLength] = index;
        pathLength++;
    }

    /** Outputs so far as OutputFrames (for handing a packet over to the interpreter). */
    List<OutputFrame> outputFrames() {
        List<OutputFrame> outs = new ArrayList<>(outputs);
        for (int i = 0; i < outputs; i++) {
            outs.add(new OutputFrame(ports[i], Arrays.copyOf(frames[i], lengths[i])));
        }
        return outs;
    }

    /** Overwrites everything with what the interpreter produced. */
    void fill(ProcessResult r) {
        reset();
        end = r.endReason();
        dropCode = r.dropReasonCode();
        error = r.error();
        instructions = r.instructions();
        for (OutputFrame f : r.outputs()) {
            byte[] b = outputBuffer(f.length());
            byte[] data = f.data();
            System.arraycopy(data, 0, b, 0, data.length);
            commitOutput(f.port(), data.length);
        }
        for (EntryRef e : r.hxPath()) {
            addPath(e.tableId(), e.index());
        }
        upward = r.upward();
    }
}
