package org.hsdba.model;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.Test;

/**
 * The index derived edit by edit (inserts kept pending, renumberings, rebuilds) gives what an index
 * built from the node list gives: every present id's index, and -1 for ids removed or never there.
 */
public class IdIndexTest {

    @Test
    public void derivedIndexAgreesWithOneBuiltFromTheNodes() {
        int[] kinds = new int[3]; // inserts, removals, additions by renumbering
        int longestPending = 0;
        for (int seed = 0; seed < 60; seed++) {
            Random rnd = new Random(seed);
            List<NodeSpec> nodes = new ArrayList<>();
            List<String> gone = new ArrayList<>();
            int nextId = 0;
            for (int i = rnd.nextInt(20); i > 0; i--) {
                nodes.add(node("n" + nextId++));
            }
            IdIndex index = IdIndex.of(nodes);
            int pending = 0;
            for (int step = 0; step < 200; step++) {
                String where = "seed " + seed + ", step " + step;
                int op = rnd.nextInt(10);
                if (op < 7 || nodes.isEmpty()) {
                    // Ids a user could pick: some share a prefix, some reuse a removed id.
                    String id = !gone.isEmpty() && rnd.nextInt(8) == 0 ? gone.remove(rnd.nextInt(gone.size()))
                            : "n" + nextId++;
                    int at = rnd.nextInt(nodes.size() + 1);
                    nodes.add(at, node(id));
                    index = index.inserted(at, id, new ArrayList<>(nodes));
                    pending++;
                    longestPending = Math.max(longestPending, pending % IdIndex.MAX_PENDING);
                    kinds[0]++;
                } else {
                    // Remove a run of nodes and add a few elsewhere, through a renumbering table.
                    int from = rnd.nextInt(nodes.size());
                    int count = 1 + rnd.nextInt(Math.min(4, nodes.size() - from));
                    List<NodeSpec> added = new ArrayList<>();
                    for (int k = rnd.nextInt(3); k > 0; k--) {
                        added.add(node("n" + nextId++));
                    }
                    int[] renumber = new int[nodes.size()];
                    List<NodeSpec> after = new ArrayList<>();
                    for (int i = 0; i < nodes.size(); i++) {
                        if (i >= from && i < from + count) {
                            renumber[i] = -1;
                            gone.add(nodes.get(i).id());
                        } else {
                            renumber[i] = after.size();
                            after.add(nodes.get(i));
                        }
                    }
                    int at = rnd.nextInt(after.size() + 1);
                    for (int i = 0; i < renumber.length; i++) {
                        if (renumber[i] >= at) {
                            renumber[i] += added.size();
                        }
                    }
                    after.addAll(at, added);
                    index = index.renumbered(renumber, added, at, after);
                    nodes = after;
                    pending = 0;
                    kinds[count > 0 ? 1 : 2]++;
                    kinds[2] += added.isEmpty() ? 0 : 1;
                }
                for (int i = 0; i < nodes.size(); i++) {
                    assertEquals(where + ": " + nodes.get(i).id(), i, index.get(nodes.get(i).id()));
                }
                for (String id : gone) {
                    assertEquals(where + ": removed " + id, -1, index.get(id));
                }
                assertEquals(where, -1, index.get("n" + nextId));
            }
        }
        // The sequences must reach every path: long pending runs, removals and additions.
        assertTrue("inserts " + kinds[0], kinds[0] > 5000);
        assertTrue("removals " + kinds[1] + ", additions " + kinds[2], kinds[1] > 1000 && kinds[2] > 1000);
        assertEquals(IdIndex.MAX_PENDING - 1, longestPending);
    }

    private static NodeSpec node(String id) {
        return NodeSpec.builder(id).build();
    }
}
