package org.hsdba.sim.model;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.sim.engine.NodeTree;
import org.hsdba.sim.traffic.FrameBuilder;
import org.junit.Test;

public class TreeBindingTest {

    /** The paper's two-level tree: A:B = 1:2 on the destination /16, children 1:1:2 on the full address. */
    static BandwidthTree twoLevel() {
        BandwidthTree.Builder b = BandwidthTree.builder(PortRef.of("pof:0000000000000001", 2))
                .capacity(Rate.ofGbps(10)).eta(1.0)
                .levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32))));
        String[] groups = {"A", "B"};
        for (int g = 0; g < 2; g++) {
            b.addNode(NodeSpec.builder(groups[g]).key(MatchKey.exact(16, new byte[] {10, (byte) (g + 1)}))
                    .weight(g + 1.0).build());
            for (int k = 1; k <= 3; k++) {
                b.addNode(NodeSpec.builder(groups[g] + k).parent(groups[g])
                        .key(MatchKey.exact(32, new byte[] {10, (byte) (g + 1), 0, (byte) k}))
                        .weight(k == 3 ? 2.0 : 1.0).build());
            }
        }
        return b.build();
    }

    @Test
    public void nodeTreeHasThePortRootAndEffectiveWeights() {
        NodeTree t = TreeBinding.of(twoLevel()).nodeTree();
        assertEquals(List.of("port/2", "A", "A1", "A2", "A3", "B", "B1", "B2", "B3"), t.ids());
        assertEquals(t.indexOf("B"), t.parent(t.indexOf("B3")));
        assertEquals(2.0, t.weight(t.indexOf("B")) / t.weight(t.indexOf("A")), 1e-9);
        assertTrue(t.isLeaf(t.indexOf("A3")));
    }

    @Test
    public void framesOfALeafMatchItsKeyAndItsAncestorsKeys() {
        TreeBinding binding = TreeBinding.of(twoLevel());
        byte[] frame = FrameBuilder.build(1024, 0, binding.fieldsFor("B3"));
        assertArrayEquals(new byte[] {10, 2, 0, 3}, Arrays.copyOfRange(frame, 30, 34));
        BandwidthTree tree = binding.tree();
        assertTrue(tree.get("B").key().matches(frame, 240));
        assertTrue(tree.get("B3").key().matches(frame, 240));
        assertTrue(!tree.get("B2").key().matches(frame, 240));
    }

    @Test
    public void oracleIsTheExactAllocatorOnThePapersTwoLevelCase() {
        // 50-60 s of the paper: all six sources at 3 Gb/s -> A1 A2 0.833, A3 1.667, B1 B2 1.833, B3 3.
        Map<String, Double> demands = new HashMap<>();
        for (String leaf : List.of("A1", "A2", "A3", "B1", "B2", "B3")) {
            demands.put(leaf, 3e9);
        }
        Map<String, Double> x = TreeBinding.of(twoLevel()).oracle().allocate(demands);
        assertEquals(10e9 / 12, x.get("A1"), 1e3);
        assertEquals(10e9 / 6, x.get("A3"), 1e3);
        assertEquals((20e9 / 3 - 3e9) / 2, x.get("B1"), 1e3);
        assertEquals(3e9, x.get("B3"), 1e3);
        assertEquals(10e9, x.get("port/2"), 1e3);
    }

    @Test
    public void demandOnAnInternalNodeIsRejected() {
        try {
            TreeBinding.of(twoLevel()).oracle().allocate(Map.of("A", 1e9));
            fail();
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("\"A\"") && e.getMessage().contains("not a leaf"));
        }
    }
}
