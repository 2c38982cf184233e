package org.hsdba.compiler;

import java.util.List;
import java.util.Map;

import org.hsdba.pof.message.PofMessage;

/**
 * The messages that turn the program of one tree version into the next, in sending order
 * (deletes deepest first, register writes, modifies, adds parents first), the {@link SlotMap}
 * after them, and what changed. When the levels, the allocation mode or the port changed, the
 * delta is a full reinstall (delete the old program, install the new one). Immutable.
 */
public final class CompiledDelta {

    private final List<PofMessage> messages;
    private final SlotMap slots;
    private final boolean reinstall;
    private final int added;
    private final int modified;
    private final int deleted;
    private final long nextXid;

    CompiledDelta(List<PofMessage> messages, SlotMap slots, boolean reinstall, int added, int modified, int deleted,
                  long nextXid) {
        this.messages = List.copyOf(messages);
        this.slots = slots;
        this.reinstall = reinstall;
        this.added = added;
        this.modified = modified;
        this.deleted = deleted;
        this.nextXid = nextXid;
    }

    public List<PofMessage> messages() {
        return messages;
    }

    public SlotMap slots() {
        return slots;
    }

    /** True if the whole program is replaced. */
    public boolean reinstall() {
        return reinstall;
    }

    /** Entries added (nodes, or nodes moved to another level). */
    public int added() {
        return added;
    }

    /** Entries modified in place. */
    public int modified() {
        return modified;
    }

    /** Entries deleted. */
    public int deleted() {
        return deleted;
    }

    public long nextXid() {
        return nextXid;
    }

    public boolean isEmpty() {
        return messages.isEmpty();
    }

    public Map<String, Integer> countsByType() {
        return CompiledProgram.countByType(messages);
    }

    @Override
    public String toString() {
        return "CompiledDelta{" + messages.size() + " messages " + countsByType() + (reinstall ? ", reinstall" : "")
                + ", +" + added + " ~" + modified + " -" + deleted + "}";
    }
}
