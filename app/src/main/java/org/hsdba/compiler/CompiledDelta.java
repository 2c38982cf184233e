package org.hsdba.compiler;

import java.util.List;

import org.hsdba.pof.message.PofMessage;

/**
 * The messages that turn the program of one tree version into the next, in sending order
 * (deletes deepest first, register writes, modifies, adds parents first), the {@link SlotMap}
 * after them, and what changed. When the levels, the allocation mode or the port changed, the
 * delta is a full reinstall (delete the old program, install the new one). Immutable.
 */
public final class CompiledDelta extends EntryDelta {

    private final SlotMap slots;
    private final boolean reinstall;
    private final long nextXid;

    CompiledDelta(List<PofMessage> messages, SlotMap slots, boolean reinstall, int added, int modified, int deleted,
                  long nextXid) {
        super(messages, added, modified, deleted);
        this.slots = slots;
        this.reinstall = reinstall;
        this.nextXid = nextXid;
    }

    public SlotMap slots() {
        return slots;
    }

    /** True if the whole program is replaced. */
    public boolean reinstall() {
        return reinstall;
    }

    public long nextXid() {
        return nextXid;
    }

    @Override
    public String toString() {
        return "CompiledDelta{" + summary() + (reinstall ? ", reinstall" : "") + "}";
    }
}
