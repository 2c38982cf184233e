package org.hsdba.pofswitch.datapath;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.hsdba.pof.ext.HxEntryRecord;
import org.hsdba.pofswitch.error.SwitchError;
import org.hsdba.pofswitch.tables.FlowTable;

/**
 * The differential check between two datapaths fed the same input (the fast path against the
 * interpreter): what a packet did, and everything the datapath holds that packets change.
 * Each method returns null when both agree, else the first difference in words.
 */
public final class DatapathComparison {
    private DatapathComparison() {
    }

    /** Verdict, drop code, error, instruction count, output frames, messages and HX path. */
    public static String difference(ProcessResult a, ProcessResult b) {
        if (a.endReason() != b.endReason()) {
            return "end reason " + a.endReason() + " vs " + b.endReason();
        }
        if (a.dropReasonCode() != b.dropReasonCode()) {
            return "drop code " + a.dropReasonCode() + " vs " + b.dropReasonCode();
        }
        String error = errorDifference(a.error(), b.error());
        if (error != null) {
            return error;
        }
        if (a.instructions() != b.instructions()) {
            return "instructions " + a.instructions() + " vs " + b.instructions();
        }
        if (a.outputs().size() != b.outputs().size()) {
            return "outputs " + a.outputs() + " vs " + b.outputs();
        }
        for (int i = 0; i < a.outputs().size(); i++) {
            OutputFrame x = a.outputs().get(i);
            OutputFrame y = b.outputs().get(i);
            if (x.port() != y.port() || !Arrays.equals(x.data(), y.data())) {
                return "output " + i + ": " + x + " vs " + y;
            }
        }
        if (!a.upward().equals(b.upward())) {
            return "messages " + a.upward() + " vs " + b.upward();
        }
        if (!a.hxPath().equals(b.hxPath())) {
            return "HX path " + a.hxPath() + " vs " + b.hxPath();
        }
        return null;
    }

    private static String errorDifference(SwitchError x, SwitchError y) {
        if (x == null && y == null) {
            return null;
        }
        if (x == null || y == null || x.errorType() != y.errorType() || x.code() != y.code()
                || !Objects.equals(x.getMessage(), y.getMessage())) {
            return "error " + x + " vs " + y;
        }
        return null;
    }

    /**
     * Registers, the random stream, every entry's HX record (activity, last hit, passed/dropped
     * counters, state words), stock counters, outstanding joins and the idle bound.
     */
    public static String stateDifference(Datapath a, Datapath b) {
        return a.exclusive(() -> b.exclusive(() -> stateDifferenceHeld(a, b)));
    }

    private static String stateDifferenceHeld(Datapath a, Datapath b) {
        HxState x = a.hx();
        HxState y = b.hx();
        if (!Arrays.equals(x.registers, y.registers)) {
            return "registers differ from word " + Arrays.mismatch(x.registers, y.registers);
        }
        if (x.rngState() != y.rngState()) {
            return "random stream " + x.rngState() + " vs " + y.rngState();
        }
        if (x.idleBound() != y.idleBound() || x.joinsSuppressed != y.joinsSuppressed) {
            return "idle bound / suppressed joins " + x.idleBound() + "/" + x.joinsSuppressed + " vs "
                    + y.idleBound() + "/" + y.joinsSuppressed;
        }
        if (!x.pendingJoins.equals(y.pendingJoins)) {
            return "outstanding joins " + x.pendingJoins.size() + " vs " + y.pendingJoins.size();
        }
        for (FlowTable t : a.tables().all()) {
            int id = t.spec().globalId();
            List<HxEntryRecord> rx = a.entryRecords(id);
            List<HxEntryRecord> ry = b.entryRecords(id);
            if (!rx.equals(ry)) {
                for (int i = 0; i < Math.min(rx.size(), ry.size()); i++) {
                    if (!rx.get(i).equals(ry.get(i))) {
                        return "table " + id + " entry " + rx.get(i) + " vs " + ry.get(i);
                    }
                }
                return "table " + id + " has " + rx.size() + " vs " + ry.size() + " entries";
            }
        }
        Map<Long, long[]> cx = a.counters();
        Map<Long, long[]> cy = b.counters();
        if (!cx.keySet().equals(cy.keySet())) {
            return "counters " + cx.keySet() + " vs " + cy.keySet();
        }
        for (Map.Entry<Long, long[]> e : cx.entrySet()) {
            if (!Arrays.equals(e.getValue(), cy.get(e.getKey()))) {
                return "counter " + e.getKey() + " " + Arrays.toString(e.getValue()) + " vs "
                        + Arrays.toString(cy.get(e.getKey()));
            }
        }
        return null;
    }
}
