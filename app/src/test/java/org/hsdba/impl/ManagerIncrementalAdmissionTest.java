package org.hsdba.impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;

import org.hsdba.admission.Admission;
import org.hsdba.api.PreviewResult;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.Violation;
import org.junit.After;
import org.junit.Test;

/**
 * Edits go through incremental admission from the kept admitted tree: every outcome (the tree
 * written, or every violation) must be what the full check of the edited tree gives.
 */
public class ManagerIncrementalAdmissionTest {

    private final Harness h = new Harness();

    @After
    public void tearDown() {
        h.close();
    }

    @Test
    public void randomEditSequencesMatchTheFullCheck() {
        for (long seed = 1; seed <= 6; seed++) {
            Random rnd = new Random(seed);
            BandwidthTree start = h.manager.putTree(Harness.labTree(), OptionalLong.empty());
            int refused = 0;
            for (int step = 0; step < 60; step++) {
                BandwidthTree current = h.manager.tree(Harness.PORT).orElseThrow();
                TreeEdit edit = randomEdit(rnd, current, step);
                List<Violation> expected;
                BandwidthTree expectedTree = null;
                try {
                    expectedTree = Admission.apply(current, edit);
                    expected = List.of();
                } catch (InvalidTreeException e) {
                    expected = e.violations();
                }
                try {
                    BandwidthTree written = h.manager.edit(Harness.PORT, edit, OptionalLong.of(current.operatorVersion())).tree();
                    assertTrue("seed " + seed + " step " + step + " " + edit + " was refused by the full check: " + expected,
                            expected.isEmpty());
                    assertEquals("seed " + seed + " step " + step + " " + edit,
                            expectedTree.withVersions(written.version(), current.operatorVersion() + 1,
                                    current.generation()), written);
                    assertEquals(written, h.manager.tree(Harness.PORT).orElseThrow());
                } catch (InvalidTreeException e) {
                    refused++;
                    assertEquals("seed " + seed + " step " + step + " " + edit, expected, e.violations());
                    assertEquals(current, h.manager.tree(Harness.PORT).orElseThrow());
                }
            }
            assertTrue("the sequences must exercise refusals", refused > 0);
            h.manager.removeTree(Harness.PORT, OptionalLong.empty());
            assertEquals(1, start.version());
        }
    }

    /** Adds (some too greedy or overlapping), updates, moves and deletes of users and subnets. */
    private static TreeEdit randomEdit(Random rnd, BandwidthTree tree, int step) {
        List<String> users = new ArrayList<>();
        List<String> subnets = new ArrayList<>();
        for (NodeSpec n : tree.nodes()) {
            if (!n.isTemplate()) {
                (n.parentId() == null ? subnets : users).add(n.id());
            }
        }
        int kind = rnd.nextInt(10);
        if (subnets.isEmpty() || kind == 8 && subnets.size() < 4) {
            return TreeEdit.add(NodeSpec.builder("s" + step).key(MatchKey.parse("0x0a0" + rnd.nextInt(5), null, 16))
                    .weight(1.0 + rnd.nextInt(3)).build());
        }
        String subnet = subnets.get(rnd.nextInt(subnets.size()));
        if (kind < 5 || users.isEmpty()) {
            String key = (subnet.equals("lab") ? "10.0." : "10.1.") + rnd.nextInt(3) + "." + rnd.nextInt(20);
            return TreeEdit.add(user("u" + step, subnet, key, rnd));
        }
        String u = users.get(rnd.nextInt(users.size()));
        NodeSpec node = tree.get(u);
        if (kind < 7) {
            return TreeEdit.update(user(u, node.parentId(), node.key().valueText(), rnd));
        }
        if (kind < 8) {
            return TreeEdit.move(u, subnet);
        }
        return TreeEdit.deleteSubtree(rnd.nextBoolean() ? u : subnet);
    }

    private static NodeSpec user(String id, String parent, String key, Random rnd) {
        NodeSpec.Builder b = NodeSpec.builder(id).parent(parent).key(MatchKey.parse(key, null, 32));
        switch (rnd.nextInt(4)) {
            case 0:
                return b.weight(1.0 + rnd.nextInt(4)).build();
            case 1:
                return b.guaranteed(Rate.parse((50 + rnd.nextInt(400)) + "M")).build();
            case 2:
                return b.guaranteed(Rate.parse((50 + rnd.nextInt(400)) + "M")).weight(1.0 + rnd.nextInt(4)).build();
            default:
                return b.weight(1.0).peak(Rate.parse((10 + rnd.nextInt(100)) + "M")).guaranteed(Rate.parse("20M")).build();
        }
    }

    @Test
    public void previewShowsASelectorConflictTheWriteWouldRefuse() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        BandwidthTree lab = Harness.labTree();
        // A second tree on the same switch without a selector: both would take all traffic.
        BandwidthTree other = BandwidthTree.builder(PortRef.of(Harness.DEVICE, 4)).capacity(lab.capacity()).eta(lab.eta())
                .mode(lab.mode()).levels(lab.levels()).nodes(lab.nodes()).build();
        PreviewResult p = h.manager.preview(other, Map.of());
        assertFalse(p.isOk());
        assertFalse(p.allocation().isPresent());
        assertEquals("selector", p.violations().get(0).field());
        try {
            h.manager.putTree(other, OptionalLong.empty());
            throw new AssertionError("the write must refuse what the preview showed");
        } catch (InvalidTreeException e) {
            assertEquals(p.violations(), e.violations());
        }
        // The same tree in place of its own port's is no conflict.
        assertTrue(h.manager.preview(lab, Map.of()).isOk());
    }
}
