package org.hsdba.pofswitch.datapath;

import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The datapath's exclusion between packets and control operations, biased towards packets: a
 * packet marks its {@link Lane} busy and checks that no control operation is waiting (one full
 * fence, no shared cache line written), and marks it idle at its end (a plain release store); a
 * control operation closes the gate and waits until every lane is idle. A packet therefore sees a
 * control operation wholly before or wholly after it, as with a read-write lock, but a packet on
 * one thread costs about one atomic instruction instead of the read lock's two compare-and-sets
 * on a word every thread writes.
 *
 * <p>Why it is correct: a packet writes its busy flag, then reads {@code closed}; a control
 * operation writes {@code closed}, then reads every busy flag; all four are volatile accesses, so
 * at least one side sees the other's write (a packet that saw the gate open runs to its end
 * before the operation starts; one that saw it closed backs off and waits on the control lock).
 * Lanes are added under the exclusive side, so the operation's list of lanes is complete.
 *
 * <p>The exclusive side is reentrant; a thread holding it may run packets (they do not wait).
 */
final class Gate {
    /** Serialises control operations; a packet that met a closed gate waits on it. */
    private final ReentrantLock control = new ReentrantLock();
    /** True from the moment a control operation wants the datapath until it is done. */
    private volatile boolean closed;
    /**
     * Every lane that feeds packets (copy on write, under the exclusive side); the datapath holds
     * the gate, so its lanes (each thread's scratch) go with it.
     */
    private volatile Lane[] lanes = new Lane[0];

    /** Takes the exclusive side: waits for running packets to end; none starts until {@link #unlockExclusive()}. */
    void lockExclusive() {
        control.lock();
        if (control.getHoldCount() == 1) {
            closed = true;
            for (Lane lane : lanes) {
                lane.awaitIdle();
            }
        }
    }

    void unlockExclusive() {
        if (control.getHoldCount() == 1) {
            closed = false;
        }
        control.unlock();
    }

    /** A packet starts on {@code lane}'s thread (which must not be inside a packet already). */
    void enter(Lane lane) {
        while (true) {
            lane.setBusy();
            if (!closed) {
                return;
            }
            lane.setIdle();
            if (control.isHeldByCurrentThread()) {
                return; // this thread's own control operation runs the packet: nothing to wait for
            }
            control.lock(); // wait for the operation to end
            control.unlock();
        }
    }

    /**
     * Whether a control operation waits for the lanes (read between two packets of a batch, which
     * then exits and enters again): a plain load on the packet side, no fence.
     */
    boolean closing() {
        return closed;
    }

    /** The packet on {@code lane} ended (or gives up its shared side for {@link #lockExclusive()}). */
    void exit(Lane lane) {
        lane.setIdle();
    }

    /**
     * With the exclusive side held, from inside a packet on {@code lane}: the packet takes its
     * shared side again before the exclusive one is released, so no operation comes in between.
     */
    void downgrade(Lane lane) {
        if (control.getHoldCount() == 1) {
            lane.setBusy();
        }
    }

    /** Registers a lane (exclusive side held). */
    void add(Lane lane) {
        Lane[] now = lanes;
        Lane[] next = Arrays.copyOf(now, now.length + 1);
        next[now.length] = lane;
        lanes = next;
    }

    /** The lanes feeding packets (read it with the exclusive side held, for a list no packet thread adds to meanwhile). */
    Lane[] lanes() {
        return lanes;
    }

    /** Forgets lanes whose thread ended (exclusive side held). */
    void removeDead() {
        lanes = Arrays.stream(lanes).filter(l -> l.thread.isAlive()).toArray(Lane[]::new);
    }

    boolean heldByCurrentThread() {
        return control.isHeldByCurrentThread();
    }
}
