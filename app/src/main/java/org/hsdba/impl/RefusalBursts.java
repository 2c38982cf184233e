package org.hsdba.impl;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.model.PortRef;

/**
 * Joins refused for lack of room, reported per burst rather than per refusal: each refusal is
 * counted on the device ({@code joinsRefused}); per tree, the first refusal after a quiet second
 * gives an event at once and later ones are summed into at most one event per second. A flood of
 * refusals thus costs a counter increment each, not an event (or a write) each. Control thread.
 */
final class RefusalBursts {

    /** At most one event per tree per this period. */
    static final long PERIOD_NANOS = 1_000_000_000L;

    private static final class Burst {
        long lastEventNanos;
        long unreported;
        long started;
    }

    private final Consumer<HsdbaEvent> emit;
    private final TimeSource time;
    private final Map<PortRef, Burst> bursts = new HashMap<>();

    RefusalBursts(Consumer<HsdbaEvent> emit, TimeSource time) {
        this.emit = emit;
        this.time = time;
    }

    void refused(DeviceAgent agent, PortRef port, String reason) {
        agent.joinsRefused.incrementAndGet();
        long now = time.nanoTime();
        Burst b = bursts.computeIfAbsent(port, p -> {
            Burst n = new Burst();
            n.lastEventNanos = now - PERIOD_NANOS;
            return n;
        });
        if (b.unreported == 0) {
            b.started = now;
        }
        b.unreported++;
        if (now - b.lastEventNanos >= PERIOD_NANOS) {
            String what = b.unreported == 1 ? "join refused: " + reason
                    : b.unreported + " joins refused in the last " + Math.max(1, (now - b.started) / 1_000_000)
                    + " ms: " + reason;
            emit.accept(HsdbaEvent.node(time.wallMillis(), HsdbaEvent.Type.ADMISSION_REFUSED, port, null, what));
            b.unreported = 0;
            b.lastEventNanos = now;
        }
    }
}
