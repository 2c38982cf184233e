package org.hsdba.compiler.assisted;

import java.util.Map;

/** Entry counters read at one time: bytes by counter id (from COUNTER_REPLY or QUERYALL). Immutable. */
public final class CounterReadings {

    private final long timeNs;
    private final Map<Long, Long> bytes;

    private CounterReadings(long timeNs, Map<Long, Long> bytes) {
        this.timeNs = timeNs;
        this.bytes = Map.copyOf(bytes);
    }

    public static CounterReadings of(long timeNs, Map<Long, Long> bytesByCounterId) {
        return new CounterReadings(timeNs, bytesByCounterId);
    }

    public long timeNs() {
        return timeNs;
    }

    /** Bytes of a counter; null if it was not read. */
    public Long bytes(long counterId) {
        return bytes.get(counterId);
    }

    @Override
    public String toString() {
        return "CounterReadings{t=" + timeNs + " ns, " + bytes.size() + " counters}";
    }
}
