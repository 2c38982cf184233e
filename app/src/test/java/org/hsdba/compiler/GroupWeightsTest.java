package org.hsdba.compiler;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.List;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.RandomEdits;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.junit.Test;

/**
 * One node's weight ({@link GroupWeights#of}, which skips its siblings when admission's summary
 * of the group allows) against the whole group's ({@link FixedPoint#groupWeights}, the
 * reference): the same Q24 value, or the same error, for every node of random trees kept up to
 * date by random edits (incremental admission, so the summaries come from both paths).
 */
public class GroupWeightsTest {

    @Test
    public void oneWeightEqualsItsGroupsOnRandomEditedTrees() {
        int alone = 0;
        int checked = 0;
        for (long seed = 0; seed < 120; seed++) {
            RandomEdits random = new RandomEdits(seed);
            ResolvedTree r;
            try {
                r = Admission.admit(random.tree(8 + (int) (seed % 30)));
            } catch (InvalidTreeException e) {
                continue;
            }
            for (int step = 0; step < 30; step++) {
                for (int i = 0; i < r.size(); i++) {
                    GroupWeights one = new GroupWeights(r);
                    String where = "seed " + seed + " step " + step + " node " + r.tree().node(i).id();
                    assertEquals(where, reference(r, i), outcome(one, i));
                    alone += one.groupsComputed() == 0 ? 1 : 0;
                    checked++;
                }
                try {
                    r = Admission.apply(r, random.edit(r.tree()));
                } catch (InvalidTreeException e) {
                    // refused: the next edit starts from the same tree
                }
            }
        }
        // Most weights come without their group; the rest (templates' groups included) from it.
        assertTrue(alone + " of " + checked, alone > checked / 2 && checked > 10_000);
    }

    @Test
    public void aJoinUnderALargeGroupComputesNoGroup() {
        BandwidthTree tree = CompilerTestTrees.wide(2, 1000);
        ResolvedTree was = Admission.admit(tree);
        ResolvedTree now = Admission.apply(was, TreeEdit.add(NodeSpec.builder("new").parent("g1")
                .key(MatchKey.exact(32, new byte[] {0, 1, 10, 0})).weight(2.0).build()));
        int j = now.tree().indexOf("new");
        GroupWeights weights = new GroupWeights(now);
        assertEquals(FixedPoint.weights(now)[j], weights.of(j));
        assertEquals(2 * FixedPoint.WEIGHT_ONE, weights.of(j));
        assertEquals(0, weights.groupsComputed());
    }

    @Test
    public void aSiblingOutOfRangeFailsEveryMemberAsTheGroupDoes() {
        // Guarantees only: weights g / 1 Mb/s; 10 b/s gives 1e-5, below the smallest Q24 weight.
        List<NodeSpec> nodes = new ArrayList<>();
        nodes.add(NodeSpec.builder("a").key(MatchKey.exact(16, new byte[] {0, 1})).guaranteed(Rate.ofMbps(100)).build());
        nodes.add(NodeSpec.builder("b").key(MatchKey.exact(16, new byte[] {0, 2})).guaranteed(Rate.ofBps(10)).build());
        BandwidthTree tree = BandwidthTree.builder(CompilerTestTrees.PORT).capacity(Rate.ofGbps(1)).eta(0.95)
                .mode(AllocationMode.WEIGHTED).levels(CompilerTestTrees.TWO_LEVELS).nodes(nodes).build();
        ResolvedTree r = Admission.admit(tree);
        String expected = reference(r, 0);
        assertTrue(expected, expected.startsWith("error: "));
        GroupWeights weights = new GroupWeights(r);
        assertEquals(expected, outcome(weights, 0));
    }

    /** The node's weight as its whole group gives it, or the group's error. */
    private static String reference(ResolvedTree r, int i) {
        int p = r.tree().parentIndex(i);
        try {
            long[] group = FixedPoint.groupWeights(r, p);
            for (int k = 0; k < group.length; k++) {
                if (r.tree().child(p, k) == i) {
                    return Long.toString(group[k]);
                }
            }
            fail("node " + i + " is not in its parent's group");
            return null;
        } catch (CompilerException e) {
            return "error: " + e.getMessage();
        }
    }

    private static String outcome(GroupWeights weights, int i) {
        try {
            return Long.toString(weights.of(i));
        } catch (CompilerException e) {
            return "error: " + e.getMessage();
        }
    }
}
