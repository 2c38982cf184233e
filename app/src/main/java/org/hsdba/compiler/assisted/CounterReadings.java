package org.hsdba.compiler.assisted;

import java.util.Map;

/**
 * Counters read at one time (from COUNTER_REPLY or QUERYALL): bytes and packets by counter id.
 * The stock COUNTER action (the drop counters) counts packets only, so the loop takes packets
 * from drop counters and bytes and packets from entry counters. Immutable.
 */
public final class CounterReadings {

    private final long timeNs;
    private final Map<Long, Long> bytes;
    private final Map<Long, Long> packets;

    private CounterReadings(long timeNs, Map<Long, Long> bytes, Map<Long, Long> packets) {
        this.timeNs = timeNs;
        this.bytes = Map.copyOf(bytes);
        this.packets = Map.copyOf(packets);
    }

    /** Bytes and packets by counter id. */
    public static CounterReadings of(long timeNs, Map<Long, Long> bytesByCounterId, Map<Long, Long> packetsByCounterId) {
        return new CounterReadings(timeNs, bytesByCounterId, packetsByCounterId);
    }

    /** Bytes only (no drop counts: every node is taken to have dropped nothing it was not told to). */
    public static CounterReadings of(long timeNs, Map<Long, Long> bytesByCounterId) {
        return new CounterReadings(timeNs, bytesByCounterId, Map.of());
    }

    public long timeNs() {
        return timeNs;
    }

    /** Bytes of a counter; null if it was not read. */
    public Long bytes(long counterId) {
        return bytes.get(counterId);
    }

    /** Packets of a counter; null if it was not read. */
    public Long packets(long counterId) {
        return packets.get(counterId);
    }

    /** The same counts read at another time. */
    public CounterReadings at(long newTimeNs) {
        return new CounterReadings(newTimeNs, bytes, packets);
    }

    /** True if packet counts were read at all (drop counters are meaningful). */
    public boolean hasPackets() {
        return !packets.isEmpty();
    }

    @Override
    public String toString() {
        return "CounterReadings{t=" + timeNs + " ns, " + bytes.size() + " byte and " + packets.size()
                + " packet counters}";
    }
}
