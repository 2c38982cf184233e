package org.hsdba.pof.server;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.hsdba.pof.codec.SessionMessages;
import org.hsdba.pof.codec.SessionVectors;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.southbound.PofSwitch;
import org.junit.Rule;
import org.junit.Test;

/**
 * Random and mutated messages from several connections at once, over real sockets, while a
 * well-behaved switch on another connection completes its handshake and keeps getting its
 * messages confirmed (at least 50 batches, 60 bad connections and 1.5 s). Seeded per fuzzer; the
 * interleaving of connections is up to the scheduler.
 */
public class FuzzTest {
    private static final long SEED = 0x5EED_F022L;
    private static final int FUZZERS = 4;
    private static final long DURATION_MS = 1500;
    private static final int MIN_BATCHES = 50;
    private static final int MIN_CONNECTIONS = 60;

    @Rule
    public final ServerFixture fixture = new ServerFixture();

    @Test
    public void theServerSurvivesBadInputWhileAGoodSwitchKeepsWorking() throws Exception {
        fixture.start();
        AtomicInteger connections = new AtomicInteger();
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> fuzzers = new ArrayList<>();
        long start = System.currentTimeMillis();
        for (int f = 0; f < FUZZERS; f++) {
            Random random = new Random(SEED + f);
            Thread t = new Thread(() -> fuzz(random, stop, connections), "fuzzer-" + f);
            fuzzers.add(t);
            t.start();
        }

        // the well-behaved switch connects while the fuzzers run, and is programmed throughout
        FakeSwitch goodFake = fixture.connect(FakeSwitch.options().deviceId(1));
        PofSwitch good = awaitReadyDevice(1);
        int confirmed = 0;
        while (confirmed < MIN_BATCHES || connections.get() < MIN_CONNECTIONS
                || System.currentTimeMillis() - start < DURATION_MS) {
            assertTrue("fuzzing took too long", System.currentTimeMillis() - start < 30_000);
            good.send(SessionMessages.flows(FlowModCommand.ADD)).get(5, TimeUnit.SECONDS);
            confirmed++;
        }
        stop.set(true);
        for (Thread t : fuzzers) {
            t.join();
        }

        assertTrue(good.isConnected());
        assertFalse(goodFake.isClosed());
        assertTrue(fixture.server().isRunning());
        // every fuzz connection ended with exactly one log line, none an internal error
        long deadline = System.currentTimeMillis() + 5000;
        while (fixture.server().connectionCount() > 1 && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(1, fixture.server().connectionCount());
        int fuzzed = connections.get();
        assertEquals(fuzzed, fixture.closedLines.size());
        for (String line : fixture.closedLines) {
            assertFalse(line, line.contains("internal error"));
        }
        System.out.println(fuzzed + " fuzz connections, " + confirmed + " good batches; sample lines:");
        fixture.closedLines.stream().limit(15).forEach(System.out::println);

        // and it still accepts new switches
        fixture.connect(FakeSwitch.options().deviceId(77));
        awaitReadyDevice(77);
        good.send(SessionMessages.flows(FlowModCommand.ADD)).get(5, TimeUnit.SECONDS);
    }

    private PofSwitch awaitReadyDevice(long deviceId) throws InterruptedException {
        while (true) {
            PofSwitch sw = fixture.events.awaitReady(5000);
            if (sw.deviceId() == deviceId) {
                return sw;
            }
        }
    }

    /** One fuzzer: connection after connection of bad input until the deadline. */
    private void fuzz(Random random, AtomicBoolean stop, AtomicInteger connections) {
        List<SessionVectors.Vector> vectors = SessionVectors.all();
        while (!stop.get()) {
            connections.incrementAndGet();
            int mode = random.nextInt(3);
            try {
                if (mode == 2) {
                    // a switch that completes the handshake first, then misbehaves (device ids 1000+)
                    try (FakeSwitch sw = FakeSwitch.connect(fixture.address(),
                            FakeSwitch.options().deviceId(1000 + random.nextInt(1000)))) {
                        Thread.sleep(random.nextInt(30));
                        sw.sendRaw(badBytes(random, vectors));
                        sw.awaitClosed(200);
                    }
                } else {
                    try (Socket s = new Socket()) {
                        s.connect(fixture.address(), 2000);
                        OutputStream out = s.getOutputStream();
                        if (mode == 1) {
                            out.write(vectors.get(0).bytes()); // HELLO first, so the fault hits a later phase
                        }
                        out.write(badBytes(random, vectors));
                        out.flush();
                        s.setSoTimeout(200);
                        drain(s);
                    }
                }
            } catch (IOException e) {
                // the server closing on us mid-write is expected
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void drain(Socket s) {
        byte[] buf = new byte[4096];
        try {
            while (s.getInputStream().read(buf) >= 0) {
                // until the server closes or the timeout
            }
        } catch (IOException e) {
            // timeout or reset: either way we close
        }
    }

    /** Random bytes, or a captured message with bytes flipped, cut short, or its header altered. */
    static byte[] badBytes(Random random, List<SessionVectors.Vector> vectors) {
        if (random.nextInt(4) == 0) {
            byte[] garbage = new byte[1 + random.nextInt(3000)];
            random.nextBytes(garbage);
            return garbage;
        }
        byte[] m = vectors.get(random.nextInt(vectors.size())).bytes();
        switch (random.nextInt(4)) {
            case 0: // flip a few bytes anywhere
                for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) {
                    m[random.nextInt(m.length)] ^= (byte) (1 + random.nextInt(255));
                }
                return m;
            case 1: // a random length field
                m[2] = (byte) random.nextInt(256);
                m[3] = (byte) random.nextInt(256);
                return m;
            case 2: // a random type
                m[1] = (byte) random.nextInt(256);
                return m;
            default: // cut short, then a second message glued on
                byte[] cut = java.util.Arrays.copyOf(m, random.nextInt(m.length));
                byte[] next = vectors.get(random.nextInt(vectors.size())).bytes();
                byte[] both = java.util.Arrays.copyOf(cut, cut.length + next.length);
                System.arraycopy(next, 0, both, cut.length, next.length);
                return both;
        }
    }
}
