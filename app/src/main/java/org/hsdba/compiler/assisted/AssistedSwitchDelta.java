package org.hsdba.compiler.assisted;

import org.hsdba.compiler.DeltaTally;
import org.hsdba.compiler.MultiTreeDelta;

/**
 * The messages that take a stock switch from one {@link AssistedSwitchProgram} to the next, in
 * sending order, the program after them, and what they touch ({@link MultiTreeDelta}; modified
 * entries include catch-alls and dispatch entries). Immutable.
 */
public final class AssistedSwitchDelta extends MultiTreeDelta {

    private final AssistedSwitchProgram program;

    AssistedSwitchDelta(DeltaTally tally, AssistedSwitchProgram program, boolean dispatchRebuilt) {
        super(tally, dispatchRebuilt);
        this.program = program;
    }

    public AssistedSwitchProgram program() {
        return program;
    }

    @Override
    public String toString() {
        return "AssistedSwitchDelta{" + treeSummary() + "}";
    }
}
