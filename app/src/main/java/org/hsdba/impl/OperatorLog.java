package org.hsdba.impl;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.hsdba.api.OperatorHistory;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;

/**
 * The operator's own writes per port, for undo and redo: each step keeps the tree as it was
 * before the write and a label. Joins and prunes are not steps (they are not the operator's).
 * Bounded ({@value #DEPTH} steps each way) and kept by this instance only, in memory: another
 * cluster member or a restart starts with an empty history. Guarded by the manager's write lock.
 */
final class OperatorLog {

    static final int DEPTH = 32;

    /** A tree as it was before (or, on the redo side, after) a write, with what the write was. */
    static final class Step {
        final BandwidthTree tree;
        final String label;

        Step(BandwidthTree tree, String label) {
            this.tree = tree;
            this.label = label;
        }
    }

    private final Map<PortRef, Deque<Step>> undo = new HashMap<>();
    private final Map<PortRef, Deque<Step>> redo = new HashMap<>();

    /** An ordinary operator write of {@code label} replaced {@code before}: undoable, and nothing is left to redo. */
    void wrote(PortRef port, BandwidthTree before, String label) {
        push(undo, port, new Step(before, label));
        redo.remove(port);
    }

    Step peekUndo(PortRef port) {
        Deque<Step> d = undo.get(port);
        return d == null ? null : d.peekFirst();
    }

    Step peekRedo(PortRef port) {
        Deque<Step> d = redo.get(port);
        return d == null ? null : d.peekFirst();
    }

    /** The undo of the top step was written over {@code before}: the step moves to the redo side. */
    void undone(PortRef port, BandwidthTree before) {
        Step s = undo.get(port).removeFirst();
        push(redo, port, new Step(before, s.label));
    }

    /** The redo of the top redo step was written over {@code before}: the step moves back to the undo side. */
    void redone(PortRef port, BandwidthTree before) {
        Step s = redo.get(port).removeFirst();
        push(undo, port, new Step(before, s.label));
    }

    OperatorHistory history(PortRef port) {
        return new OperatorHistory(labels(undo.get(port)), labels(redo.get(port)));
    }

    void forget(PortRef port) {
        undo.remove(port);
        redo.remove(port);
    }

    void clear() {
        undo.clear();
        redo.clear();
    }

    private static void push(Map<PortRef, Deque<Step>> side, PortRef port, Step step) {
        Deque<Step> d = side.computeIfAbsent(port, p -> new ArrayDeque<>());
        d.addFirst(step);
        while (d.size() > DEPTH) {
            d.removeLast();
        }
    }

    private static List<String> labels(Deque<Step> d) {
        List<String> out = new ArrayList<>();
        if (d != null) {
            d.forEach(s -> out.add(s.label));
        }
        return out;
    }
}
