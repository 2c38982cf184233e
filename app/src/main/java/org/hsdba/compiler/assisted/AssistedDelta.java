package org.hsdba.compiler.assisted;

import java.util.List;

import org.hsdba.compiler.EntryDelta;
import org.hsdba.pof.message.PofMessage;

/**
 * The messages that change a controller-assisted tree's program, in sending order, with the
 * program and loop state after them, whether it was a reinstall, and the entries added, modified
 * (node entries and catch-alls) and deleted. Immutable.
 */
public final class AssistedDelta extends EntryDelta {

    private final AssistedProgram program;
    private final LoopState state;
    private final boolean reinstall;

    AssistedDelta(List<PofMessage> messages, AssistedProgram program, LoopState state, boolean reinstall, int added,
                  int modified, int deleted) {
        super(messages, added, modified, deleted);
        this.program = program;
        this.state = state;
        this.reinstall = reinstall;
    }

    /** The program after the messages ({@link AssistedProgram#messages()} installs it on a wiped switch). */
    public AssistedProgram program() {
        return program;
    }

    /** The loop state after the messages: kept nodes keep their thresholds and counter readings. */
    public LoopState state() {
        return state;
    }

    public boolean reinstall() {
        return reinstall;
    }

    @Override
    public String toString() {
        return "AssistedDelta{" + summary() + (reinstall ? ", reinstall" : "") + "}";
    }
}
