package org.hsdba.onos.cluster;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.DeviceStatus;
import org.hsdba.api.HistorySample;
import org.hsdba.api.JoinCounters;
import org.hsdba.api.NodeState;
import org.hsdba.api.PortInfo;
import org.hsdba.api.PortState;
import org.hsdba.api.RateState;
import org.hsdba.model.PortRef;
import org.junit.Test;

/** The wire form of live queries and answers: exact round trips, and garbage is an IllegalArgumentException. */
public class LiveWireTest {

    private static final PortRef PORT = PortRef.of("pof:00000000000000ab", 4_000_000_000L);

    static PortState state() {
        NodeState alice = NodeState.builder("alice").measuredBps(4.5e8).state(RateState.UNSATISFIED)
                .fairShareBps(5e8).dropBps(1.25e7).active(true).lastSeenMillis(1_700_000_000_123L).targetBps(5e8)
                .effectiveLimitBps(8e8).lastError("table full: ü").build();
        NodeState bob = NodeState.builder("bob").effectiveLimitBps(Double.POSITIVE_INFINITY).build();
        return new PortState(PORT, 1_700_000_000_500L, 42, 1e9, 6e8, 4.5e8, List.of(alice, bob));
    }

    static DeviceStatus device() {
        return new DeviceStatus("pof:00000000000000ab", true, DeviceMode.IN_SWITCH,
                List.of(new PortInfo(1, "eth1", true, false, 100_000_000L), new PortInfo(4_000_000_000L, "", false, true)), false,
                "switch error: bad table", new JoinCounters(7, 2, 1_000_000_000_000L, 3), List.of(
                        new org.hsdba.api.Enforcement(4_000_000_000L, 5, 4L, org.hsdba.api.Enforcement.Status.FAILED,
                                "no room: ü"),
                        new org.hsdba.api.Enforcement(7, 1, null, org.hsdba.api.Enforcement.Status.PENDING, null)));
    }

    private static final List<HistorySample> HISTORY =
            List.of(new HistorySample(1000, 1.5, 2.5, 0), new HistorySample(2000, Double.NaN, 3e9, 7));

    @Test
    public void queriesRoundTrip() {
        for (LiveQuery q : List.of(LiveQuery.state(PORT), LiveQuery.history(PORT, "a/b ü"),
                LiveQuery.device("pof:0000000000000001"))) {
            assertEquals(q, LiveWire.decodeQuery(LiveWire.encodeQuery(q)));
        }
    }

    @Test
    public void answersRoundTrip() {
        roundTrip(MasterAnswer.of(state()), LiveWire::encodeState, LiveWire::decodeState);
        roundTrip(MasterAnswer.of(state().withMasterElsewhere()), LiveWire::encodeState, LiveWire::decodeState);
        roundTrip(MasterAnswer.of(HISTORY), LiveWire::encodeHistory, LiveWire::decodeHistory);
        roundTrip(MasterAnswer.of(List.of()), LiveWire::encodeHistory, LiveWire::decodeHistory);
        roundTrip(MasterAnswer.of(Optional.of(device())), LiveWire::encodeDevice, LiveWire::decodeDevice);
        roundTrip(MasterAnswer.of(Optional.empty()), LiveWire::encodeDevice, LiveWire::decodeDevice);
        roundTrip(MasterAnswer.notMaster(), LiveWire::encodeState, LiveWire::decodeState);
        roundTrip(MasterAnswer.failed("no tree for pof:1/3"), LiveWire::encodeDevice, LiveWire::decodeDevice);
    }

    private static <T> void roundTrip(MasterAnswer<T> a, Function<MasterAnswer<T>, byte[]> encode,
                                      Function<byte[], MasterAnswer<T>> decode) {
        assertEquals(a, decode.apply(encode.apply(a)));
    }

    @Test
    public void everyTruncationIsRejected() {
        for (byte[] whole : List.of(LiveWire.encodeState(MasterAnswer.of(state())),
                LiveWire.encodeDevice(MasterAnswer.of(Optional.of(device()))),
                LiveWire.encodeHistory(MasterAnswer.of(HISTORY)))) {
            for (int n = 0; n < whole.length; n++) {
                byte[] cut = Arrays.copyOf(whole, n);
                assertRejected(() -> LiveWire.decodeState(cut), null);
                assertRejected(() -> LiveWire.decodeDevice(cut), null);
                assertRejected(() -> LiveWire.decodeHistory(cut), null);
            }
        }
    }

    @Test
    public void anotherVersionKindOrTrailingBytesAreRejected() {
        byte[] bytes = LiveWire.encodeState(MasterAnswer.of(state()));
        byte[] other = bytes.clone();
        other[2] = (byte) (LiveWire.VERSION + 1);
        assertRejected(() -> LiveWire.decodeState(other), "format version " + (LiveWire.VERSION + 1));
        assertRejected(() -> LiveWire.decodeHistory(bytes), "where HISTORY was asked");
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertRejected(() -> LiveWire.decodeState(longer), "trailing");
        assertRejected(() -> LiveWire.decodeState(InProcessCluster.GARBAGE), "string length 7");
        assertRejected(() -> LiveWire.decodeQuery(new byte[] {'{', '}'}), "magic");
        assertRejected(() -> LiveWire.decodeQuery(null), "no bytes");
    }

    @Test
    public void randomBytesDecodeOrAreRejectedNeverAnythingElse() {
        Random random = new Random(20261122);
        byte[] valid = LiveWire.encodeState(MasterAnswer.of(state()));
        for (int i = 0; i < 5000; i++) {
            byte[] b = valid.clone();
            for (int flips = 1 + random.nextInt(4); flips > 0; flips--) {
                b[random.nextInt(b.length)] = (byte) random.nextInt(256);
            }
            if (i % 2 == 1) {
                b = Arrays.copyOf(b, random.nextInt(b.length));
            }
            byte[] input = b;
            try {
                LiveWire.decodeState(input);
                LiveWire.decodeQuery(input);
            } catch (IllegalArgumentException expected) {
                // the only way to fail
            }
        }
    }

    private static void assertRejected(Runnable decode, String mentioning) {
        try {
            decode.run();
            fail("decoded");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), mentioning == null || e.getMessage().contains(mentioning));
        }
    }
}
