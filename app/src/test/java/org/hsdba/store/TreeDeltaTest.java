package org.hsdba.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.junit.Test;

/**
 * A delta, where one is made, reproduces the tree exactly: random joins (under random subnets),
 * prunes and in-place changes of two-level trees, each checked through the delta's JSON.
 */
public class TreeDeltaTest {

    private static final PortRef PORT = PortRef.of("pof:0000000000000001", 3);

    private static BandwidthTree subnets(int count) {
        BandwidthTree.Builder b = BandwidthTree.builder(PORT).capacity(Rate.parse("10G")).version(1)
                .levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32))));
        for (int s = 0; s < count; s++) {
            b.addNode(NodeSpec.builder("s" + s).key(MatchKey.exact(16, BigInteger.valueOf(0x0a00 + s))).weight(1.0).build());
        }
        return b.build();
    }

    private static NodeSpec user(int subnet, int i) {
        return NodeSpec.builder("u" + subnet + "-" + i).parent("s" + subnet)
                .key(MatchKey.exact(32, BigInteger.valueOf(((0x0a00L + subnet) << 16) + i))).weight(1.0).joined(true).build();
    }

    @Test
    public void randomMembershipChangesRoundTripThroughTheirDeltas() {
        Random rnd = new Random(11);
        BandwidthTree t = subnets(5);
        int deltas = 0;
        for (int step = 0; step < 400; step++) {
            BandwidthTree next;
            int op = rnd.nextInt(10);
            List<NodeSpec> users = t.nodes().stream().filter(NodeSpec::isJoined).collect(Collectors.toList());
            if (op < 6 || users.size() < 5) {
                int s = rnd.nextInt(5);
                next = t.toBuilder().addNode(user(s, step)).build();
            } else if (op < 8) {
                NodeSpec victim = users.get(rnd.nextInt(users.size()));
                next = TreeEdit.deleteSubtree(victim.id()).applyTo(t);
            } else {
                NodeSpec n = users.get(rnd.nextInt(users.size()));
                next = TreeEdit.update(n.toBuilder().weight(1.0 + rnd.nextInt(5)).build()).applyTo(t);
            }
            next = next.toBuilder().version(t.version() + 1).build();
            TreeDelta d = TreeDelta.between(t, next, 64);
            if (d != null) {
                deltas++;
                assertEquals("step " + step, next, TreeDelta.fromJson(d.toJson(), t).applyTo(t));
            }
            t = next;
        }
        assertTrue("most changes are deltas: " + deltas, deltas > 300);
    }

    @Test
    public void aJoinIsOnePutAndNothingElse() {
        BandwidthTree t = subnets(3);
        for (int i = 0; i < 50; i++) {
            t = t.toBuilder().addNode(user(i % 3, i)).version(t.version() + 1).build();
        }
        BandwidthTree joined = t.toBuilder().addNode(user(1, 99)).version(t.version() + 1).build();
        TreeDelta d = TreeDelta.between(t, joined, 64);
        assertNotNull(d);
        assertEquals(List.of(user(1, 99)), d.puts);
        assertEquals(List.of(), d.removes);
    }

    @Test
    public void theDeltasTextIsTheJsonOfItsRevisionRemovesAndPuts() throws Exception {
        BandwidthTree t = subnets(2);
        NodeSpec odd = NodeSpec.builder("u:10.0_0-1").parent("s0")
                .key(MatchKey.exact(32, BigInteger.valueOf(0x0a000001L))).weight(1.0).joined(true).build();
        t = t.toBuilder().addNode(odd).addNode(user(1, 1)).version(2).build();
        BandwidthTree next = TreeEdit.deleteSubtree(odd.id()).applyTo(t).toBuilder().addNode(user(0, 2))
                .addNode(user(1, 3)).version(3).build();
        TreeDelta d = TreeDelta.between(t, next, 64);
        assertNotNull(d);
        assertEquals(List.of(odd.id()), d.removes);
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode expected = mapper.createObjectNode();
        expected.put("revision", 3L);
        expected.putArray("remove").add(odd.id());
        com.fasterxml.jackson.databind.node.ArrayNode puts = expected.putArray("put");
        d.puts.forEach(n -> puts.add(org.hsdba.model.json.ConfigJson.nodeToJson(n)));
        assertEquals(mapper.readTree(expected.toString()), mapper.readTree(d.toJson())); // numbers as read
        assertEquals(next, TreeDelta.fromJson(d.toJson(), t).applyTo(t));
    }
}
