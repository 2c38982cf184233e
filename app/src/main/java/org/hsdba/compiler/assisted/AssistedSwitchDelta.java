package org.hsdba.compiler.assisted;

import java.util.List;
import java.util.Set;

import org.hsdba.pof.message.PofMessage;

/**
 * The messages that take a stock switch from one {@link AssistedSwitchProgram} to the next, in
 * sending order, the program after them, and what they touch (node entries over all trees; trees
 * added, removed, reinstalled; dispatch table rebuilt). Immutable.
 */
public final class AssistedSwitchDelta {

    private final List<PofMessage> messages;
    private final AssistedSwitchProgram program;
    private final int added;
    private final int modified;
    private final int deleted;
    private final Set<Long> addedPorts;
    private final Set<Long> removedPorts;
    private final Set<Long> reinstalledPorts;
    private final boolean dispatchRebuilt;

    AssistedSwitchDelta(List<PofMessage> messages, AssistedSwitchProgram program, int added, int modified, int deleted,
                        Set<Long> addedPorts, Set<Long> removedPorts, Set<Long> reinstalledPorts,
                        boolean dispatchRebuilt) {
        this.messages = List.copyOf(messages);
        this.program = program;
        this.added = added;
        this.modified = modified;
        this.deleted = deleted;
        this.addedPorts = Set.copyOf(addedPorts);
        this.removedPorts = Set.copyOf(removedPorts);
        this.reinstalledPorts = Set.copyOf(reinstalledPorts);
        this.dispatchRebuilt = dispatchRebuilt;
    }

    public List<PofMessage> messages() {
        return messages;
    }

    public AssistedSwitchProgram program() {
        return program;
    }

    public int added() {
        return added;
    }

    /** Node entries, catch-alls and dispatch entries modified in place. */
    public int modified() {
        return modified;
    }

    public int deleted() {
        return deleted;
    }

    public Set<Long> addedPorts() {
        return addedPorts;
    }

    public Set<Long> removedPorts() {
        return removedPorts;
    }

    public Set<Long> reinstalledPorts() {
        return reinstalledPorts;
    }

    public boolean dispatchRebuilt() {
        return dispatchRebuilt;
    }

    public boolean isEmpty() {
        return messages.isEmpty();
    }

    @Override
    public String toString() {
        return "AssistedSwitchDelta{" + messages.size() + " messages, +" + added + " ~" + modified + " -" + deleted
                + (addedPorts.isEmpty() ? "" : ", trees added " + addedPorts)
                + (removedPorts.isEmpty() ? "" : ", removed " + removedPorts)
                + (reinstalledPorts.isEmpty() ? "" : ", reinstalled " + reinstalledPorts)
                + (dispatchRebuilt ? ", dispatch rebuilt" : "") + "}";
    }
}
