package org.hsdba.admission;

import static org.junit.Assert.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.hsdba.model.MatchKey;
import org.junit.Test;

/** The hashed paths of {@link KeyOverlap} (keys as numbers, keys as bytes) find what comparing every pair finds. */
public class KeyOverlapTest {

    @Test
    public void largeGroupsGiveTheEarliestOverlapOfEveryKeyLikeComparingAllPairs() {
        SplittableRandom rnd = new SplittableRandom(7);
        int[] lengths = {8, 16, 32, 48, 64, 72, 128};
        int overlapping = 0;
        for (int round = 0; round < 300; round++) {
            int bits = lengths[rnd.nextInt(lengths.length)];
            int n = 17 + rnd.nextInt(150);
            int masks = 1 + rnd.nextInt(4);
            List<MatchKey> keys = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                keys.add(key(rnd, bits, 1 + rnd.nextInt(masks), n));
            }
            List<KeyOverlap.Pair> found = KeyOverlap.find(keys);
            List<String> expected = new ArrayList<>();
            for (int j = 1; j < n; j++) {
                for (int i = 0; i < j; i++) {
                    if (keys.get(i).overlaps(keys.get(j))) {
                        expected.add(i + "-" + j);
                        break;
                    }
                }
            }
            List<String> actual = new ArrayList<>();
            found.forEach(p -> actual.add(p.first + "-" + p.second));
            assertEquals("round " + round + ", " + bits + " bits", expected, actual);
            overlapping += expected.size();
        }
        assertEquals(true, overlapping > 1000); // the keys are drawn so that overlaps are common
    }

    /**
     * Keys added to a group without overlaps (as admitted) give, comparing only the new ones,
     * what {@link KeyOverlap#find} gives on the whole group.
     */
    @Test
    public void comparingOnlyNewKeysFindsWhatTheWholeGroupGives() {
        SplittableRandom rnd = new SplittableRandom(11);
        int[] lengths = {16, 32, 72};
        int overlapping = 0;
        for (int round = 0; round < 300; round++) {
            int bits = lengths[rnd.nextInt(lengths.length)];
            int n = 2 + rnd.nextInt(120);
            List<MatchKey> keys = new ArrayList<>();
            boolean[] fresh = new boolean[n];
            for (int i = 0; i < n; i++) {
                fresh[i] = rnd.nextInt(4) == 0;
                MatchKey k = key(rnd, bits, 1 + rnd.nextInt(3), n);
                // an old key must not overlap the old keys before it: draw again (or make it new)
                for (int tries = 0; !fresh[i] && overlapsOld(k, keys, fresh); tries++) {
                    k = key(rnd, bits, 1 + rnd.nextInt(3), n);
                    fresh[i] = tries > 50;
                }
                keys.add(k);
            }
            List<String> expected = new ArrayList<>();
            KeyOverlap.find(keys).forEach(p -> expected.add(p.first + "-" + p.second));
            List<String> actual = new ArrayList<>();
            KeyOverlap.findInvolving(keys, fresh).forEach(p -> actual.add(p.first + "-" + p.second));
            assertEquals("round " + round + ", " + bits + " bits", expected, actual);
            overlapping += expected.size();
        }
        assertEquals(true, overlapping > 300);
    }

    private static boolean overlapsOld(MatchKey k, List<MatchKey> keys, boolean[] fresh) {
        for (int i = 0; i < keys.size(); i++) {
            if (!fresh[i] && keys.get(i).overlaps(k)) {
                return true;
            }
        }
        return false;
    }

    /** A key whose value has few distinct low-order variants (so duplicates occur), with one of a few prefix masks. */
    private static MatchKey key(SplittableRandom rnd, int bits, int maskChoice, int n) {
        BigInteger value = BigInteger.valueOf(rnd.nextInt(2 * n)).shiftLeft(Math.max(0, bits - 12 - rnd.nextInt(3)));
        int prefix = Math.max(1, bits - 4 * maskChoice - rnd.nextInt(2));
        BigInteger mask = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)
                .xor(BigInteger.ONE.shiftLeft(bits - prefix).subtract(BigInteger.ONE));
        return MatchKey.of(bits, bytes(value.and(mask), bits), bytes(mask, bits));
    }

    private static byte[] bytes(BigInteger x, int bits) {
        byte[] out = new byte[bits / 8];
        byte[] raw = x.toByteArray();
        for (int k = 0; k < Math.min(raw.length, out.length); k++) {
            out[out.length - 1 - k] = raw[raw.length - 1 - k];
        }
        return out;
    }
}
