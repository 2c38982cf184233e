package org.hsdba.impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.junit.Test;

/** The index finds what a scan of the siblings finds, and stays right when nodes are added. */
public class ChildKeyIndexTest {

    @Test
    public void lookUpsAgreeWithAScanOfTheSiblings() {
        Random rnd = new Random(7);
        BandwidthTree tree = Harness.labTree().toBuilder()
                // a declared prefix user: scanned, not hashed
                .addNode(NodeSpec.builder("printers").parent("office").key(MatchKey.parse("10.1.9.0", "0xffffff00", 32))
                        .weight(1.0).build())
                .build();
        ChildKeyIndex index = ChildKeyIndex.forTree(null, tree);
        List<NodeSpec> added = new ArrayList<>();
        BandwidthTree grown = tree;
        for (int i = 0; i < 40; i++) {
            String parent = i % 2 == 0 ? "lab" : "office";
            String key = (i % 2 == 0 ? "10.0.1." : "10.1.1.") + i;
            NodeSpec n = NodeSpec.builder("u" + i).parent(parent).key(MatchKey.parse(key, null, 32)).joined(true)
                    .weight(1.0).build();
            added.add(n);
            grown = grown.toBuilder().addNode(n).version(grown.version() + 1).build();
        }
        index.advance(grown, added);
        assertSame(grown, index.tree());
        ChildKeyIndex rebuilt = ChildKeyIndex.forTree(index, grown);
        assertSame(index, rebuilt);
        ChildKeyIndex fresh = ChildKeyIndex.forTree(null, grown);
        for (int k = 0; k < 500; k++) {
            byte[] frame = Harness.frameTo(10, rnd.nextInt(3), rnd.nextInt(11), rnd.nextInt(45));
            int subnet = scan(grown, -1, frame, Harness.SUBNET);
            assertEquals(subnet, index.matchingChild(-1, frame, Harness.SUBNET));
            assertEquals(subnet, fresh.matchingChild(-1, frame, Harness.SUBNET));
            if (subnet >= 0) {
                int user = scan(grown, subnet, frame, Harness.USER);
                assertEquals(user, index.matchingChild(subnet, frame, Harness.USER));
                assertEquals(user, fresh.matchingChild(subnet, frame, Harness.USER));
            }
        }
        assertEquals(-1, index.matchingChild(0, new byte[20], Harness.USER)); // too short for the field
        assertEquals(grown.template("lab").orElseThrow(), index.template("lab"));
        assertNull(index.template("office"));
        assertNull(index.template(null));
    }

    /** What join planning did before the index: the first non-template child whose key matches. */
    private static int scan(BandwidthTree tree, int parent, byte[] frame, FieldSpec field) {
        for (int k = 0; k < tree.childCount(parent); k++) {
            int c = tree.child(parent, k);
            NodeSpec n = tree.node(c);
            if (!n.isTemplate() && n.key() != null && n.key().matches(frame, field.offsetBits())) {
                return c;
            }
        }
        return -1;
    }
}
