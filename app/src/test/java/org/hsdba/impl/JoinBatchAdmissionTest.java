package org.hsdba.impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.hsdba.admission.Admission;
import org.hsdba.admission.EditChain;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.junit.Test;

/**
 * A join batch admitted join by join (incrementally) must give what the batch admitted as one
 * tree gives: the same tree and rates, or a refusal in both ways.
 */
public class JoinBatchAdmissionTest {

    @Test
    public void joinByJoinAgreesWithTheWholeBatch() {
        Random rnd = new Random(11);
        int refused = 0;
        int admitted = 0;
        for (int round = 0; round < 200; round++) {
            BandwidthTree tree = Harness.labTree();
            if (rnd.nextBoolean()) { // a declared user with a given guarantee beside the joined ones
                tree = tree.toBuilder().addNode(NodeSpec.builder("fixed").parent("office")
                        .key(MatchKey.parse("10.1.0.1", null, 32)).guaranteed(Rate.parse((100 + rnd.nextInt(300)) + "M"))
                        .build()).build();
            }
            ResolvedTree base = Admission.admit(tree);
            List<NodeSpec> batch = new ArrayList<>();
            int k = 2 + rnd.nextInt(8);
            String rate = (20 + rnd.nextInt(150)) + "M";
            int kind = rnd.nextInt(3);
            for (int i = 0; i < k; i++) {
                String parent = rnd.nextBoolean() ? "lab" : "office";
                NodeSpec.Builder n = NodeSpec.builder("j" + i).parent(parent).joined(true)
                        .key(MatchKey.parse((parent.equals("lab") ? "10.0.5." : "10.1.5.") + i, null, 32));
                if (kind == 0) {
                    n.weight(1.0);
                } else if (kind == 1) {
                    n.guaranteed(Rate.parse(rate));
                } else {
                    n.guaranteed(Rate.parse(rate)).weight(2.0);
                }
                batch.add(n.build());
            }
            ResolvedTree one = JoinHandler.admitInOne(tree, batch);
            EditChain chain = JoinHandler.addAll(base, batch);
            ResolvedTree each = chain == null ? null : chain.to();
            assertEquals("round " + round + ": " + batch, one == null, each == null);
            if (one == null) {
                refused++;
                continue;
            }
            admitted++;
            assertEquals(batch.size(), chain.size());
            assertEquals(one.tree(), each.tree().withVersion(one.tree().version()));
            for (int i = 0; i < one.size(); i++) {
                assertEquals(one.weight(i), each.weight(i), 1e-9 * Math.abs(one.weight(i)));
                assertEquals(one.guarantee(i), each.guarantee(i), 1e-9 * Math.abs(one.guarantee(i)));
            }
        }
        assertTrue("both outcomes must occur: " + admitted + " admitted, " + refused + " refused",
                refused > 10 && admitted > 10);
    }
}
