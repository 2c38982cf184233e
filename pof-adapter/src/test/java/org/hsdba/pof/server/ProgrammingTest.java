package org.hsdba.pof.server;

import static org.hsdba.pof.server.HandshakeTest.assertSameBody;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.hsdba.pof.codec.SessionMessages;
import org.hsdba.pof.ext.HxEntryStatus;
import org.hsdba.pof.message.BarrierRequest;
import org.hsdba.pof.message.CounterReply;
import org.hsdba.pof.message.CounterRequest;
import org.hsdba.pof.message.EchoRequest;
import org.hsdba.pof.message.ErrorCode;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.ErrorType;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortMod;
import org.hsdba.pof.message.PortStatus;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.message.TableModCommand;
import org.hsdba.southbound.PofErrorException;
import org.hsdba.southbound.PofSwitch;
import org.junit.Rule;
import org.junit.Test;

/** Programming a ready switch: confirmed sends, ERROR mapping, requests, QUERYALL, switch events. */
public class ProgrammingTest {
    @Rule
    public final ServerFixture fixture = new ServerFixture();

    /** The session's programming: two tables, counter 5, six flow entries (xids are the adapter's). */
    private static List<PofMessage> sessionProgram() {
        List<PofMessage> program = new ArrayList<>();
        program.add(SessionMessages.firstTable(0, TableModCommand.ADD));
        program.add(SessionMessages.directTable(0));
        program.add(SessionMessages.addCounter5(0));
        program.addAll(SessionMessages.flows(FlowModCommand.ADD));
        return program;
    }

    @Test
    public void sendWritesTheCapturedBytesAndCompletesAfterTheRoundTrip() throws Exception {
        fixture.start();
        FakeSwitch fake = fixture.connect();
        PofSwitch sw = fixture.events.awaitReady(5000);
        int before = fake.received().size();

        sw.send(sessionProgram()).get(5, TimeUnit.SECONDS);

        List<PofMessage> sent = fake.received().subList(before, fake.received().size());
        assertEquals(10, sent.size());
        for (int i = 0; i < 9; i++) {
            assertSameBody(12 + i, sent.get(i)); // vectors #12..#20: TABLE_MOD x2, COUNTER_MOD, FLOW_MOD x6
        }
        assertEquals(MessageType.ECHO_REQUEST, sent.get(9).type());
        List<Long> xids = sent.stream().map(PofMessage::xid).collect(Collectors.toList());
        assertEquals("every message gets its own xid", xids.size(), xids.stream().distinct().count());
        assertNull(fake.failure());
    }

    @Test
    public void sendIsNotConfirmedBeforeTheSwitchAnswersTheRoundTrip() throws Exception {
        fixture.start();
        FakeSwitch fake = fixture.connect();
        PofSwitch sw = fixture.events.awaitReady(5000);
        fake.holdEchoReplies();

        CompletableFuture<Void> done = sw.send(SessionMessages.flows(FlowModCommand.ADD));
        fake.await(MessageType.ECHO_REQUEST, 5000);
        Thread.sleep(100);
        assertFalse("confirmed before the switch answered the ECHO_REQUEST", done.isDone());

        fake.releaseEchoReplies();
        done.get(5, TimeUnit.SECONDS);
    }

    @Test
    public void anErrorFailsTheBatchNamingTheMessageThatCausedIt() throws Exception {
        fixture.start();
        TableMod delete = SessionMessages.firstTable(0, TableModCommand.DELETE);
        PofSwitch sw = fixture.connectReady(FakeSwitch.options().errors(m -> m.type() == MessageType.TABLE_MOD
                && ((TableMod) m).command() == TableModCommand.DELETE ? (ErrorMessage) FakeSwitch.Vectors.message(56)
                : null));
        FlowMod before = SessionMessages.flow(0, 0, FlowModCommand.ADD);
        FlowMod after = SessionMessages.flow(2, 0, FlowModCommand.ADD);

        PofErrorException e = failure(sw.send(List.of(before, delete, after)), PofErrorException.class);
        assertSame(delete, e.request());
        assertEquals(ErrorType.TABLE_MOD_FAILED, e.error().errorType());
        assertEquals(ErrorCode.TableModFailed.TABLE_UNEMPTY, e.error().code());
        assertTrue(e.getMessage(), e.getMessage().contains("message 2 of 3"));
        assertTrue(e.getMessage(), e.getMessage().contains("POFTMFC_TABLE_UNEMPTY"));

        Object[] event = ServerFixture.RecordingListener.take(fixture.events.errors, 2000, "error");
        assertEquals(e.error(), event[0]);
        assertSame(delete, event[1]);
    }

    @Test
    public void theOrderingAssumptionAnErrorAfterTheRoundTripIsNoLongerAttributed() throws Exception {
        // POFSwitch answers in order on one control thread over one TCP stream, so this cannot
        // happen with it; a switch that reordered would have its late ERROR reported without cause
        fixture.start();
        FakeSwitch fake = fixture.connect();
        PofSwitch sw = fixture.events.awaitReady(5000);
        int before = fake.received().size();
        sw.send(SessionMessages.flows(FlowModCommand.ADD)).get(5, TimeUnit.SECONDS);
        long firstFlowXid = fake.received().get(before).xid();

        fake.sendWithXid(FakeSwitch.error(ErrorType.FLOW_MOD_FAILED, ErrorCode.FlowModFailed.TABLE_FULL,
                "POFFMFC_TABLE_FULL"), firstFlowXid);
        Object[] event = ServerFixture.RecordingListener.take(fixture.events.errors, 2000, "error");
        assertEquals(firstFlowXid, ((ErrorMessage) event[0]).xid());
        assertNull(event[1]);
    }

    @Test
    public void laterErrorsOfAFailedBatchAreStillMappedToTheirMessages() throws Exception {
        fixture.start();
        PofSwitch sw = fixture.connectReady(FakeSwitch.options().errors(m -> m.type() == MessageType.FLOW_MOD
                ? FakeSwitch.error(ErrorType.FLOW_MOD_FAILED, ErrorCode.FlowModFailed.TABLE_FULL, "POFFMFC_TABLE_FULL")
                : null));
        List<FlowMod> flows = SessionMessages.flows(FlowModCommand.ADD);

        PofErrorException e = failure(sw.send(flows), PofErrorException.class);
        assertSame(flows.get(0), e.request());
        for (FlowMod f : flows) {
            Object[] event = ServerFixture.RecordingListener.take(fixture.events.errors, 2000, "error");
            assertSame(f, event[1]);
        }
    }

    @Test
    public void sendsFromManyThreadsAreEachConfirmed() throws Exception {
        fixture.start();
        FakeSwitch fake = fixture.connect();
        PofSwitch sw = fixture.events.awaitReady(5000);
        List<CompletableFuture<Void>> all = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 50; i++) {
                    CompletableFuture<Void> f = sw.send(SessionMessages.flows(FlowModCommand.MODIFY));
                    synchronized (all) {
                        all.add(f);
                    }
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        CompletableFuture.allOf(all.toArray(new CompletableFuture[0])).get(10, TimeUnit.SECONDS);
        assertEquals(4 * 50 * 6, fake.flowModCount());
    }

    @Test
    public void aMessageTheCodecCannotEncodeFailsTheBatchWithoutSendingAnything() throws Exception {
        fixture.start();
        FakeSwitch fake = fixture.connect();
        PofSwitch sw = fixture.events.awaitReady(5000);
        int before = fake.received().size();
        IllegalArgumentException e = failure(sw.send(List.of(SessionMessages.flow(0, 0, 0), new Unregistered())),
                IllegalArgumentException.class);
        assertTrue(e.getMessage(), e.getMessage().contains("no codec"));
        sw.send(List.of(SessionMessages.flow(0, 0, 0))).get(5, TimeUnit.SECONDS);
        assertEquals("only the later FLOW_MOD and its ECHO_REQUEST", before + 2, fake.received().size());
    }

    @Test
    public void counterRequestIsAnsweredWithItsReply() throws Exception {
        fixture.start();
        PofSwitch sw = fixture.connectReady(FakeSwitch.options());
        CounterReply reply = (CounterReply) sw.request(CounterRequest.of(0, 1)).get(5, TimeUnit.SECONDS);
        assertEquals(1, reply.counterId());
        assertEquals(2, reply.packets());
        assertEquals(120, reply.bytes());
    }

    @Test
    public void aRefusedRequestFailsWithTheSwitchError() throws Exception {
        fixture.start();
        PofSwitch sw = fixture.connectReady(FakeSwitch.options());
        BarrierRequest barrier = new BarrierRequest(0);
        PofErrorException e = failure(sw.request(barrier), PofErrorException.class);
        assertEquals(ErrorCode.BadRequest.BAD_TYPE, e.error().code());
        assertSame(barrier, e.request());
    }

    @Test
    public void aRequestWithoutReplyTimesOut() throws Exception {
        fixture.start(fixture.config().requestTimeout(Duration.ofMillis(200)));
        PofSwitch sw = fixture.connectReady(FakeSwitch.options());
        TimeoutException e = failure(sw.request(SessionMessages.flow(0, 0, 0)), TimeoutException.class);
        assertTrue(e.getMessage(), e.getMessage().contains("FLOW_MOD"));
    }

    @Test
    public void queryAllCollectsEverythingUpToTheFin() throws Exception {
        fixture.start();
        PofSwitch sw = fixture.connectReady(FakeSwitch.options());
        List<PofMessage> dump = sw.queryAll().get(5, TimeUnit.SECONDS);
        assertEquals(2 + 6 + 7, dump.size());
        assertEquals(List.of(MessageType.TABLE_MOD, MessageType.TABLE_MOD), dump.subList(0, 2).stream()
                .map(PofMessage::type).collect(Collectors.toList()));
        assertEquals(SessionMessages.flow(5, dump.get(7).xid(), FlowModCommand.QUERY_RESULT), dump.get(7));
        assertTrue(dump.subList(8, 15).stream().allMatch(m -> m.type() == MessageType.COUNTER_REPLY));
        assertTrue("query answers are not unsolicited messages", fixture.events.messages.isEmpty());
    }

    @Test
    public void packetInReachesListeners() throws Exception {
        fixture.start();
        FakeSwitch fake = fixture.connect();
        fixture.events.awaitReady(5000);
        fake.sendUpward(FakeSwitch.Vectors.message(21));
        PacketIn in = ServerFixture.RecordingListener.take(fixture.events.packetIns, 2000, "packetIn");
        assertEquals(7, in.reason());
        assertEquals(1, in.portId());
        assertEquals(60, in.data().length);
    }

    @Test
    public void portStatusUpdatesThePortsAndReachesListeners() throws Exception {
        fixture.start();
        FakeSwitch fake = fixture.connect();
        PofSwitch sw = fixture.events.awaitReady(5000);
        fake.sendUpward(FakeSwitch.Vectors.message(68)); // s1-eth2 link down
        PortStatus status = ServerFixture.RecordingListener.take(fixture.events.portStatus, 2000, "portStatus");
        assertEquals(2, status.port().portId());
        assertEquals(1, sw.ports().get(1).state());
    }

    @Test
    public void aPortThatAppearsLaterIsEnabled() throws Exception {
        fixture.start();
        FakeSwitch fake = fixture.connect();
        PofSwitch sw = fixture.events.awaitReady(5000);
        fake.sendUpward(FakeSwitch.Vectors.message(67)); // s1-eth3 added
        PortMod enable = (PortMod) awaitPortMod(fake, 3);
        assertEquals(1, enable.port().openflowEnable());
        ServerFixture.RecordingListener.take(fixture.events.portStatus, 2000, "portStatus");
        assertEquals(3, sw.ports().size());
    }

    @Test
    public void echoRequestsFromTheSwitchAreAnswered() throws Exception {
        fixture.start();
        FakeSwitch fake = fixture.connect();
        fixture.events.awaitReady(5000);
        fake.sendUpward(new EchoRequest(0));
        fake.sendUpward(new EchoRequest(0));
        assertTrue(fake.await(MessageType.ECHO_REPLY, 2000).xid() < SwitchSession.FIRST_XID);
        assertTrue(fake.await(MessageType.ECHO_REPLY, 2000).xid() < SwitchSession.FIRST_XID);
    }

    @Test
    public void extensionStatusReportsAreUnsolicitedMessages() throws Exception {
        fixture.start();
        FakeSwitch fake = fixture.connect(FakeSwitch.options().probe(FakeSwitch.Probe.EXTENDED));
        fixture.events.awaitReady(5000);
        HxEntryStatus status = new HxEntryStatus(0, HxEntryStatus.REASON_IDLE, 3, 17, 5_000_000L, 1000, 20);
        fake.sendUpward(status);
        PofMessage m = ServerFixture.RecordingListener.take(fixture.events.messages, 2000, "message");
        assertEquals(new HxEntryStatus(m.xid(), HxEntryStatus.REASON_IDLE, 3, 17, 5_000_000L, 1000, 20), m);
    }

    @Test
    public void aDatapathErrorHasNoCause() throws Exception {
        fixture.start();
        FakeSwitch fake = fixture.connect();
        fixture.events.awaitReady(5000);
        fake.sendUpward(FakeSwitch.error(ErrorType.BAD_INSTRUCTION, 0, "POFBIC_UNKNOWN_INST"));
        Object[] event = ServerFixture.RecordingListener.take(fixture.events.errors, 2000, "error");
        assertEquals(ErrorType.BAD_INSTRUCTION, ((ErrorMessage) event[0]).errorType());
        assertNull(event[1]);
    }

    /** A message type no codec knows. */
    private static final class Unregistered extends PofMessage {
        Unregistered() {
            super(0);
        }

        @Override
        public int type() {
            return 250;
        }

        @Override
        protected Object[] components() {
            return new Object[0];
        }

        @Override
        protected String[] componentNames() {
            return new String[0];
        }
    }

    private static PofMessage awaitPortMod(FakeSwitch fake, int portId) throws InterruptedException {
        while (true) {
            PortMod m = (PortMod) fake.await(MessageType.PORT_MOD, 2000);
            if (m.port().portId() == portId) {
                return m;
            }
        }
    }

    static <T extends Throwable> T failure(CompletableFuture<?> f, Class<T> type) throws Exception {
        try {
            f.get(5, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (type.isInstance(e.getCause())) {
                return type.cast(e.getCause());
            }
            throw new AssertionError("expected " + type.getSimpleName() + " but got " + e.getCause(), e.getCause());
        }
        fail("expected " + type.getSimpleName() + " but the future succeeded");
        return null;
    }
}
