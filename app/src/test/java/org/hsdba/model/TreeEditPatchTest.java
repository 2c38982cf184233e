package org.hsdba.model;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.List;

import org.junit.Test;

/** A partial update ({@link TreeEdit#update(String, TreeEdit.NodeChange)}) changes the node as the edited tree has it. */
public class TreeEditPatchTest {

    private static final PortRef PORT = PortRef.of("pof:0000000000000001", 1);

    private static BandwidthTree tree() {
        return BandwidthTree.builder(PORT).capacity(Rate.parse("1G")).eta(1.0)
                .levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32))))
                .addNode(NodeSpec.builder("lab").key(MatchKey.parse("0x0a00", null, 16)).weight(1.0).build())
                .addNode(NodeSpec.builder("alice").parent("lab").key(MatchKey.parse("10.0.0.1", null, 32)).weight(1.0).build())
                .addNode(NodeSpec.builder("office").key(MatchKey.parse("0x0a01", null, 16)).weight(1.0).build())
                .build();
    }

    private static final TreeEdit PEAK_500M = TreeEdit.update("alice",
            (node, tree) -> node.toBuilder().peak(Rate.parse("500M")).build());

    @Test
    public void changesTheNodeAsTheTreeEditedHasIt() {
        BandwidthTree start = tree();
        // Another writer's update lands first: the partial update keeps its weight.
        BandwidthTree weighted = TreeEdit.update(start.get("alice").toBuilder().weight(3.0).build()).applyTo(start);
        BandwidthTree after = PEAK_500M.applyTo(weighted);
        assertEquals(3.0, after.get("alice").weight().getAsDouble(), 0.0);
        assertEquals(Rate.parse("500M"), after.get("alice").peak());
        assertEquals(weighted.version() + 1, after.version());
        assertEquals(TreeEdit.Kind.UPDATE, PEAK_500M.kind());
        assertEquals("alice", PEAK_500M.nodeId());
        // What it decides on a tree is the whole update, which the full build agrees with.
        TreeEdit decided = PEAK_500M.on(weighted);
        assertTrue(decided instanceof TreeEdit.Update);
        assertEquals(after.get("alice"), ((TreeEdit.Update) decided).node());
        assertEquals(after.nodes(), PEAK_500M.applyFully(weighted).nodes());
        TreeEdit delete = TreeEdit.deleteSubtree("office");
        assertSame(delete, delete.on(weighted));
    }

    @Test
    public void aMissingNodeOrAMoveIsRefused() {
        BandwidthTree start = TreeEdit.deleteSubtree("lab").applyTo(tree());
        try {
            PEAK_500M.applyTo(start);
            fail("updated a missing node");
        } catch (InvalidTreeException e) {
            assertEquals(ViolationCode.UNKNOWN_NODE, e.violations().get(0).code());
        }
        TreeEdit move = TreeEdit.update("alice", (node, tree) -> node.toBuilder().parent("office").build());
        try {
            move.applyTo(tree());
            fail("an update moved a node");
        } catch (InvalidTreeException e) {
            assertEquals(ViolationCode.UNKNOWN_PARENT, e.violations().get(0).code());
        }
    }

    @Test
    public void whatTheChangeThrowsRefusesTheEdit() {
        IllegalArgumentException refused = new IllegalArgumentException("no");
        TreeEdit refusing = TreeEdit.update("alice", (node, tree) -> {
            throw refused;
        });
        try {
            refusing.applyTo(tree());
            fail("a refused change was applied");
        } catch (IllegalArgumentException e) {
            assertSame(refused, e);
        }
    }
}
