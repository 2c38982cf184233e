package org.hsdba.compiler;

import java.util.List;
import java.util.Map;

import org.hsdba.pof.message.PofMessage;

/**
 * What every compiler delta has: the messages, in sending order, and how many node entries they
 * add, modify and delete. The in-switch and controller-assisted deltas of one tree or of a whole
 * switch add what is theirs (the program after the messages, reinstall, trees touched). Immutable
 * (subclasses keep it so).
 */
public abstract class EntryDelta {

    private final List<PofMessage> messages;
    private final int added;
    private final int modified;
    private final int deleted;

    protected EntryDelta(List<PofMessage> messages, int added, int modified, int deleted) {
        this.messages = List.copyOf(messages);
        this.added = added;
        this.modified = modified;
        this.deleted = deleted;
    }

    public final List<PofMessage> messages() {
        return messages;
    }

    /** Node entries added (new nodes, nodes moved to another level, every node of an installed tree). */
    public final int added() {
        return added;
    }

    /** Entries modified in place (nodes; the port, catch-all and dispatch entries where the mode has them). */
    public final int modified() {
        return modified;
    }

    /** Node entries deleted. */
    public final int deleted() {
        return deleted;
    }

    /** True if nothing is to be sent. */
    public final boolean isEmpty() {
        return messages.isEmpty();
    }

    /** Message count by type name (e.g. FLOW_MOD, HX_BLOCK_MOD), in first-seen order. */
    public final Map<String, Integer> countsByType() {
        return CompiledProgram.countByType(messages);
    }

    /** The common part of {@code toString}: message count by type and the entry counts. */
    protected final String summary() {
        return messages.size() + " messages " + countsByType() + ", +" + added + " ~" + modified + " -" + deleted;
    }
}
