package org.hsdba.compiler;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.hsdba.pof.message.PofMessage;

/**
 * The messages that take a switch from one {@link SwitchProgram} to the next, in sending order,
 * the program after them, and what they touch: node entries added, modified and deleted (over all
 * trees), the ports whose trees were added, removed or reinstalled (levels or allocation mode
 * changed), and whether the dispatch table was rebuilt (its key changed). Immutable.
 */
public final class SwitchDelta {

    private final List<PofMessage> messages;
    private final SwitchProgram program;
    private final int added;
    private final int modified;
    private final int deleted;
    private final Set<Long> addedPorts;
    private final Set<Long> removedPorts;
    private final Set<Long> reinstalledPorts;
    private final boolean dispatchRebuilt;
    private final long nextXid;
    private final int examined;

    SwitchDelta(List<PofMessage> messages, SwitchProgram program, int added, int modified, int deleted,
                Set<Long> addedPorts, Set<Long> removedPorts, Set<Long> reinstalledPorts, boolean dispatchRebuilt,
                long nextXid, int examined) {
        this.messages = List.copyOf(messages);
        this.program = program;
        this.added = added;
        this.modified = modified;
        this.deleted = deleted;
        this.addedPorts = Set.copyOf(addedPorts);
        this.removedPorts = Set.copyOf(removedPorts);
        this.reinstalledPorts = Set.copyOf(reinstalledPorts);
        this.dispatchRebuilt = dispatchRebuilt;
        this.nextXid = nextXid;
        this.examined = examined;
    }

    public List<PofMessage> messages() {
        return messages;
    }

    /** The program once the messages are applied. */
    public SwitchProgram program() {
        return program;
    }

    /** Node entries added (new nodes, nodes moved to another level, every node of an added or reinstalled tree). */
    public int added() {
        return added;
    }

    /** Node and port entries modified in place. */
    public int modified() {
        return modified;
    }

    /** Node entries deleted. */
    public int deleted() {
        return deleted;
    }

    public Set<Long> addedPorts() {
        return addedPorts;
    }

    public Set<Long> removedPorts() {
        return removedPorts;
    }

    /** Trees whose tables were re-created (levels or allocation mode changed). */
    public Set<Long> reinstalledPorts() {
        return reinstalledPorts;
    }

    /**
     * Node entries of kept trees the diff compared: every node of a tree whose edits were not
     * given, only what they touched otherwise (what an incremental update cost).
     */
    public int examined() {
        return examined;
    }

    /** True if the dispatch table was deleted and created again (its key changed). */
    public boolean dispatchRebuilt() {
        return dispatchRebuilt;
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
        return "SwitchDelta{" + messages.size() + " messages " + countsByType() + ", +" + added + " ~" + modified + " -"
                + deleted + (addedPorts.isEmpty() ? "" : ", trees added " + addedPorts)
                + (removedPorts.isEmpty() ? "" : ", removed " + removedPorts)
                + (reinstalledPorts.isEmpty() ? "" : ", reinstalled " + reinstalledPorts)
                + (dispatchRebuilt ? ", dispatch rebuilt" : "") + "}";
    }
}
