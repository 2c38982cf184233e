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
 * O(n * distinct masks^2) instead of O(n^2) (typical trees use one or two masks per level).
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
        for (int j = 0; j < keys.size(); j++) {
            if (firstOverlap[j] >= 0) {
                out.add(new Pair(firstOverlap[j], j));
            }
        }
        return out;
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

    private static byte[] and(byte[] x, byte[] y) {
        byte[] out = new byte[x.length];
        for (int k = 0; k < x.length; k++) {
            out[k] = (byte) (x[k] & y[k]);
        }
        return out;
    }
}
