package org.hsdba.impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.hsdba.api.NodeChange;
import org.hsdba.api.Precondition;
import org.hsdba.api.PreviewResult;
import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.junit.After;
import org.junit.Test;

/** The preview says whose effective guarantee, target or limit an edit moves (the first story). */
public class ManagerPreviewChangesTest {

    private static final PortRef PORT = PortRef.of("pof:0000000000000001", 2);
    private final Harness h = new Harness();

    @After
    public void tearDown() {
        h.close();
    }

    private static BandwidthTree twoClasses(AllocationMode mode) {
        NodeSpec.Builder a = NodeSpec.builder("A").key(MatchKey.parse("10.1.0.0/16", null, 32));
        NodeSpec.Builder b = NodeSpec.builder("B").key(MatchKey.parse("10.2.0.0/16", null, 32));
        if (mode == AllocationMode.WEIGHTED) {
            a.weight(1.0);
            b.weight(2.0);
        } else {
            a.guaranteed(Rate.parse("30M")).peak(Rate.parse("60M")).weight(1.0);
            b.guaranteed(Rate.parse("40M")).peak(Rate.parse("80M")).weight(1.0);
        }
        return BandwidthTree.builder(PORT).capacity(Rate.parse("100M")).eta(1.0).mode(mode)
                .levels(List.of(LevelSpec.of("class", FieldSpec.of(240, 32)))).addNode(a.build()).addNode(b.build()).build();
    }

    private static Map<String, NodeChange> byId(PreviewResult r) {
        return r.changes().stream().collect(Collectors.toMap(NodeChange::id, c -> c));
    }

    @Test
    public void addingAGuaranteedClassShowsTheImpliedGuaranteesItTakesFrom() {
        h.manager.putTree(twoClasses(AllocationMode.WEIGHTED), Precondition.NO_TREE);
        NodeSpec c = NodeSpec.builder("C").key(MatchKey.parse("10.3.0.0/16", null, 32)).guaranteed(Rate.parse("20M"))
                .build();
        PreviewResult r = h.manager.preview(PORT, TreeEdit.add(c), Map.of());
        assertTrue(r.violations().toString(), r.isOk());
        Map<String, NodeChange> ch = byId(r);
        assertEquals(ch.toString(), 3, ch.size());
        assertEquals(100e6 / 3, ch.get("A").guaranteedBefore(), 1);
        assertEquals(80e6 / 3, ch.get("A").guaranteedAfter(), 1);
        assertEquals(200e6 / 3, ch.get("B").guaranteedBefore(), 1);
        assertEquals(160e6 / 3, ch.get("B").guaranteedAfter(), 1);
        assertTrue(Double.isNaN(ch.get("C").guaranteedBefore()));
        assertEquals(20e6, ch.get("C").guaranteedAfter(), 0);
    }

    @Test
    public void inGuaranteePlusExcessModeAddingAClassMovesNoOtherGuarantee() {
        h.manager.putTree(twoClasses(AllocationMode.GUARANTEE_EXCESS), Precondition.NO_TREE);
        NodeSpec c = NodeSpec.builder("C").key(MatchKey.parse("10.3.0.0/16", null, 32)).guaranteed(Rate.parse("20M"))
                .peak(Rate.parse("50M")).weight(1.0).build();
        PreviewResult r = h.manager.preview(PORT, TreeEdit.add(c), Map.of());
        assertTrue(r.violations().toString(), r.isOk());
        for (NodeChange change : r.changes()) {
            if (!change.id().equals("C")) {
                assertEquals(change.toString(), change.guaranteedBefore(), change.guaranteedAfter(), 0);
            }
        }
        // Under full load the targets move (the excess is shared three ways now), and the preview says so.
        Map<String, NodeChange> ch = byId(r);
        assertTrue(ch.toString(), ch.containsKey("A") && ch.get("A").targetAfter() < ch.get("A").targetBefore());
    }

    @Test
    public void anEditThatMovesNothingElseListsOnlyItsNode() {
        h.manager.putTree(twoClasses(AllocationMode.GUARANTEE_EXCESS), Precondition.NO_TREE);
        BandwidthTree t = h.manager.tree(PORT).get();
        NodeSpec a = t.get("A").toBuilder().peak(Rate.parse("70M")).build();
        // A sends 10M: its peak does not bind, so nobody's target moves; only A's own limit changes.
        PreviewResult r = h.manager.preview(PORT, TreeEdit.update(a), Map.of("A", 10e6));
        assertEquals(r.changes().toString(), List.of("A"),
                r.changes().stream().map(NodeChange::id).collect(Collectors.toList()));
        assertEquals(60e6, r.changes().get(0).limitBefore(), 0);
        assertEquals(70e6, r.changes().get(0).limitAfter(), 0);
    }
}
