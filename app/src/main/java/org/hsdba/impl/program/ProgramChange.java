package org.hsdba.impl.program;

import java.util.List;
import java.util.Objects;

import org.hsdba.pof.message.PofMessage;

/**
 * How to get from the installed program to the next one: the messages to send, in order (empty
 * if nothing changes in the switch), and the program after them; or, when the change cannot be
 * made incrementally, a request to wipe the switch and install the next program from scratch.
 */
public final class ProgramChange {

    private final List<PofMessage> messages;
    private final DeviceProgram next;
    private final String wipeReason;
    private final int examined;

    public ProgramChange(List<? extends PofMessage> messages, DeviceProgram next) {
        this(messages, next, -1);
    }

    /** @param examined node entries the compiler compared to find the messages (-1: not counted) */
    public ProgramChange(List<? extends PofMessage> messages, DeviceProgram next, int examined) {
        this.messages = List.copyOf(messages);
        this.next = Objects.requireNonNull(next, "next");
        this.wipeReason = null;
        this.examined = examined;
    }

    private ProgramChange(String wipeReason) {
        this.messages = List.of();
        this.next = null;
        this.wipeReason = Objects.requireNonNull(wipeReason, "wipeReason");
        this.examined = -1;
    }

    /**
     * Node entries the compiler compared to find the messages: the whole trees, or only what the
     * edits along the way touched; -1 if not counted. What an update cost, for tests and benchmarks.
     */
    public int examined() {
        return examined;
    }

    /** The change needs a wiped switch (e.g. a tree removed, or a program that cannot be patched). */
    public static ProgramChange wipe(String reason) {
        return new ProgramChange(reason);
    }

    public List<PofMessage> messages() {
        return messages;
    }

    /** The program once the messages are confirmed; null for a wipe. */
    public DeviceProgram next() {
        return next;
    }

    public boolean isEmpty() {
        return wipeReason == null && messages.isEmpty();
    }

    public boolean isWipe() {
        return wipeReason != null;
    }

    /** Why the switch must be wiped; empty unless {@link #isWipe()}. */
    public String wipeReason() {
        return wipeReason == null ? "" : wipeReason;
    }

    @Override
    public String toString() {
        return wipeReason != null ? "ProgramChange{wipe: " + wipeReason + "}" : "ProgramChange{" + messages.size() + " messages}";
    }
}
