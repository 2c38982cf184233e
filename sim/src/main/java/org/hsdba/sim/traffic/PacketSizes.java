package org.hsdba.sim.traffic;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Distribution of frame sizes in bytes (Ethernet frame without FCS): one fixed size or a weighted
 * mix. Immutable.
 */
public final class PacketSizes {

    /** Smallest frame that holds the Ethernet, IPv4 and UDP headers the frames carry. */
    public static final int MIN_BYTES = FrameBuilder.HEADER_BYTES;
    /** Largest frame: the IPv4 total length field is 16 bits. */
    public static final int MAX_BYTES = 14 + 65535;

    private final int[] sizes;
    private final double[] cumulative;
    private final double meanBytes;

    private PacketSizes(int[] sizes, double[] shares) {
        this.sizes = sizes;
        this.cumulative = new double[shares.length];
        double total = 0;
        for (double share : shares) {
            total += share;
        }
        double acc = 0;
        double mean = 0;
        for (int i = 0; i < shares.length; i++) {
            acc += shares[i] / total;
            cumulative[i] = acc;
            mean += sizes[i] * shares[i] / total;
        }
        cumulative[shares.length - 1] = 1.0;
        this.meanBytes = mean;
    }

    /** Every packet has {@code bytes} bytes. */
    public static PacketSizes fixed(int bytes) {
        checkSize(bytes);
        return new PacketSizes(new int[] {bytes}, new double[] {1.0});
    }

    /**
     * A weighted mix: {@code shares} maps a size in bytes to its share of packets (any positive
     * numbers; they are normalised).
     */
    public static PacketSizes mix(Map<Integer, Double> shares) {
        if (shares.isEmpty()) {
            throw new IllegalArgumentException("packet size mix is empty");
        }
        TreeMap<Integer, Double> sorted = new TreeMap<>(shares);
        int[] sizes = new int[sorted.size()];
        double[] weights = new double[sorted.size()];
        int i = 0;
        for (Map.Entry<Integer, Double> e : sorted.entrySet()) {
            checkSize(e.getKey());
            double share = e.getValue();
            if (!(share > 0) || Double.isInfinite(share)) {
                throw new IllegalArgumentException(
                        "packet size mix: share of " + e.getKey() + " bytes must be > 0, got " + share);
            }
            sizes[i] = e.getKey();
            weights[i] = share;
            i++;
        }
        return new PacketSizes(sizes, weights);
    }

    private static void checkSize(int bytes) {
        if (bytes < MIN_BYTES || bytes > MAX_BYTES) {
            throw new IllegalArgumentException("packet size " + bytes + " bytes out of range ["
                    + MIN_BYTES + ", " + MAX_BYTES + "] (Ethernet+IPv4+UDP headers need "
                    + MIN_BYTES + ")");
        }
    }

    /** Draws a size; a fixed size draws nothing from {@code rng}. */
    public int sample(SplittableRandom rng) {
        if (sizes.length == 1) {
            return sizes[0];
        }
        double u = rng.nextDouble();
        for (int i = 0; i < cumulative.length; i++) {
            if (u < cumulative[i]) {
                return sizes[i];
            }
        }
        return sizes[sizes.length - 1];
    }

    public double meanBytes() {
        return meanBytes;
    }

    public int maxBytes() {
        return sizes[sizes.length - 1];
    }

    /** The distinct sizes, ascending. */
    public List<Integer> sizes() {
        Integer[] boxed = new Integer[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            boxed[i] = sizes[i];
        }
        return List.of(boxed);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PacketSizes)) {
            return false;
        }
        PacketSizes other = (PacketSizes) o;
        return Arrays.equals(sizes, other.sizes) && Arrays.equals(cumulative, other.cumulative);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(sizes) + Arrays.hashCode(cumulative);
    }

    @Override
    public String toString() {
        if (sizes.length == 1) {
            return sizes[0] + " B";
        }
        StringBuilder sb = new StringBuilder("mix{");
        double previous = 0;
        for (int i = 0; i < sizes.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(sizes[i]).append(" B: ")
                    .append(String.format(java.util.Locale.ROOT, "%.3f", cumulative[i] - previous));
            previous = cumulative[i];
        }
        return sb.append('}').toString();
    }
}
