package org.hsdba.admission;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.hsdba.model.MatchKey;

/**
 * Finds overlapping keys among siblings. Two keys overlap iff (v1 & m1 & m2) == (v2 & m1 & m2).
 * Small groups are compared pairwise; large ones are grouped by mask and hashed, which costs
 * O(n * distinct masks^2) instead of O(n^2) (typical trees use one or two masks per level). Keys
 * of at most 64 bits (all the usual header fields) are hashed as numbers, without allocating.
 */
final class KeyOverlap {

    private static final int PAIRWISE_LIMIT = 16;

    /** A pair of overlapping siblings, as positions in the input list; {@code first < second}. */
    static final class Pair {
        final int first;
        final int second;

        Pair(int first, int second) {
            this.first = first;
            this.second = second;
        }
    }

    private KeyOverlap() {
    }

    /** One pair per key that overlaps an earlier key (the earliest such key), in input order. */
    static List<Pair> find(List<MatchKey> keys) {
        List<Pair> out = new ArrayList<>();
        if (keys.size() <= PAIRWISE_LIMIT) {
            for (int j = 1; j < keys.size(); j++) {
                for (int i = 0; i < j; i++) {
                    if (keys.get(i).overlaps(keys.get(j))) {
                        out.add(new Pair(i, j));
                        break;
                    }
                }
            }
            return out;
        }
        int[] firstOverlap = keys.get(0).lengthBits() <= Long.SIZE ? packed(keys) : bytes(keys);
        for (int j = 0; j < keys.size(); j++) {
            if (firstOverlap[j] >= 0) {
                out.add(new Pair(firstOverlap[j], j));
            }
        }
        return out;
    }

    /**
     * {@link #find} when no two keys that are not {@code fresh} overlap (they were admitted
     * together): only pairs with a fresh key are compared, O(n) per fresh key.
     */
    static List<Pair> findInvolving(List<MatchKey> keys, boolean[] fresh) {
        int n = keys.size();
        int[] firstOverlap = null;
        for (int f = 0; f < n; f++) {
            if (!fresh[f]) {
                continue;
            }
            MatchKey key = keys.get(f);
            for (int j = 0; j < n; j++) {
                // a pair of fresh keys is compared once, from the earlier one
                if (j != f && !(fresh[j] && j < f) && key.overlaps(keys.get(j))) {
                    if (firstOverlap == null) {
                        firstOverlap = new int[n];
                        Arrays.fill(firstOverlap, -1);
                    }
                    record(firstOverlap, Math.min(f, j), Math.max(f, j));
                }
            }
        }
        List<Pair> out = new ArrayList<>();
        for (int j = 0; firstOverlap != null && j < n; j++) {
            if (firstOverlap[j] >= 0) {
                out.add(new Pair(firstOverlap[j], j));
            }
        }
        return out;
    }

    /** For each key, the earliest key overlapping it, or -1: keys of at most 64 bits as numbers. */
    private static int[] packed(List<MatchKey> keys) {
        int n = keys.size();
        long[] value = new long[n];
        long[] mask = new long[n];
        Map<Long, List<Integer>> byMask = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            value[i] = bits(keys.get(i).value());
            mask[i] = bits(keys.get(i).mask());
            byMask.computeIfAbsent(mask[i], m -> new ArrayList<>()).add(i);
        }
        int[] firstOverlap = new int[n];
        Arrays.fill(firstOverlap, -1);
        List<Long> masks = new ArrayList<>(byMask.keySet());
        LongIndex seen = new LongIndex(n);
        for (int a = 0; a < masks.size(); a++) {
            for (int b = a; b < masks.size(); b++) {
                long common = masks.get(a) & masks.get(b);
                List<Integer> groupA = byMask.get(masks.get(a));
                List<Integer> groupB = byMask.get(masks.get(b));
                probe(value, common, groupB, groupA, firstOverlap, seen);
                if (a != b) {
                    probe(value, common, groupA, groupB, firstOverlap, seen);
                }
            }
        }
        return firstOverlap;
    }

    /** Indexes {@code indexed} by value under {@code common} (first of equal values kept), probes each of {@code probes}. */
    private static void probe(long[] value, long common, List<Integer> indexed, List<Integer> probes, int[] firstOverlap,
                              LongIndex seen) {
        seen.clear();
        for (int i : indexed) {
            seen.putIfAbsent(value[i] & common, i);
        }
        for (int j : probes) {
            int i = seen.get(value[j] & common);
            if (i >= 0 && i != j) {
                record(firstOverlap, Math.min(i, j), Math.max(i, j));
            }
        }
    }

    /** Left-aligned key bytes (at most 8) as a number. */
    private static long bits(byte[] bytes) {
        long out = 0;
        for (byte b : bytes) {
            out = out << 8 | (b & 0xff);
        }
        return out;
    }

    /** For each key, the earliest key overlapping it, or -1: keys of any length as bytes. */
    private static int[] bytes(List<MatchKey> keys) {
        Map<ByteBuffer, List<Integer>> byMask = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            byMask.computeIfAbsent(ByteBuffer.wrap(keys.get(i).mask()), m -> new ArrayList<>()).add(i);
        }
        int[] firstOverlap = new int[keys.size()];
        Arrays.fill(firstOverlap, -1);
        List<ByteBuffer> masks = new ArrayList<>(byMask.keySet());
        for (int a = 0; a < masks.size(); a++) {
            for (int b = a; b < masks.size(); b++) {
                byte[] common = and(masks.get(a).array(), masks.get(b).array());
                List<Integer> groupA = byMask.get(masks.get(a));
                List<Integer> groupB = byMask.get(masks.get(b));
                probe(keys, common, groupB, groupA, firstOverlap);
                if (a != b) {
                    probe(keys, common, groupA, groupB, firstOverlap);
                }
            }
        }
        return firstOverlap;
    }

    /** Hashes {@code indexed} under {@code common} (first of equal values kept) and looks up each of {@code probes}. */
    private static void probe(List<MatchKey> keys, byte[] common, List<Integer> indexed, List<Integer> probes,
                              int[] firstOverlap) {
        Map<ByteBuffer, Integer> seen = new HashMap<>(indexed.size() * 2);
        for (int i : indexed) {
            seen.putIfAbsent(ByteBuffer.wrap(and(keys.get(i).value(), common)), i);
        }
        for (int j : probes) {
            Integer i = seen.get(ByteBuffer.wrap(and(keys.get(j).value(), common)));
            if (i != null && i != j) {
                record(firstOverlap, Math.min(i, j), Math.max(i, j));
            }
        }
    }

    private static void record(int[] firstOverlap, int i, int j) {
        if (firstOverlap[j] < 0 || i < firstOverlap[j]) {
            firstOverlap[j] = i;
        }
    }

    /** Long to int, open addressing: the hashing of {@link #packed} without boxing; reused across probes. */
    private static final class LongIndex {
        private final long[] keys;
        private final int[] values; // -1: empty
        private final int shift;
        private final int[] used; // slots filled since the last clear
        private int usedCount;

        LongIndex(int maxEntries) {
            int capacity = Integer.highestOneBit(Math.max(4, maxEntries * 2 - 1)) << 1;
            keys = new long[capacity];
            values = new int[capacity];
            Arrays.fill(values, -1);
            shift = 64 - Integer.numberOfTrailingZeros(capacity);
            used = new int[capacity];
        }

        void clear() {
            for (int k = 0; k < usedCount; k++) {
                values[used[k]] = -1;
            }
            usedCount = 0;
        }

        void putIfAbsent(long key, int value) {
            int slot = slot(key);
            while (values[slot] >= 0) {
                if (keys[slot] == key) {
                    return;
                }
                slot = (slot + 1) & (values.length - 1);
            }
            keys[slot] = key;
            values[slot] = value;
            used[usedCount++] = slot;
        }

        int get(long key) {
            for (int slot = slot(key); values[slot] >= 0; slot = (slot + 1) & (values.length - 1)) {
                if (keys[slot] == key) {
                    return values[slot];
                }
            }
            return -1;
        }

        private int slot(long key) {
            return (int) (key * 0x9E3779B97F4A7C15L >>> shift);
        }
    }

    private static byte[] and(byte[] x, byte[] y) {
        byte[] out = new byte[x.length];
        for (int k = 0; k < x.length; k++) {
            out[k] = (byte) (x[k] & y[k]);
        }
        return out;
    }
}
