package org.hsdba.onos.cluster;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.hsdba.onos.cluster.FallbackLog.Cause;
import org.onosproject.cluster.NodeId;
import org.onosproject.store.cluster.messaging.ClusterCommunicationService;
import org.onosproject.store.cluster.messaging.MessageSubject;
import org.onosproject.store.cluster.messaging.MessagingException;

/**
 * Asks devices' masters for their live figures over ONOS cluster messaging, waiting at most the
 * configured time. Every failure (no answer in time, no hsdba at the master, an unreadable or
 * negative answer) is an empty result, told to the {@link FallbackLog}, never an exception: the
 * caller then shows its own figures. Answers are decoded here, on the caller's thread, so that a
 * decoding failure is seen as such. A master that let a question time out is not asked again for
 * {@link #SILENCE_HOLD_OFF}: while it hangs, requests (a GUI refreshing every second) fall back at
 * once instead of each holding a thread for the whole timeout.
 */
public final class MasterClient {

    /** The one subject of hsdba's live-state queries; the format version is inside the messages. */
    public static final MessageSubject SUBJECT = new MessageSubject("org.hsdba.live");

    /** How long a master that timed out is left alone. */
    static final Duration SILENCE_HOLD_OFF = Duration.ofSeconds(10);

    private final ClusterCommunicationService cluster;
    private final Supplier<Duration> timeout;
    private final FallbackLog log;
    private final LongSupplier holdOffClock;
    /** Masters that timed out, with the {@link #holdOffClock} time until which they are not asked. */
    private final Map<NodeId, Long> silentUntil = new ConcurrentHashMap<>();

    /**
     * @param timeout the longest wait for all the answers of one call, read per call (it is a
     *                component property)
     */
    public MasterClient(ClusterCommunicationService cluster, Supplier<Duration> timeout, FallbackLog log) {
        this(cluster, timeout, log, System::nanoTime);
    }

    /** @param holdOffClock nanoseconds, for the hold-off of silent masters only (tests move it) */
    MasterClient(ClusterCommunicationService cluster, Supplier<Duration> timeout, FallbackLog log,
                 LongSupplier holdOffClock) {
        this.cluster = Objects.requireNonNull(cluster, "cluster");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.log = Objects.requireNonNull(log, "log");
        this.holdOffClock = Objects.requireNonNull(holdOffClock, "holdOffClock");
    }

    /** The master's figures, or empty (told to the log). */
    <T> Optional<T> ask(NodeId master, LiveQuery query, Function<byte[], MasterAnswer<T>> decoder) {
        return askAll(Map.of(query, master), decoder).get(query);
    }

    /**
     * Sends every query to its master at once and waits for all of them together, at most the
     * timeout in all: n devices cost one timeout, not n.
     */
    <T> Map<LiveQuery, Optional<T>> askAll(Map<LiveQuery, NodeId> queries,
                                            Function<byte[], MasterAnswer<T>> decoder) {
        Duration wait = timeout.get();
        long deadline = System.nanoTime() + wait.toNanos();
        Map<LiveQuery, CompletableFuture<byte[]>> sent = new LinkedHashMap<>();
        queries.forEach((q, master) -> sent.put(q, isSilent(master) ? null : send(q, master, wait)));
        Map<LiveQuery, Optional<T>> answers = new LinkedHashMap<>();
        sent.forEach((q, future) -> answers.put(q, future == null
                ? fellBack(q.deviceId(), Cause.TIMEOUT, timedOut(queries.get(q), wait))
                : outcome(q, queries.get(q), future, deadline, wait, decoder)));
        return answers;
    }

    private boolean isSilent(NodeId master) {
        Long until = silentUntil.get(master);
        if (until == null) {
            return false;
        }
        if (holdOffClock.getAsLong() - until < 0) {
            return true;
        }
        silentUntil.remove(master, until);
        return false;
    }

    private CompletableFuture<byte[]> send(LiveQuery q, NodeId master, Duration wait) {
        try {
            return cluster.sendAndReceive(q, SUBJECT, LiveWire::encodeQuery, Function.identity(), master, wait);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private <T> Optional<T> outcome(LiveQuery q, NodeId master, CompletableFuture<byte[]> future, long deadline,
                                    Duration wait, Function<byte[], MasterAnswer<T>> decoder) {
        String device = q.deviceId();
        byte[] bytes;
        try {
            bytes = future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            silentUntil.put(master, holdOffClock.getAsLong() + SILENCE_HOLD_OFF.toNanos());
            return fellBack(device, Cause.TIMEOUT, timedOut(master, wait));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            future.cancel(true);
            return Optional.empty();
        } catch (ExecutionException | CompletionException e) {
            return failed(device, master, e.getCause() == null ? e : e.getCause(), wait);
        }
        MasterAnswer<T> answer;
        try {
            answer = decoder.apply(bytes);
        } catch (RuntimeException e) {
            return fellBack(device, Cause.UNREADABLE, "the answer of master " + master + " is unreadable: "
                    + e.getMessage());
        }
        switch (answer.status()) {
            case OK:
                log.answered(device);
                return answer.value();
            case NOT_MASTER:
                return fellBack(device, Cause.NOT_MASTER, "instance " + master + " says it is not the master");
            default:
                return fellBack(device, Cause.FAILED_AT_MASTER, "master " + master + " failed to answer: "
                        + answer.detail());
        }
    }

    private <T> Optional<T> failed(String device, NodeId master, Throwable cause, Duration wait) {
        Throwable c = cause instanceof CompletionException && cause.getCause() != null ? cause.getCause() : cause;
        if (c instanceof TimeoutException) {
            silentUntil.put(master, holdOffClock.getAsLong() + SILENCE_HOLD_OFF.toNanos());
            return fellBack(device, Cause.TIMEOUT, timedOut(master, wait));
        }
        if (c instanceof MessagingException.NoRemoteHandler) {
            return fellBack(device, Cause.NOT_RUNNING, "master " + master + " does not run hsdba (or runs a version "
                    + "without live-state answers)");
        }
        return fellBack(device, Cause.UNREACHABLE, "asking master " + master + " failed: " + c);
    }

    private static String timedOut(NodeId master, Duration wait) {
        return "master " + master + " did not answer within " + wait.toMillis() + " ms (not asked again for "
                + SILENCE_HOLD_OFF.toSeconds() + " s)";
    }

    private <T> Optional<T> fellBack(String device, Cause cause, String why) {
        log.fellBack(device, cause, why);
        return Optional.empty();
    }
}
