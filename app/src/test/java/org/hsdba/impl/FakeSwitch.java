package org.hsdba.impl;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.hsdba.pof.message.CounterReply;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.FeaturesReply;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.southbound.PofErrorException;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.SwitchMode;

/**
 * One switch session for tests: records every batch sent, answers immediately, fails the
 * messages a test marks as rejected, and reports per-counter bytes that the test sets
 * (QUERYALL answers COUNTER_REPLY with packets = dropped bytes, bytes = passed bytes: the
 * {@link FakeCompiler}'s convention).
 */
final class FakeSwitch implements PofSwitch {

    final List<List<PofMessage>> batches = new CopyOnWriteArrayList<>();
    final Map<Long, long[]> counters = new ConcurrentHashMap<>();
    volatile Predicate<PofMessage> reject = m -> false;
    volatile String disconnectedBecause;
    /** While closed, send waits (on the caller's thread, e.g. the device's lane) after counting down {@link #sendHeld}. */
    volatile CountDownLatch sendGate = new CountDownLatch(0);
    final CountDownLatch sendHeld = new CountDownLatch(1);
    /** While set, QUERYALL's answer (counters taken when asked) arrives when the test completes it: a slow reply path. */
    volatile CompletableFuture<Void> answerGate;
    private final long deviceId;
    private final long sessionId;
    private final SwitchMode mode;
    private final FakeSwitchService service;

    FakeSwitch(FakeSwitchService service, long deviceId, long sessionId, SwitchMode mode) {
        this.service = service;
        this.deviceId = deviceId;
        this.sessionId = sessionId;
        this.mode = mode;
    }

    @Override
    public long deviceId() {
        return deviceId;
    }

    @Override
    public long sessionId() {
        return sessionId;
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return new InetSocketAddress("127.0.0.1", 40000 + (int) sessionId);
    }

    @Override
    public FeaturesReply features() {
        return null;
    }

    @Override
    public ResourceReport resources() {
        return null;
    }

    @Override
    public List<PortDesc> ports() {
        return List.of(PortDesc.builder().portId(3).name("s1-eth3").deviceId(deviceId).build(),
                PortDesc.builder().portId(4).name("s1-eth4").state(PortDesc.STATE_LINK_DOWN).deviceId(deviceId).build());
    }

    @Override
    public SwitchMode mode() {
        return mode;
    }

    @Override
    public boolean isConnected() {
        return disconnectedBecause == null;
    }

    @Override
    public int globalTableId(int tableType, int tableId) {
        return tableId;
    }

    @Override
    public CompletableFuture<Void> send(List<? extends PofMessage> messages) {
        CountDownLatch gate = sendGate;
        if (gate.getCount() > 0) {
            sendHeld.countDown();
            try {
                if (!gate.await(10, TimeUnit.SECONDS)) {
                    throw new AssertionError("the test never opened the send gate");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        batches.add(new ArrayList<>(messages));
        for (PofMessage m : messages) {
            if (reject.test(m)) {
                ErrorMessage err = ErrorMessage.of(m.xid(), 5, 3, deviceId, "POFFMFC_TEST_REJECT");
                return CompletableFuture.failedFuture(new PofErrorException("rejected", err, m));
            }
        }
        CompletableFuture<Void> held = service.heldConfirmation;
        return held != null ? held : CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<PofMessage> request(PofMessage request) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("not in the fake"));
    }

    @Override
    public CompletableFuture<List<PofMessage>> queryAll() {
        // The counters as they are when asked; the answer waits for answerGate if a test set one.
        List<PofMessage> out = new ArrayList<>();
        counters.forEach((id, c) -> out.add(CounterReply.of(0, id, c[1], c[0])));
        CompletableFuture<Void> gate = answerGate;
        return gate == null ? CompletableFuture.completedFuture(out) : gate.thenApply(v -> out);
    }

    @Override
    public void disconnect(String reason) {
        disconnectedBecause = reason;
        service.disconnected(this, reason);
    }

    /** Sets the cumulative passed and dropped bytes of a counter. */
    void setCounter(long counterId, long passedBytes, long droppedBytes) {
        counters.put(counterId, new long[] {passedBytes, droppedBytes});
    }

    /** Every message sent so far, in order. */
    List<PofMessage> sent() {
        List<PofMessage> all = new ArrayList<>();
        batches.forEach(all::addAll);
        return all;
    }
}
