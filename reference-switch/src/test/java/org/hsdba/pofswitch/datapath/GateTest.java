package org.hsdba.pofswitch.datapath;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.Test;

/**
 * The packet-biased gate: a packet never sees half of a control operation, and a control
 * operation never sees half of a packet. Each side writes a pair of plain words with yields in
 * between (a wide window for the other side to look in); the other side checks the pair is equal.
 */
public class GateTest {
    private static final int PACKET_THREADS = 3;
    private static final int OPERATIONS = 1_000;

    /** Written by control operations only (exclusive side). */
    private long controlA;
    private long controlB;
    /** Per packet thread, written by its packets only (shared side). */
    private final long[][] packetPairs = new long[PACKET_THREADS][2];

    /** A gate that leaves a lane marked busy would make the control side wait for ever: fail instead of hanging CI. */
    @Test(timeout = 300_000)
    public void packetsAndOperationsNeverSeeEachOtherHalfDone() throws Exception {
        Gate gate = new Gate();
        AtomicLong tornInPackets = new AtomicLong();
        AtomicLong packets = new AtomicLong();
        long[] tornInOperations = new long[1];
        CountDownLatch registered = new CountDownLatch(PACKET_THREADS);
        CountDownLatch stop = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < PACKET_THREADS; p++) {
            int id = p;
            threads.add(new Thread(() -> {
                Lane lane = new Lane(null, Thread.currentThread(), false);
                gate.lockExclusive();
                gate.add(lane);
                gate.unlockExclusive();
                registered.countDown();
                long[] mine = packetPairs[id];
                while (stop.getCount() > 0) {
                    gate.enter(lane);
                    long a = controlA;
                    mine[0]++;
                    Thread.yield();
                    mine[1]++;
                    long b = controlB;
                    gate.exit(lane);
                    if (a != b) {
                        tornInPackets.incrementAndGet();
                    }
                    packets.incrementAndGet();
                    Thread.yield(); // idle between packets too, as a real port between frames
                }
            }, "packets-" + p));
        }
        threads.forEach(Thread::start);
        registered.await();
        for (int i = 0; i < OPERATIONS; i++) {
            gate.lockExclusive();
            controlA++;
            for (long[] pair : packetPairs) {
                if (pair[0] != pair[1]) {
                    tornInOperations[0]++;
                }
            }
            Thread.yield();
            controlB++;
            gate.unlockExclusive();
            Thread.yield();
        }
        stop.countDown();
        for (Thread t : threads) {
            t.join();
        }
        assertTrue("no packet ran", packets.get() > 0);
        assertEquals("packets that saw a control operation half done", 0, tornInPackets.get());
        assertEquals("control operations that saw a packet half done", 0, tornInOperations[0]);
    }

    @Test(timeout = 60_000)
    public void aThreadHoldingTheExclusiveSideRunsPacketsAndTakesItAgain() {
        Gate gate = new Gate();
        Lane lane = new Lane(null, Thread.currentThread(), false);
        gate.lockExclusive();
        gate.add(lane);
        gate.enter(lane); // would wait for itself if the gate did not know its holder
        gate.lockExclusive(); // from inside the packet (an idle expiry): reentrant
        gate.downgrade(lane);
        gate.unlockExclusive();
        gate.exit(lane);
        gate.unlockExclusive();
        assertFalse("the lane was left busy: the next control operation would wait forever", lane.isBusy());
        assertFalse(gate.heldByCurrentThread());
    }
}
