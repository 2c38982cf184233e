package org.hsdba.model;

import static org.hsdba.model.TestTrees.node;
import static org.hsdba.model.TestTrees.tree;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.Test;

public class BandwidthTreeTest {

    private static BandwidthTree sample() {
        return tree(2, "10G", 0.95)
                .addNode(node("a1", "A", 1).build())
                .addNode(node("A", null, 1).build())
                .addNode(node("B", null, 2).build())
                .addNode(node("a2", "A", 2).build())
                .addNode(node("b1", "B", 1).build())
                .build();
    }

    @Test
    public void keepsNodesInPreOrderWithSiblingsInInputOrder() {
        BandwidthTree t = sample();
        assertEquals(List.of("A", "a1", "a2", "B", "b1"),
                t.nodes().stream().map(NodeSpec::id).collect(Collectors.toList()));
        assertEquals(List.of("A", "B"), t.children(null).stream().map(NodeSpec::id).collect(Collectors.toList()));
        assertEquals(List.of("a1", "a2"), t.children("A").stream().map(NodeSpec::id).collect(Collectors.toList()));
        assertEquals(0, t.indexOf("A"));
        assertEquals(-1, t.parentIndex(0));
        assertEquals(0, t.parentIndex(t.indexOf("a2")));
        assertEquals(2, t.depth("b1"));
        assertEquals("subnet", t.level("b1").name());
        assertEquals(List.of("A", "a1", "a2"), t.subtree("A"));
        assertTrue(t.isLeaf("a1"));
        assertFalse(t.isLeaf("A"));
        assertEquals(9.5e9, t.rootBandwidth(), 1e-3);
    }

    @Test
    public void pathNamesLevelsAncestorsAndPort() {
        BandwidthTree t = sample();
        assertEquals("subnet \"a1\" in polymorphic \"A\" under port 3", t.path("a1"));
        assertEquals("polymorphic \"A\" under port 3", t.path("A"));
    }

    @Test
    public void reportsEveryStructuralProblemAtOnce() {
        try {
            tree(2, "10G", 1.5)
                    .addNode(node("A", null, 1).build())
                    .addNode(node("A", null, 2).build())
                    .addNode(node("orphan", "nobody", 3).build())
                    .addNode(node("x", "y", 1).build())
                    .addNode(node("y", "x", 1).build())
                    .addNode(node("a1", "A", 1).build())
                    .addNode(node("deep", "a1", 1).build())
                    .addNode(node("bad id!", null, 5).build())
                    .addNode(NodeSpec.builder("nokey").parent("A").build())
                    .addNode(NodeSpec.builder("short").parent("A").key(MatchKey.parse("0x1", null, 4)).build())
                    .build();
            fail();
        } catch (InvalidTreeException e) {
            Set<ViolationCode> codes = e.violations().stream().map(Violation::code).collect(Collectors.toSet());
            assertEquals(EnumSet.of(ViolationCode.BAD_PARAMETER, ViolationCode.DUPLICATE_ID, ViolationCode.UNKNOWN_PARENT,
                    ViolationCode.CYCLE, ViolationCode.DEPTH_EXCEEDED, ViolationCode.INVALID_ID, ViolationCode.KEY_MISSING,
                    ViolationCode.KEY_LENGTH), codes);
            assertEquals(e.getMessage(), 8, e.violations().size());
            assertTrue(e.getMessage(), e.getMessage().contains("cycle of parents: \"x\" -> \"y\" -> \"x\""));
            assertTrue(e.getMessage(), e.getMessage().contains("\"deep\" under port 3 would be at level 3 but the tree has 2 level(s)"));
        }
    }

    @Test
    public void boundsTheNumberOfLevels() {
        try {
            tree(9, "10G", 1).build();
            fail();
        } catch (InvalidTreeException e) {
            assertEquals(ViolationCode.BAD_LEVELS, e.violations().get(0).code());
            assertTrue(e.getMessage().contains("between 1 and 8 levels"));
        }
    }

    @Test
    public void templatesAreLeavesAndAtMostOnePerParent() {
        try {
            tree(2, "10G", 1)
                    .addNode(node("A", null, 1).build())
                    .addNode(NodeSpec.builder("t1").parent("A").template(true).build())
                    .addNode(NodeSpec.builder("t2").parent("A").template(true).build())
                    .addNode(NodeSpec.builder("t0").template(true).build())
                    .addNode(node("under", "t0", 1).build())
                    .build();
            fail();
        } catch (InvalidTreeException e) {
            assertEquals(2, e.violations().size());
            assertTrue(e.violations().stream().allMatch(v -> v.code() == ViolationCode.TEMPLATE_MISUSE));
        }
        BandwidthTree ok = tree(1, "10G", 1).addNode(node("A", null, 1).build())
                .addNode(NodeSpec.builder("t").template(true).build()).build();
        assertEquals("t", ok.template(null).get().id());
        assertTrue(ok.isLeaf("A"));
        assertFalse(ok.isLeaf("t"));
    }

    @Test
    public void editsAreStructuralAndBumpTheVersion() {
        BandwidthTree t = sample();
        BandwidthTree moved = TreeEdit.move("a2", "B").applyTo(t);
        assertEquals(1, moved.version());
        assertEquals(List.of("b1", "a2"), moved.children("B").stream().map(NodeSpec::id).collect(Collectors.toList()));
        BandwidthTree deleted = TreeEdit.deleteSubtree("A").applyTo(t);
        assertEquals(List.of("B", "b1"), deleted.nodes().stream().map(NodeSpec::id).collect(Collectors.toList()));
        BandwidthTree replaced = TreeEdit.replaceSubtree("A", List.of(node("C", null, 3).build(),
                node("c1", "C", 1).build())).applyTo(t);
        assertEquals(List.of("C", "c1", "B", "b1"), replaced.nodes().stream().map(NodeSpec::id).collect(Collectors.toList()));
        try {
            TreeEdit.move("A", "a1").applyTo(t);
            fail();
        } catch (InvalidTreeException e) {
            assertEquals(ViolationCode.CYCLE, e.violations().get(0).code());
        }
        try {
            TreeEdit.update(node("a1", "B", 1).build()).applyTo(t);
            fail();
        } catch (InvalidTreeException e) {
            assertTrue(e.getMessage().contains("use a move"));
        }
        try {
            TreeEdit.deleteSubtree("zz").applyTo(t);
            fail();
        } catch (InvalidTreeException e) {
            assertEquals(ViolationCode.UNKNOWN_NODE, e.violations().get(0).code());
        }
        assertEquals(0, t.version());
    }
}
