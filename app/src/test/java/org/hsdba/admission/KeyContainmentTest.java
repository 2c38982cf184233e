package org.hsdba.admission;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
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
import org.hsdba.model.Violation;
import org.hsdba.model.ViolationCode;
import org.junit.Test;

/** A child key its parent's key excludes: the example, and random keys against real packets. */
public class KeyContainmentTest {

    private static final FieldSpec DST = FieldSpec.of(240, 32);

    @Test
    public void aHostOutsideItsSubnetIsRefusedWithPathAndKeys() {
        BandwidthTree t = BandwidthTree.builder(PortRef.of("pof:1", 3)).capacity(Rate.parse("100M"))
                .levels(List.of(LevelSpec.of("subnet", DST), LevelSpec.of("host", DST)))
                .addNode(NodeSpec.builder("s").key(MatchKey.parse("10.3.0.0/16", null, 32)).weight(1.0).build())
                .addNode(NodeSpec.builder("in").parent("s").key(MatchKey.parse("10.3.1.1", null, 32)).weight(1.0).build())
                .addNode(NodeSpec.builder("out").parent("s").key(MatchKey.parse("10.9.9.9", null, 32)).weight(1.0).build())
                .build();
        List<Violation> v = Admission.check(t).stream().filter(x -> x.code() == ViolationCode.KEY_OUTSIDE_PARENT)
                .collect(Collectors.toList());
        assertEquals(1, v.size());
        assertEquals("out", v.get(0).nodeId());
        assertEquals("key", v.get(0).field());
        assertTrue(v.get(0).message(), v.get(0).message().contains("10.9.9.9") && v.get(0).message().contains("10.3.0.0/16"));
    }

    /**
     * For random fields that share bits and random keys: canMatch is true exactly when some packet
     * matches both (searched over random packets plus the one built to match both, if any).
     */
    @Test
    public void agreesWithPacketsOnRandomFieldsAndKeys() {
        Random rnd = new Random(16);
        int conflicts = 0;
        for (int round = 0; round < 3000; round++) {
            int po = rnd.nextInt(16);
            int pl = 1 + rnd.nextInt(24);
            int co = rnd.nextInt(16);
            int cl = 1 + rnd.nextInt(24);
            FieldSpec pf = FieldSpec.of(po, pl);
            FieldSpec cf = FieldSpec.of(co, cl);
            MatchKey pk = randomKey(rnd, pl);
            MatchKey ck = randomKey(rnd, cl);
            boolean expected = KeyContainment.canMatch(pk, pf, ck, cf);
            // Build the packet that satisfies the parent, then the child where the parent does not care.
            byte[] frame = new byte[8];
            set(frame, po, pl, pk.valueNumber(), pk.maskNumber());
            BigInteger childMaskOutsideParent = BigInteger.ZERO;
            for (int i = 0; i < cl; i++) {
                int bit = co + i;
                boolean parentCares = bit >= po && bit < po + pl && pk.maskNumber().testBit(pl - 1 - (bit - po));
                if (!parentCares && ck.maskNumber().testBit(cl - 1 - i)) {
                    childMaskOutsideParent = childMaskOutsideParent.setBit(cl - 1 - i);
                }
            }
            set(frame, co, cl, ck.valueNumber(), childMaskOutsideParent);
            boolean both = pk.matches(frame, po) && ck.matches(frame, co);
            assertEquals("round " + round + " " + pf + " " + pk + " / " + cf + " " + ck, expected, both);
            if (!expected) {
                conflicts++;
            }
        }
        assertTrue("the generator makes conflicts too: " + conflicts, conflicts > 100);
        assertFalse(KeyContainment.canMatch(MatchKey.parse("0x0a03", null, 16), FieldSpec.of(240, 16),
                MatchKey.parse("10.9.9.9", null, 32), DST));
    }

    private static MatchKey randomKey(Random rnd, int bits) {
        BigInteger value = new BigInteger(bits, rnd);
        BigInteger mask = rnd.nextBoolean() ? BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)
                : new BigInteger(bits, rnd);
        return MatchKey.parse("0x" + value.toString(16), "0x" + mask.toString(16), bits);
    }

    /** Sets the bits of {@code value} under {@code mask} into the frame's field at {@code offset}. */
    private static void set(byte[] frame, int offset, int length, BigInteger value, BigInteger mask) {
        for (int i = 0; i < length; i++) {
            if (mask.testBit(length - 1 - i)) {
                int bit = offset + i;
                int b = bit / 8;
                int m = 0x80 >>> (bit % 8);
                frame[b] = (byte) (value.testBit(length - 1 - i) ? frame[b] | m : frame[b] & ~m);
            }
        }
    }
}
