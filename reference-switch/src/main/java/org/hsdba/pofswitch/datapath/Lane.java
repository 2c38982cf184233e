package org.hsdba.pofswitch.datapath;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One thread's scratch for feeding a {@link Datapath}: its packet buffer, fast-path run state and
 * outcome, the domain it holds while a packet runs, and the latest time it processed a packet at.
 * Used only by its thread; the datapath keeps one per thread that sends it packets.
 */
final class Lane {
    private static final VarHandle BUSY;

    static {
        try {
            BUSY = MethodHandles.lookup().findVarHandle(Lane.class, "busy", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Thread thread;
    /** A packet runs on this lane ({@link Gate}): written by its thread, read by control operations. */
    private volatile boolean busy;
    final Packet packet = new Packet();
    final PacketOutcome scratch = new PacketOutcome();
    /** Null when the datapath runs the interpreter alone. */
    final FastRun fastRun;
    /**
     * The domain whose lock this thread holds, or null: the running packet's, or kept from the
     * batch's previous packet ({@link #packetEnded()}) until this packet enters one.
     */
    Domains.Domain held;
    /** Whether the running packet entered {@link #held} (a packet stays in one domain). */
    private boolean heldByPacket;
    /** Written by its thread under the datapath's shared lock, read under the exclusive one. */
    long lastTimeNs;

    Lane(Datapath dp, Thread thread, boolean fastPath) {
        this.thread = thread;
        this.fastRun = fastPath ? new FastRun(dp, this) : null;
    }

    /** Before a packet: a volatile store, so the gate's check that follows cannot move above it. */
    void setBusy() {
        busy = true;
    }

    /** After a packet: a release store is enough (everything the packet did happens before it). */
    void setIdle() {
        BUSY.setRelease(this, false);
    }

    /** Whether a packet runs on this lane now. */
    boolean isBusy() {
        return busy;
    }

    /** A control operation waits for the packet running on this lane, if any, to end. */
    void awaitIdle() {
        for (int spins = 0; busy; spins++) {
            if (spins < 256) {
                Thread.onSpinWait();
            } else {
                Thread.yield(); // the packet's thread may be descheduled
            }
        }
    }

    /**
     * Takes {@code d}'s lock for the running packet (once; a packet stays in one domain). A domain
     * kept from the previous packet is reused if it is {@code d}, else given up before {@code d} is
     * taken: a lane never holds one domain while waiting for another (no deadlock between lanes).
     */
    void enter(Domains.Domain d) {
        if (held != d) {
            if (held != null) {
                if (heldByPacket) {
                    throw new IllegalStateException("a packet reached two domains: the domain analysis missed a path");
                }
                held.unlock();
                held = null;
            }
            d.lock();
            held = d;
        }
        heldByPacket = true;
    }

    /** Between two packets of a batch: the domain stays held for the next packet, which may enter another. */
    void packetEnded() {
        heldByPacket = false;
    }

    /** Releases the domain held, if any (the packet ended, or the lane leaves the gate). */
    void leave() {
        if (held != null) {
            held.unlock();
            held = null;
        }
        heldByPacket = false;
    }
}
