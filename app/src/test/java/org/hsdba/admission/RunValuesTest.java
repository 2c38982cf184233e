package org.hsdba.admission;

import static org.junit.Assert.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.Test;

/** The index-to-double map behind a re-resolution's values agrees with a HashMap on random puts, overwrites and misses. */
public class RunValuesTest {

    @Test
    public void indexedDoublesAgreeWithAHashMap() {
        for (int seed = 0; seed < 20; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            RunValues.IndexedDoubles map = new RunValues.IndexedDoubles();
            Map<Integer, Double> expected = new HashMap<>();
            int range = 1 + rnd.nextInt(100_000);
            for (int step = 0; step < 5000; step++) {
                int key = rnd.nextInt(range);
                if (rnd.nextInt(3) > 0) {
                    double v = rnd.nextInt(10) == 0 ? Double.NaN : rnd.nextDouble();
                    map.put(key, v);
                    expected.put(key, v);
                }
                int probe = rnd.nextInt(range);
                int slot = map.slotOf(probe);
                String where = "seed " + seed + ", step " + step + ", index " + probe;
                assertEquals(where, expected.containsKey(probe), slot >= 0);
                if (slot >= 0) {
                    assertEquals(where, Double.doubleToLongBits(expected.get(probe)),
                            Double.doubleToLongBits(map.value(slot)));
                }
            }
            for (Map.Entry<Integer, Double> e : expected.entrySet()) {
                assertEquals(Double.doubleToLongBits(e.getValue()), Double.doubleToLongBits(map.value(map.slotOf(e.getKey()))));
            }
        }
    }
}
