package org.hsdba.api;

import java.util.List;

/**
 * A port's operator history as {@link HsdbaService#undo} and {@link HsdbaService#redo} see it:
 * the labels of the writes each would take back or re-apply, most recent first (e.g. {@code
 * "update C"}, {@code "replace tree"}).
 */
public final class OperatorHistory {

    public static final OperatorHistory EMPTY = new OperatorHistory(List.of(), List.of());

    private final List<String> undo;
    private final List<String> redo;

    public OperatorHistory(List<String> undo, List<String> redo) {
        this.undo = List.copyOf(undo);
        this.redo = List.copyOf(redo);
    }

    public List<String> undo() {
        return undo;
    }

    public List<String> redo() {
        return redo;
    }
}
