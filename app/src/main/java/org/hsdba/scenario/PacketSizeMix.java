package org.hsdba.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Packet sizes of a source: one fixed size or a mix of sizes with shares (summing to 1) of the packets. */
public final class PacketSizeMix {

    /** Smallest frame: an Ethernet minimum frame (with FCS). */
    public static final int MIN_BYTES = 64;
    /** Largest frame: a common jumbo frame size. */
    public static final int MAX_BYTES = 9216;
    private static final double SHARE_TOLERANCE = 1e-6;

    /** One size and its share of the packets. */
    public static final class Entry {
        private final int bytes;
        private final double share;

        public Entry(int bytes, double share) {
            if (bytes < MIN_BYTES || bytes > MAX_BYTES) {
                throw new IllegalArgumentException("packet size " + bytes + " bytes is outside " + MIN_BYTES + ".." + MAX_BYTES);
            }
            if (!(share > 0) || share > 1) {
                throw new IllegalArgumentException("share " + share + " of packet size " + bytes + " must be in (0, 1]");
            }
            this.bytes = bytes;
            this.share = share;
        }

        public int bytes() {
            return bytes;
        }

        public double share() {
            return share;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Entry && ((Entry) o).bytes == bytes && Double.compare(((Entry) o).share, share) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(bytes, share);
        }

        @Override
        public String toString() {
            return bytes + " B x " + share;
        }
    }

    private final List<Entry> entries;

    private PacketSizeMix(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    public static PacketSizeMix fixed(int bytes) {
        return new PacketSizeMix(List.of(new Entry(bytes, 1.0)));
    }

    public static PacketSizeMix of(List<Entry> entries) {
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("a packet size mix needs at least one size");
        }
        double sum = entries.stream().mapToDouble(Entry::share).sum();
        if (Math.abs(sum - 1) > SHARE_TOLERANCE) {
            throw new IllegalArgumentException("packet size shares sum to " + sum + ", not 1");
        }
        return new PacketSizeMix(new ArrayList<>(entries));
    }

    public List<Entry> entries() {
        return entries;
    }

    public boolean isFixed() {
        return entries.size() == 1;
    }

    public int minBytes() {
        return entries.stream().mapToInt(Entry::bytes).min().getAsInt();
    }

    /** Mean packet size in bytes. */
    public double meanBytes() {
        return entries.stream().mapToDouble(e -> e.bytes * e.share).sum();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PacketSizeMix && ((PacketSizeMix) o).entries.equals(entries);
    }

    @Override
    public int hashCode() {
        return entries.hashCode();
    }

    @Override
    public String toString() {
        return isFixed() ? entries.get(0).bytes + " B" : entries.toString();
    }
}
