package org.hsdba.pofswitch.datapath;

import java.util.List;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pofswitch.error.SwitchError;

/**
 * What one packet did: the frames sent per port, the messages for the controller (PACKET_IN,
 * ERROR, HX_ENTRY_STATUS), how processing ended, and the HX path (entries whose HX_CALL_BLOCK ran,
 * whose passed/dropped counters this packet updated).
 */
public final class ProcessResult {
    private final List<OutputFrame> outputs;
    private final List<PofMessage> upward;
    private final EndReason endReason;
    private final long dropReasonCode;
    private final SwitchError error;
    private final int instructions;
    private final List<EntryRef> hxPath;

    ProcessResult(List<OutputFrame> outputs, List<PofMessage> upward, EndReason endReason, long dropReasonCode,
            SwitchError error, int instructions, List<EntryRef> hxPath) {
        this.outputs = List.copyOf(outputs);
        this.upward = List.copyOf(upward);
        this.endReason = endReason;
        this.dropReasonCode = dropReasonCode;
        this.error = error;
        this.instructions = instructions;
        this.hxPath = List.copyOf(hxPath);
    }

    public List<OutputFrame> outputs() {
        return outputs;
    }

    /** Messages for the controller, in the order generated (xids already assigned). */
    public List<PofMessage> upward() {
        return upward;
    }

    public EndReason endReason() {
        return endReason;
    }

    /** True if at least one frame left the switch (the packet counts as passed). */
    public boolean forwarded() {
        return !outputs.isEmpty();
    }

    /** reason_code of the DROP action that ended processing (0 otherwise). */
    public long dropReasonCode() {
        return dropReasonCode;
    }

    /** The error that ended processing, or null. */
    public SwitchError error() {
        return error;
    }

    /** Instructions executed (stock and HX, including loop iterations). */
    public int instructions() {
        return instructions;
    }

    /** Entries whose HX_CALL_BLOCK ran for this packet, in call order. */
    public List<EntryRef> hxPath() {
        return hxPath;
    }

    @Override
    public String toString() {
        return "ProcessResult{" + endReason + (error != null ? " " + error.getMessage() : "") + ", outputs=" + outputs
                + ", upward=" + upward.size() + ", instructions=" + instructions + "}";
    }
}
