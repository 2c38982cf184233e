package org.hsdba.compiler.assisted;

import java.util.List;

import org.hsdba.pof.message.PofMessage;

/**
 * The messages that change a controller-assisted tree's program, in sending order, with the
 * program and loop state after them, whether it was a reinstall, and the entries added, modified
 * and deleted. Immutable.
 */
public final class AssistedDelta {

    private final List<PofMessage> messages;
    private final AssistedProgram program;
    private final LoopState state;
    private final boolean reinstall;
    private final int added;
    private final int modified;
    private final int deleted;

    AssistedDelta(List<PofMessage> messages, AssistedProgram program, LoopState state, boolean reinstall, int added,
                  int modified, int deleted) {
        this.messages = List.copyOf(messages);
        this.program = program;
        this.state = state;
        this.reinstall = reinstall;
        this.added = added;
        this.modified = modified;
        this.deleted = deleted;
    }

    public List<PofMessage> messages() {
        return messages;
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

    public int added() {
        return added;
    }

    /** Node entries and catch-alls modified. */
    public int modified() {
        return modified;
    }

    public int deleted() {
        return deleted;
    }

    @Override
    public String toString() {
        return "AssistedDelta{" + messages.size() + " messages" + (reinstall ? ", reinstall" : "") + ", +" + added
                + " ~" + modified + " -" + deleted + "}";
    }
}
