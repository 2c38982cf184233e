package org.hsdba.impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.List;
import java.util.Random;

import org.hsdba.api.NotFoundException;
import org.hsdba.api.Precondition;
import org.hsdba.api.TreeTag;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.SwitchMode;
import org.junit.After;
import org.junit.Test;

/** Operator versions apart from membership, tags across delete and re-create, undo and redo. */
public class ManagerOperatorHistoryTest {

    private final Harness h = new Harness();
    private FakeSwitch sw;

    @After
    public void tearDown() {
        h.close();
    }

    private BandwidthTree connect() {
        BandwidthTree t = h.manager.putTree(Harness.labTree(), Precondition.NO_TREE);
        sw = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        return t;
    }

    private void join(int a, int b, int c, int d) {
        PacketIn pin = Harness.joinPacketIn(2, Harness.frameTo(a, b, c, d));
        for (PofSwitchListener l : h.switches.listeners()) {
            l.packetIn(sw, pin);
        }
        h.quiet();
    }

    private BandwidthTree tree() {
        return h.manager.tree(Harness.PORT).orElseThrow();
    }

    private static NodeSpec user(String id, String parent, String ip, String guaranteed) {
        return NodeSpec.builder(id).parent(parent).key(org.hsdba.model.MatchKey.parse(ip, null, 32))
                .guaranteed(Rate.parse(guaranteed)).build();
    }

    @Test
    public void joinsAndPrunesMoveTheRevisionButNotTheOperatorsVersionOrTag() {
        BandwidthTree created = connect();
        TreeTag tag = TreeTag.of(created);
        assertEquals(1, created.operatorVersion());
        Random rnd = new Random(7);
        for (int i = 0; i < 5; i++) {
            join(10, 0, 0, 20 + rnd.nextInt(200));
        }
        BandwidthTree after = tree();
        assertTrue("joins happened", after.version() > created.version());
        assertEquals(tag, TreeTag.of(after));
        // An edit based on the tag the operator read before the joins goes through, joins kept.
        BandwidthTree edited = h.manager.edit(Harness.PORT, TreeEdit.add(user("bob", "lab", "10.0.0.2", "1M")),
                Precondition.of(tag)).tree();
        assertEquals(2, edited.operatorVersion());
        assertEquals(after.size() + 1, edited.size());
    }

    @Test
    public void aTreeCreatedAgainHasANewGenerationSoOldTagsFail() {
        BandwidthTree first = connect();
        h.manager.removeTree(Harness.PORT, Precondition.of(TreeTag.of(first)));
        BandwidthTree second = h.manager.putTree(Harness.labTree(), Precondition.NO_TREE);
        assertEquals(first.operatorVersion(), second.operatorVersion());
        assertNotEquals(first.generation(), second.generation());
        try {
            h.manager.edit(Harness.PORT, TreeEdit.deleteSubtree("alice"), Precondition.of(TreeTag.of(first)));
            fail("a tag of the deleted tree must not match the new one");
        } catch (VersionConflictException e) {
            assertEquals(TreeTag.of(second), e.currentTag());
        }
        assertTrue(tree().contains("alice"));
        // * matches whatever tree is there, and nothing when there is none.
        h.manager.removeTree(Harness.PORT, Precondition.ANY_TREE);
        try {
            h.manager.removeTree(Harness.PORT, Precondition.ANY_TREE);
            fail("no tree: * does not match");
        } catch (VersionConflictException e) {
            assertEquals(0, e.currentVersion());
        }
    }

    @Test
    public void undoAndRedoWalkTheOperatorsOwnWritesAndKeepJoinedNodes() {
        BandwidthTree v1 = connect();
        BandwidthTree v2 = h.manager.edit(Harness.PORT, TreeEdit.add(user("bob", "lab", "10.0.0.2", "1M")),
                Precondition.NONE).tree();
        BandwidthTree v3 = h.manager.edit(Harness.PORT, TreeEdit.update(
                v2.get("bob").toBuilder().guaranteed(Rate.parse("2M")).build()), Precondition.NONE).tree();
        BandwidthTree v4 = h.manager.putTree(v3.toBuilder().capacity(Rate.parse("2G")).build(), Precondition.of(TreeTag.of(v3)));
        join(10, 0, 0, 77); // membership between the operator's writes: not a step
        assertEquals(List.of("replace tree", "update bob", "add bob"), h.manager.operatorHistory(Harness.PORT).undo());

        BandwidthTree u1 = h.manager.undo(Harness.PORT, Precondition.of(TreeTag.of(v4)));
        assertEquals(5, u1.operatorVersion());
        assertEquals(Rate.parse("1G"), u1.capacity());
        assertTrue("joined node kept", u1.contains("user-10.0.0.77"));
        BandwidthTree u2 = h.manager.undo(Harness.PORT, Precondition.of(TreeTag.of(u1)));
        assertEquals(Rate.parse("1M"), u2.get("bob").guaranteed().get());
        BandwidthTree u3 = h.manager.undo(Harness.PORT, Precondition.ANY_TREE);
        assertFalse(u3.contains("bob"));
        assertTrue(u3.contains("user-10.0.0.77"));
        assertTrue(v1.toBuilder().build().nodes().stream().allMatch(n -> u3.contains(n.id())));
        assertEquals(List.of(), h.manager.operatorHistory(Harness.PORT).undo());
        assertEquals(List.of("add bob", "update bob", "replace tree"), h.manager.operatorHistory(Harness.PORT).redo());
        try {
            h.manager.undo(Harness.PORT, Precondition.ANY_TREE);
            fail("nothing left to undo");
        } catch (NotFoundException expected) {
            // the creation itself is not undone: delete the tree for that
        }

        BandwidthTree r1 = h.manager.redo(Harness.PORT, Precondition.ANY_TREE);
        assertTrue(r1.contains("bob"));
        assertEquals(8, r1.operatorVersion());
        // A new write forgets what was left to redo.
        h.manager.edit(Harness.PORT, TreeEdit.deleteSubtree("bob"), Precondition.of(TreeTag.of(r1)));
        assertEquals(List.of(), h.manager.operatorHistory(Harness.PORT).redo());
        assertEquals(List.of("delete bob", "add bob"), h.manager.operatorHistory(Harness.PORT).undo());
    }

    @Test
    public void aStaleTagRefusesUndo() {
        BandwidthTree v1 = connect();
        h.manager.edit(Harness.PORT, TreeEdit.add(user("bob", "lab", "10.0.0.2", "1M")), Precondition.NONE);
        try {
            h.manager.undo(Harness.PORT, Precondition.of(TreeTag.of(v1)));
            fail("stale tag");
        } catch (VersionConflictException expected) {
            assertTrue(tree().contains("bob"));
        }
    }
}
