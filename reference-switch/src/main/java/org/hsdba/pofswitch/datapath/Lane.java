package org.hsdba.pofswitch.datapath;

/**
 * One thread's scratch for feeding a {@link Datapath}: its packet buffer, fast-path run state and
 * outcome, the domain it holds while a packet runs, and the latest time it processed a packet at.
 * Used only by its thread; the datapath keeps one per thread that sends it packets.
 */
final class Lane {
    final Thread thread;
    final Packet packet = new Packet();
    final PacketOutcome scratch = new PacketOutcome();
    /** Null when the datapath runs the interpreter alone. */
    final FastRun fastRun;
    /** The domain whose lock this thread holds for the packet running now, or null. */
    Domains.Domain held;
    /** Written by its thread under the datapath's shared lock, read under the exclusive one. */
    long lastTimeNs;

    Lane(Datapath dp, Thread thread, boolean fastPath) {
        this.thread = thread;
        this.fastRun = fastPath ? new FastRun(dp, this) : null;
    }

    /** Takes {@code d}'s lock for the running packet (once; a packet stays in one domain). */
    void enter(Domains.Domain d) {
        if (held == d) {
            return;
        }
        if (held != null) {
            throw new IllegalStateException("a packet reached two domains: the domain analysis missed a path");
        }
        d.lock.lock();
        held = d;
    }

    /** Releases the domain of the packet that just finished, if it took one. */
    void leave() {
        if (held != null) {
            held.lock.unlock();
            held = null;
        }
    }
}
