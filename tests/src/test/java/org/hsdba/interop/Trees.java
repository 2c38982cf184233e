package org.hsdba.interop;

import java.util.List;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.JoinTemplate;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.message.TableModCommand;

/** The trees the interop tests install, keyed on the IPv4 destination (IPv4 destination at frame bit 240 of an untagged frame). */
final class Trees {

    /** Subnet level: the first 16 bits of the IPv4 destination; user level: all 32. */
    static final FieldSpec SUBNET = FieldSpec.of(240, 16);
    static final FieldSpec USER = FieldSpec.of(240, 32);

    private Trees() {
    }

    /**
     * 100 Mb/s: subnet "lab" (10.0/16) with user "alice" (10.0.0.1) and a join template for other
     * users of 10.0/16, subnet "office" (10.1/16).
     */
    static BandwidthTree withJoins(PortRef port) {
        return BandwidthTree.builder(port).capacity(Rate.parse("100M")).eta(0.95)
                .levels(List.of(LevelSpec.of("subnet", SUBNET),
                        LevelSpec.of("user", USER, JoinTemplate.builder().weight(1.0).build())))
                .addNode(NodeSpec.builder("lab").key(MatchKey.parse("0x0a00", null, 16)).weight(1.0).pinned(true).build())
                .addNode(NodeSpec.builder("alice").parent("lab").key(MatchKey.parse("10.0.0.1", null, 32)).weight(1.0)
                        .pinned(true).build())
                .addNode(NodeSpec.builder("lab-users").parent("lab").template(true).weight(1.0).build())
                .addNode(NodeSpec.builder("office").key(MatchKey.parse("0x0a01", null, 16)).weight(1.0).pinned(true).build())
                .build();
    }

    /**
     * The two-level tree of the real-traffic issue at {@code capacity}: subnets A (10.1/16) : B
     * (10.2/16) = 1 : 2, leaves A1 (10.1.0.1) : A2 (10.1.0.2) = 1 : 1, B1 (10.2.0.1) : B2 (10.2.0.2) = 1 : 2.
     */
    static BandwidthTree twoLevel(PortRef port, Rate capacity) {
        return BandwidthTree.builder(port).capacity(capacity).eta(1.0)
                .levels(List.of(LevelSpec.of("subnet", SUBNET), LevelSpec.of("user", USER)))
                .addNode(node("A", null, "0x0a01", 16, 1))
                .addNode(node("A1", "A", "10.1.0.1", 32, 1))
                .addNode(node("A2", "A", "10.1.0.2", 32, 1))
                .addNode(node("B", null, "0x0a02", 16, 2))
                .addNode(node("B1", "B", "10.2.0.1", 32, 1))
                .addNode(node("B2", "B", "10.2.0.2", 32, 2))
                .build();
    }

    /**
     * The paper's two-level tree (hsdba-algorithm.md section 6) at {@code capacity}: A (10.1/16) :
     * B (10.2/16) = 1 : 2, children A1..A3 and B1..B3 (10.g.0.k) = 1 : 1 : 2, eta = 1.
     */
    static BandwidthTree paperTwoLevel(PortRef port, Rate capacity) {
        BandwidthTree.Builder b = BandwidthTree.builder(port).capacity(capacity).eta(1.0)
                .levels(List.of(LevelSpec.of("group", SUBNET), LevelSpec.of("user", USER)))
                .addNode(node("A", null, "0x0a01", 16, 1)).addNode(node("B", null, "0x0a02", 16, 2));
        double[] w = {1, 1, 2};
        for (int k = 1; k <= 3; k++) {
            b.addNode(node("A" + k, "A", "10.1.0." + k, 32, w[k - 1]));
            b.addNode(node("B" + k, "B", "10.2.0." + k, 32, w[k - 1]));
        }
        return b.build();
    }

    private static NodeSpec node(String id, String parent, String key, int bits, double weight) {
        NodeSpec.Builder b = NodeSpec.builder(id).key(MatchKey.parse(key, null, bits)).weight(weight).pinned(true);
        return (parent == null ? b : b.parent(parent)).build();
    }

    /** Entries a switch holds after these messages (ADDs less DELETEs), from an empty switch. */
    static long entriesAfter(List<PofMessage> sent) {
        long n = 0;
        for (PofMessage m : sent) {
            if (m instanceof FlowMod) {
                int c = ((FlowMod) m).command();
                n += c == FlowModCommand.ADD ? 1 : c == FlowModCommand.DELETE || c == FlowModCommand.DELETE_STRICT ? -1 : 0;
            }
        }
        return n;
    }

    /** Tables a switch holds after these messages, from an empty switch. */
    static long tablesAfter(List<PofMessage> sent) {
        long n = 0;
        for (PofMessage m : sent) {
            if (m instanceof TableMod) {
                int c = ((TableMod) m).command();
                n += c == TableModCommand.ADD ? 1 : c == TableModCommand.DELETE ? -1 : 0;
            }
        }
        return n;
    }
}
