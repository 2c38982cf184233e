package org.hsdba.pofswitch.ports;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.AfterClass;
import org.junit.Assume;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * The kernel's receive time per frame on a real link (a veth pair): frames sent with gaps while
 * the receiver is not reading are read together in one batch, and each carries the time it
 * arrived, not the time it was read. Skips without root.
 */
public class ReceiveTimestampTest {
    private static final int ETHER = 0x88B6;
    private static final long GAP_MS = 30;
    private static Veth veth;
    private static String[] link;

    @BeforeClass
    public static void links() throws Exception {
        String why = Veth.unavailable();
        Assume.assumeTrue("SKIPPED receive timestamps: " + why, why == null);
        veth = new Veth();
        link = veth.pair("t");
    }

    @AfterClass
    public static void removeLinks() {
        if (veth != null) {
            veth.close();
        }
    }

    private static byte[] frame(int seq) {
        byte[] f = new byte[60];
        for (int i = 0; i < 12; i++) {
            f[i] = (byte) (i < 6 ? 0xff : 0x02);
        }
        f[12] = (byte) (ETHER >> 8);
        f[13] = (byte) ETHER;
        f[14] = (byte) seq;
        return f;
    }

    @Test
    public void framesSentWithGapsWhileTheReceiverSleepsCarryTheirArrivalTimes() throws Exception {
        int count = 5;
        try (RawSocket tx = RawSocket.open(link[0]); RawSocket rx = RawSocket.open(link[1])) {
            assertTrue("the kernel stamps frames on a packet socket", rx.timestamps());
            ReceiveBatch batch = new ReceiveBatch(RealPorts.BATCH, RealPorts.MAX_FRAME + 1);
            long[] before = new long[count + 1];
            for (int i = 0; i < count; i++) {
                before[i] = batch.realtimeNowNanos();
                assertTrue("sent frame " + i, tx.send(frame(i), 60));
                Thread.sleep(GAP_MS); // the receiver is not reading: the frames queue in its socket
            }
            before[count] = batch.realtimeNowNanos();
            long readFrom = before[count];

            long[] stamps = new long[count];
            int seen = 0;
            while (seen < count && rx.receive(batch) > 0) {
                byte[] buf = new byte[64];
                for (int i = 0; i < batch.count(); i++) {
                    batch.copy(i, buf);
                    if ((buf[12] & 0xff) == (ETHER >> 8) && (buf[13] & 0xff) == (ETHER & 0xff) && !batch.outgoing(i)) {
                        assertEquals("frames in order", seen, buf[14]);
                        stamps[seen++] = batch.receivedAtNanos(i);
                    }
                }
            }
            assertEquals("frames received", count, seen);
            for (int i = 0; i < count; i++) {
                // stamped between its own send and the next one: when it arrived, long before it was read
                assertTrue("frame " + i + " stamped " + stamps[i] + " not after its send at " + before[i],
                        stamps[i] >= before[i]);
                assertTrue("frame " + i + " stamped " + stamps[i] + " not before the next send at " + before[i + 1],
                        stamps[i] < before[i + 1]);
                if (i > 0) {
                    long gap = stamps[i] - stamps[i - 1];
                    assertTrue("gap " + gap + " ns between frames " + (i - 1) + " and " + i + " shorter than the "
                            + GAP_MS + " ms the sender slept", gap >= GAP_MS * 1_000_000L);
                }
            }
            long late = RealPorts.lateness(readFrom, stamps[0]);
            assertTrue("the first frame waited at least the " + (count * GAP_MS) + " ms of sending, got " + late + " ns",
                    late >= count * GAP_MS * 1_000_000L);
        }
    }
}
