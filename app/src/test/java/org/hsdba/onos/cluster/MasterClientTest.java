package org.hsdba.onos.cluster;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import org.hsdba.api.HistorySample;
import org.hsdba.api.HsdbaService;
import org.hsdba.api.NotFoundException;
import org.hsdba.api.PortState;
import org.hsdba.model.PortRef;
import org.hsdba.onos.cluster.InProcessCluster.Behaviour;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.cluster.NodeId;
import org.onosproject.store.cluster.messaging.ClusterCommunicationServiceAdapter;
import org.onosproject.store.cluster.messaging.MessageSubject;

/** Asking a master: its answer, or an empty result with the reason said once. */
public class MasterClientTest {

    private static final NodeId MASTER = NodeId.nodeId("master");
    private static final NodeId ASKER = NodeId.nodeId("asker");
    private static final PortRef PORT = PortRef.of("pof:00000000000000ab", 3);
    private static final LiveQuery STATE = LiveQuery.state(PORT);

    private final InProcessCluster cluster = new InProcessCluster();
    private final HsdbaService manager = mock(HsdbaService.class);
    private final AtomicBoolean programsHere = new AtomicBoolean(true);
    private final MasterResponder responder = new MasterResponder(manager, d -> programsHere.get());
    private final ExecutorService executor = Executors.newSingleThreadExecutor();
    private final List<String> warnings = new ArrayList<>();
    /** Generous: an answering master returns at once, and a loaded test machine must not make it late. */
    private final MasterClient client = new MasterClient(cluster.node(ASKER), () -> Duration.ofSeconds(10),
            new FallbackLog(warnings::add, s -> { }));
    /** Short, for the masters that never answer. */
    private final MasterClient impatient = new MasterClient(cluster.node(ASKER), () -> Duration.ofMillis(100),
            new FallbackLog(warnings::add, s -> { }));

    @Before
    public void setUp() {
        when(manager.state(PORT)).thenReturn(LiveWireTest.state());
        responder.start(cluster.node(MASTER), executor);
    }

    @After
    public void tearDown() {
        executor.shutdownNow();
    }

    @Test
    public void theMastersAnswer() {
        assertEquals(Optional.of(LiveWireTest.state()), client.ask(MASTER, STATE, LiveWire::decodeState));
        assertEquals(List.of(), warnings);
    }

    @Test
    public void askAllAsksEveryMasterAndKeepsEachAnswer() {
        PortRef other = PortRef.of("pof:00000000000000ac", 1);
        List<HistorySample> history = List.of(new HistorySample(1, 2, 3, 4));
        when(manager.history(PORT, "a")).thenReturn(history);
        when(manager.history(other, "b")).thenThrow(new NotFoundException("no node \"b\""));
        Map<LiveQuery, Optional<List<HistorySample>>> answers = client.askAll(
                Map.of(LiveQuery.history(PORT, "a"), MASTER, LiveQuery.history(other, "b"), MASTER),
                LiveWire::decodeHistory);
        assertEquals(Optional.of(history), answers.get(LiveQuery.history(PORT, "a")));
        assertEquals(Optional.empty(), answers.get(LiveQuery.history(other, "b")));
        assertWarned(other.deviceId(), "failed to answer: no node \"b\"");
    }

    @Test
    public void noHsdbaAtTheMaster() {
        assertEmptyTwiceWarnedOnce(NodeId.nodeId("plain-onos"), "does not run hsdba");
    }

    @Test
    public void silentMaster() {
        cluster.behave(MASTER, Behaviour.NEVER_ANSWER);
        for (int i = 0; i < 2; i++) {
            assertEquals(Optional.empty(), impatient.ask(MASTER, STATE, LiveWire::decodeState));
        }
        assertWarned("did not answer within 100 ms");
    }

    @Test
    public void silentMasterIsLeftAloneForTheHoldOff() {
        AtomicLong clock = new AtomicLong();
        AtomicReference<Duration> timeout = new AtomicReference<>(Duration.ofMillis(50));
        MasterClient held = new MasterClient(cluster.node(ASKER), timeout::get,
                new FallbackLog(warnings::add, s -> { }), clock::get);
        cluster.behave(MASTER, Behaviour.NEVER_ANSWER);
        assertFalse(held.ask(MASTER, STATE, LiveWire::decodeState).isPresent());
        assertEquals(1, cluster.sent());
        cluster.behave(MASTER, Behaviour.ANSWER);
        timeout.set(Duration.ofSeconds(10));
        clock.addAndGet(MasterClient.SILENCE_HOLD_OFF.toNanos() - 1);
        assertFalse("held off: not asked", held.ask(MASTER, STATE, LiveWire::decodeState).isPresent());
        assertEquals(1, cluster.sent());
        clock.incrementAndGet();
        assertTrue("asked again after the hold-off", held.ask(MASTER, STATE, LiveWire::decodeState).isPresent());
        assertEquals(2, cluster.sent());
        assertEquals("the timeout was said once", 1, warnings.size());
    }

    @Test
    public void garbageFromTheMaster() {
        cluster.behave(MASTER, Behaviour.ANSWER_GARBAGE);
        assertEmptyTwiceWarnedOnce(MASTER, "unreadable");
    }

    @Test
    public void theAskedInstanceIsNoLongerMaster() {
        programsHere.set(false);
        assertEmptyTwiceWarnedOnce(MASTER, "says it is not the master");
    }

    @Test
    public void aStateTheMasterDoesNotCountAsReadingIsNotForwarded() {
        when(manager.state(PORT)).thenReturn(LiveWireTest.state().withMasterElsewhere());
        assertEmptyTwiceWarnedOnce(MASTER, "says it is not the master");
    }

    @Test
    public void messagingThatThrowsOrFailsIsAFallbackToo() {
        MasterClient throwing = new MasterClient(new ClusterCommunicationServiceAdapter() {
            @Override
            public <M, R> CompletableFuture<R> sendAndReceive(M message, MessageSubject subject,
                                                              Function<M, byte[]> encoder, Function<byte[], R> decoder,
                                                              NodeId toNodeId, Duration timeout) {
                throw new IllegalStateException("messaging is down");
            }
        }, () -> Duration.ofMillis(100), new FallbackLog(warnings::add, s -> { }));
        assertEquals(Optional.empty(), throwing.ask(MASTER, STATE, LiveWire::decodeState));
        assertWarned("messaging is down");
    }

    @Test
    public void answeringAgainEndsTheFallback() {
        cluster.behave(MASTER, Behaviour.ANSWER_GARBAGE);
        assertFalse(client.ask(MASTER, STATE, LiveWire::decodeState).isPresent());
        cluster.behave(MASTER, Behaviour.ANSWER);
        assertTrue(client.ask(MASTER, STATE, LiveWire::decodeState).isPresent());
        cluster.behave(MASTER, Behaviour.ANSWER_GARBAGE);
        assertFalse(client.ask(MASTER, STATE, LiveWire::decodeState).isPresent());
        assertEquals("the same cause is said again after the master had recovered", 2, warnings.size());
    }

    private void assertEmptyTwiceWarnedOnce(NodeId master, String mentioning) {
        for (int i = 0; i < 2; i++) {
            Optional<PortState> s = client.ask(master, STATE, LiveWire::decodeState);
            assertEquals(Optional.empty(), s);
        }
        assertWarned(mentioning);
    }

    private void assertWarned(String mentioning) {
        assertWarned(PORT.deviceId(), mentioning);
    }

    private void assertWarned(String device, String mentioning) {
        assertEquals(warnings.toString(), 1, warnings.size());
        assertTrue(warnings.get(0), warnings.get(0).contains(mentioning) && warnings.get(0).contains(device));
    }
}
