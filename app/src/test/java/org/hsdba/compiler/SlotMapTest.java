package org.hsdba.compiler;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.Test;

/**
 * SlotMap is copy-on-write (a base plus changes, folded from time to time): long random
 * sequences of edits, each built and edited again, must read exactly like a plain map, before
 * and after folding, and earlier versions must not see later edits.
 */
public class SlotMapTest {

    @Test
    public void readsLikeAPlainMapAcrossManyBuildsAndFolds() {
        SplittableRandom rnd = new SplittableRandom(7);
        SlotMap slots = SlotMap.empty();
        Map<String, NodeSlot> model = new HashMap<>();
        List<SlotMap> versions = new ArrayList<>();
        List<Map<String, NodeSlot>> models = new ArrayList<>();
        int next = 0;
        for (int round = 0; round < 400; round++) {
            SlotMap.Editor e = slots.edit();
            int edits = round < 5 ? 300 : 1 + rnd.nextInt(6);
            for (int k = 0; k < edits; k++) {
                List<String> ids = new ArrayList<>(model.keySet());
                int op = ids.isEmpty() ? 0 : rnd.nextInt(3);
                if (op == 0) {
                    String id = "n" + next++;
                    model.put(id, e.allocate(id, 1 + rnd.nextInt(3), rnd.nextBoolean()));
                } else {
                    ids.sort(null);
                    String id = ids.get(rnd.nextInt(ids.size()));
                    if (op == 1) {
                        assertEquals(model.remove(id), e.release(id));
                    } else {
                        model.put(id, e.relocate(id, 1 + rnd.nextInt(3), true));
                    }
                }
                assertFalse(e.slot("never").isPresent());
            }
            slots = e.build();
            assertEquals(model.size(), slots.size());
            for (Map.Entry<String, NodeSlot> m : model.entrySet()) {
                assertEquals(m.getValue(), slots.get(m.getKey()));
            }
            assertEquals(model, slots.all());
            versions.add(slots);
            models.add(new HashMap<>(model));
        }
        for (int v = 0; v < versions.size(); v += 37) {
            assertEquals("version " + v, models.get(v), versions.get(v).all());
            assertEquals(versions.get(v).all().size(), versions.get(v).size());
        }
    }

    @Test
    public void aReleasedNodeIsGoneAndCanBeAllocatedAgain() {
        SlotMap.Editor e = SlotMap.empty().edit();
        e.allocate("a", 1, true);
        SlotMap one = e.build();
        SlotMap.Editor f = one.edit();
        f.release("a");
        SlotMap none = f.build();
        assertFalse(none.slot("a").isPresent());
        assertEquals(0, none.size());
        assertTrue(one.slot("a").isPresent());
        SlotMap.Editor g = none.edit();
        g.allocate("a", 2, false);
        assertEquals(2, g.build().get("a").level());
    }
}
