package org.hsdba.compiler;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

    /**
     * Edits of any earlier version (a program update retried from the confirmed one) read like a
     * plain map copied from that version's, with one node or many per edit so that the recent and
     * the older changes and the folds all come into play, and no version sees another's edits.
     */
    @Test
    public void editsOfEarlierVersionsReadLikeCopiesOfTheirMaps() {
        SplittableRandom rnd = new SplittableRandom(11);
        List<SlotMap> versions = new ArrayList<>();
        List<Map<String, NodeSlot>> models = new ArrayList<>();
        versions.add(SlotMap.empty());
        models.add(Map.of());
        int next = 0;
        for (int round = 0; round < 3000; round++) {
            int from = rnd.nextInt(4) == 0 ? rnd.nextInt(versions.size()) : versions.size() - 1;
            Map<String, NodeSlot> model = new HashMap<>(models.get(from));
            SlotMap.Editor e = versions.get(from).edit();
            int edits = round < 3 ? 400 : rnd.nextInt(8) == 0 ? 40 : 1 + rnd.nextInt(3);
            for (int k = 0; k < edits; k++) {
                List<String> ids = new ArrayList<>(model.keySet());
                ids.sort(null);
                int op = ids.isEmpty() ? 0 : rnd.nextInt(4);
                if (op <= 1) {
                    // sometimes an id given before and released since: its slot in a layer is hidden
                    String id = rnd.nextInt(3) == 0 && next > 0 ? "n" + rnd.nextInt(next) : "n" + next++;
                    if (model.containsKey(id)) {
                        continue;
                    }
                    model.put(id, e.allocate(id, 1 + rnd.nextInt(3), rnd.nextBoolean()));
                } else if (op == 2) {
                    String id = ids.get(rnd.nextInt(ids.size()));
                    assertEquals(model.remove(id), e.release(id));
                } else {
                    String id = ids.get(rnd.nextInt(ids.size()));
                    model.put(id, e.relocate(id, 1 + rnd.nextInt(3), true));
                }
                String probe = "n" + rnd.nextInt(next + 1);
                assertEquals(Optional.ofNullable(model.get(probe)), e.slot(probe));
            }
            SlotMap built = e.build();
            assertEquals("round " + round, model.size(), built.size());
            for (int k = 0; k < 20; k++) {
                String probe = "n" + rnd.nextInt(next + 1);
                assertEquals("round " + round + " " + probe, Optional.ofNullable(model.get(probe)), built.slot(probe));
            }
            if (round % 50 == 0) {
                assertEquals("round " + round, model, built.all());
            }
            versions.add(built);
            models.add(model);
        }
        for (int v = 0; v < versions.size(); v += 97) {
            assertEquals("version " + v, models.get(v), versions.get(v).all());
            for (Map.Entry<String, NodeSlot> m : models.get(v).entrySet()) {
                assertEquals("version " + v, m.getValue(), versions.get(v).get(m.getKey()));
            }
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
