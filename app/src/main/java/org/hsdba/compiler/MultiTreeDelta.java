package org.hsdba.compiler;

import java.util.Set;

/**
 * A delta of a switch shared by several trees (one per egress port), in-switch or
 * controller-assisted: besides the messages and entry counts, the trees added, removed and
 * reinstalled (tables re-created because levels or allocation mode changed) and whether the
 * dispatch table was rebuilt (its key changed). Immutable.
 */
public abstract class MultiTreeDelta extends EntryDelta {

    private final Set<Long> addedPorts;
    private final Set<Long> removedPorts;
    private final Set<Long> reinstalledPorts;
    private final boolean dispatchRebuilt;

    /** A copy of what {@code tally} holds now. */
    protected MultiTreeDelta(DeltaTally tally, boolean dispatchRebuilt) {
        super(tally.messages(), tally.added(), tally.modified(), tally.deleted());
        this.addedPorts = Set.copyOf(tally.addedPorts());
        this.removedPorts = Set.copyOf(tally.removedPorts());
        this.reinstalledPorts = Set.copyOf(tally.reinstalledPorts());
        this.dispatchRebuilt = dispatchRebuilt;
    }

    public final Set<Long> addedPorts() {
        return addedPorts;
    }

    public final Set<Long> removedPorts() {
        return removedPorts;
    }

    /** Trees whose tables were re-created (levels or allocation mode changed). */
    public final Set<Long> reinstalledPorts() {
        return reinstalledPorts;
    }

    /** True if the dispatch table was deleted and created again (its key changed). */
    public final boolean dispatchRebuilt() {
        return dispatchRebuilt;
    }

    /** {@link #summary()} and the trees touched, for {@code toString}. */
    protected final String treeSummary() {
        return summary() + (addedPorts.isEmpty() ? "" : ", trees added " + addedPorts)
                + (removedPorts.isEmpty() ? "" : ", removed " + removedPorts)
                + (reinstalledPorts.isEmpty() ? "" : ", reinstalled " + reinstalledPorts)
                + (dispatchRebuilt ? ", dispatch rebuilt" : "");
    }
}
