package org.hsdba.compiler;

/**
 * The messages that take a switch from one {@link SwitchProgram} to the next, in sending order,
 * the program after them, and what they touch ({@link MultiTreeDelta}: node entries over all
 * trees; trees added, removed, reinstalled; dispatch table rebuilt), the next xid and how many
 * entries the diff compared. Immutable.
 */
public final class SwitchDelta extends MultiTreeDelta {

    private final SwitchProgram program;
    private final long nextXid;
    private final int examined;

    SwitchDelta(DeltaTally tally, SwitchProgram program, boolean dispatchRebuilt, long nextXid, int examined) {
        super(tally, dispatchRebuilt);
        this.program = program;
        this.nextXid = nextXid;
        this.examined = examined;
    }

    /** The program once the messages are applied. */
    public SwitchProgram program() {
        return program;
    }

    /**
     * Node entries of kept trees the diff compared: every node of a tree whose edits were not
     * given, only what they touched otherwise (what an incremental update cost).
     */
    public int examined() {
        return examined;
    }

    public long nextXid() {
        return nextXid;
    }

    @Override
    public String toString() {
        return "SwitchDelta{" + treeSummary() + "}";
    }
}
