package org.hsdba.algorithm;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

import org.hsdba.admission.Admission;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Estimator;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.junit.Test;

/**
 * The responsive hold ({@link KernelOptions#responsiveHold()}): C = 100 Mb/s, eta 1, h1 and h2 of
 * equal weight (share 50 Mb/s each); h2 offers 80 Mb/s throughout; h1 offers 80 Mb/s (it is
 * dropped) until 1 s, then 20 Mb/s (the trough of a sender that halved twice), then 80 Mb/s
 * again from 1.5 s. K = 10 ms, hold 1 s (bank up to f * 125 ms). CBR, 1000-byte packets.
 */
public class ResponsiveHoldTest {

    private static final int BYTES = 1000;
    private static final double SHARE = 50e6 / 8;
    private static final long DROP_TO = 1_000_000_000L;
    private static final long BACK = 1_500_000_000L;

    private static BandwidthTree tree() {
        return BandwidthTree.builder(PaperSetups.PORT).capacity(Rate.ofMbps(100)).eta(1.0)
                .levels(List.of(LevelSpec.of("host", FieldSpec.of(240, 32))))
                .nodes(List.of(NodeSpec.builder("h1").key(PaperSetups.ip(10, 1, 0, 1)).build(),
                        NodeSpec.builder("h2").key(PaperSetups.ip(10, 1, 0, 2)).build()))
                .build();
    }

    private static final KernelOptions OFF = KernelOptions.builder()
            .estimator(Estimator.ewma(Duration.ofMillis(10))).idleTimeout(Duration.ofSeconds(10)).build();
    private static final KernelOptions HOLD = OFF.toBuilder().responsiveHold(Duration.ofSeconds(1)).build();

    /** What a run saw: h2's fair rate and h1's state at {@code at}; h1's drops in [BACK, BACK + 100 ms). */
    private static final class Seen {
        double h2Fair;
        boolean h1Satisfied;
        long h1DropsAfterBack;
        long h1PassedAfterBack;
        long portMark;
    }

    private static Seen run(KernelOptions options, long at) {
        KernelTree kt = KernelTree.of(Admission.admit(tree()));
        HsdbaKernel kernel = new HsdbaKernel(kt, options);
        KernelState s = KernelState.initial(kt);
        SplittableRandom rnd = new SplittableRandom(5);
        long fast = Math.round(BYTES * 8 / 80e6 * 1e9);
        long slow = Math.round(BYTES * 8 / 20e6 * 1e9);
        long[] next = {1, 3_001};
        Seen seen = new Seen();
        boolean recorded = false;
        while (next[1] < BACK + 100_000_000L) {
            int k = next[0] <= next[1] ? 0 : 1;
            long t = next[k];
            next[k] += k == 1 || t < DROP_TO || t >= BACK ? fast : slow;
            PacketVerdict v = kernel.onPacket(s, k, BYTES, t, rnd::nextDouble);
            if (k == 1 && t >= at && !recorded) {
                seen.h2Fair = v.fairRate();
                seen.h1Satisfied = s.satisfied(0);
                recorded = true;
            }
            if (k == 0 && t >= BACK) {
                if (v.forwarded()) {
                    seen.h1PassedAfterBack++;
                } else {
                    seen.h1DropsAfterBack++;
                }
            }
        }
        seen.portMark = s.holdMark(KernelTree.ROOT_SLOT);
        return seen;
    }

    @Test
    public void withoutTheHoldASenderInItsTroughHandsItsShareToItsSibling() {
        Seen s = run(OFF, 1_400_000_000L);
        assertTrue(s.h1Satisfied);
        assertEquals("h2 gets what h1 leaves", 80e6 / 8, s.h2Fair, 80e6 / 8 * 0.03);
        assertTrue("h1 is dropped as soon as it is back above its share", s.h1DropsAfterBack > 100);
    }

    @Test
    public void aHeldSenderKeepsItsShareThroughItsTroughAndSpendsWhatItLeft() {
        Seen s = run(HOLD, 1_400_000_000L);
        assertFalse("dropped within the hold: unsatisfied whatever its rate", s.h1Satisfied);
        assertEquals("h2 stays at its share", SHARE, s.h2Fair, SHARE * 0.01);
        // Back at 80 Mb/s at 1.5 s, h1 passes from its bank (f * 125 ms = 781 packets' worth, filled
        // by its 30 Mb/s trough over 0.5 s) for about 781 / (80 - 50 Mb/s) = 208 ms: no drop in 100 ms.
        assertEquals(0, s.h1DropsAfterBack);
        assertEquals(1000, s.h1PassedAfterBack, 2);
    }

    @Test
    public void theHoldEndsOneHoldTimeAfterTheLastDrop() {
        KernelOptions shortHold = OFF.toBuilder().responsiveHold(Duration.ofMillis(200)).build();
        Seen s = run(shortHold, 1_400_000_000L);
        assertTrue("last drop before 1 s, hold 200 ms: satisfied again", s.h1Satisfied);
        assertEquals(80e6 / 8, s.h2Fair, 80e6 / 8 * 0.03);
    }

    /**
     * {@link KernelOptions#holdRelease()}: h1's trough leaves 30 Mb/s of its 50 Mb/s share unused,
     * which fills its bank (f H/8 = 50 Mb/s * 125 ms) in about 208 ms: held at 1.1 s, released
     * (satisfied at its 20 Mb/s, h2 takes the rest) by 1.4 s, well before the 1 s hold ends.
     */
    @Test
    public void aFullBankReleasesTheHold() {
        KernelOptions release = HOLD.toBuilder().holdRelease(true).build();
        Seen early = run(release, 1_100_000_000L);
        assertFalse("bank not full yet: still held", early.h1Satisfied);
        assertEquals(SHARE, early.h2Fair, SHARE * 0.01);
        Seen late = run(release, 1_400_000_000L);
        assertTrue("bank full: released", late.h1Satisfied);
        assertEquals("h2 gets what h1 leaves", 80e6 / 8, late.h2Fair, 80e6 / 8 * 0.03);
    }

    /**
     * {@link KernelOptions#holdClaim()}: C = 90 Mb/s, h1, h2, h3 of equal weight (share 30 Mb/s).
     * h1 offers 40 Mb/s (dropped at f = 30) until 1 s, then 10 Mb/s; h2 offers 40 throughout; h3
     * offers 40 until 1 s, then stops. At 1.3 s h1 is held (hold 1 s) and its f is 45: held at
     * its f it would keep h2 at 45; claiming the 30 Mb/s it carried when dropped it is satisfied
     * at 30 and h2 gets the other 60.
     */
    @Test
    public void aClaimingHoldKeepsWhatTheNodeCarriedNotItsLaterShare() {
        assertEquals("held at f", 45e6 / 8, claimRun(false), 45e6 / 8 * 0.03);
        assertEquals("held at its claim", 60e6 / 8, claimRun(true), 60e6 / 8 * 0.03);
    }

    /** h2's fair rate at 1.3 s in the claim scenario. */
    private static double claimRun(boolean claim) {
        BandwidthTree tree = BandwidthTree.builder(PaperSetups.PORT).capacity(Rate.ofMbps(90)).eta(1.0)
                .levels(List.of(LevelSpec.of("host", FieldSpec.of(240, 32))))
                .nodes(List.of(NodeSpec.builder("h1").key(PaperSetups.ip(10, 1, 0, 1)).build(),
                        NodeSpec.builder("h2").key(PaperSetups.ip(10, 1, 0, 2)).build(),
                        NodeSpec.builder("h3").key(PaperSetups.ip(10, 1, 0, 3)).build()))
                .build();
        KernelTree kt = KernelTree.of(Admission.admit(tree));
        HsdbaKernel kernel = new HsdbaKernel(kt, HOLD.toBuilder().holdClaim(claim).build());
        KernelState s = KernelState.initial(kt);
        SplittableRandom rnd = new SplittableRandom(5);
        long g40 = Math.round(BYTES * 8 / 40e6 * 1e9);
        long g10 = Math.round(BYTES * 8 / 10e6 * 1e9);
        long[] next = {1, 3_001, 6_001};
        long at = 1_300_000_000L;
        while (true) {
            int k = 0;
            for (int i = 1; i < 3; i++) {
                if (next[i] < next[k]) {
                    k = i;
                }
            }
            long t = next[k];
            if (k == 2 && t >= DROP_TO) {
                next[2] = Long.MAX_VALUE;
                continue;
            }
            next[k] += k == 0 && t >= DROP_TO ? g10 : g40;
            PacketVerdict v = kernel.onPacket(s, k, BYTES, t, rnd::nextDouble);
            if (k == 1 && t >= at) {
                assertTrue("h1 is held", s.holdUntil(0) > t);
                return v.fairRate();
            }
        }
    }

    /**
     * {@link KernelOptions#holdClimbs()} off: h1's drops hold h1 alone (its trough is held as with
     * climbing) and leave its parent's slot, here the port's, unmarked.
     */
    @Test
    public void aHoldThatDoesNotClimbHoldsTheDroppedNodeAlone() {
        assertTrue("climbing marks the parent's slot", run(HOLD, 1_400_000_000L).portMark > 0);
        Seen s = run(HOLD.toBuilder().holdClimbs(false).build(), 1_400_000_000L);
        assertFalse(s.h1Satisfied);
        assertEquals(SHARE, s.h2Fair, SHARE * 0.01);
        assertEquals(0, s.portMark);
    }

    /**
     * {@link KernelOptions#holdSums()} with a hold that claims and does not climb: C = 100 Mb/s,
     * A{A1} and B of equal weight; A1 offers 80 Mb/s (dropped at f = 50) until 1 s, then 20; B
     * offers 80 throughout. At 1.4 s A1 is held at its 50 Mb/s claim; A itself is not held, so
     * without the sums A counts its 20 Mb/s and B's f is 80, with them A counts A1's claim and B's
     * f stays at its 50. A's demand from its own estimate ({@link KernelOptions#childDemand()} off):
     * the children's demands, the default, carry A1's claim up as the sums do.
     */
    @Test
    public void summedClaimsReachTheParentWithoutHoldingIt() {
        KernelOptions leafOnly = HOLD.toBuilder().holdClaim(true).holdClimbs(false).childDemand(false).build();
        assertEquals(80e6 / 8, sumsRun(leafOnly), 80e6 / 8 * 0.03);
        assertEquals(SHARE, sumsRun(leafOnly.toBuilder().holdSums(true).build()), SHARE * 0.03);
    }

    /** B's fair rate at 1.4 s in the sums scenario. */
    private static double sumsRun(KernelOptions o) {
        BandwidthTree tree = BandwidthTree.builder(PaperSetups.PORT).capacity(Rate.ofMbps(100)).eta(1.0)
                .levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 16)), LevelSpec.of("host", FieldSpec.of(240, 32))))
                .nodes(List.of(NodeSpec.builder("A").key(org.hsdba.model.MatchKey.exact(16, new byte[] {10, 1})).build(),
                        NodeSpec.builder("A1").parent("A").key(PaperSetups.ip(10, 1, 0, 1)).build(),
                        NodeSpec.builder("B").key(org.hsdba.model.MatchKey.exact(16, new byte[] {10, 2})).build()))
                .build();
        KernelTree kt = KernelTree.of(Admission.admit(tree));
        HsdbaKernel kernel = new HsdbaKernel(kt, o);
        KernelState s = KernelState.initial(kt);
        SplittableRandom rnd = new SplittableRandom(5);
        int a1 = tree.indexOf("A1");
        int b = tree.indexOf("B");
        long fast = Math.round(BYTES * 8 / 80e6 * 1e9);
        long slow = Math.round(BYTES * 8 / 20e6 * 1e9);
        long[] next = {1, 3_001};
        while (true) {
            int k = next[0] <= next[1] ? 0 : 1;
            long t = next[k];
            next[k] += k == 0 && t >= DROP_TO ? slow : fast;
            PacketVerdict v = kernel.onPacket(s, k == 0 ? a1 : b, BYTES, t, rnd::nextDouble);
            if (k == 1 && t >= 1_400_000_000L) {
                assertTrue("A1 is held", s.holdUntil(a1) > t);
                assertEquals("A is not", 0, s.holdUntil(tree.indexOf("A")));
                return v.fairRate();
            }
        }
    }

    /**
     * The paper's two-level phases (CBR, {@link CbrRun}) with a 2 s hold: a held node's demand is
     * raised to f, and its parent's X must not keep the difference once the hold ends (it did: A's
     * X kept A3's 60 Mb/s, so A counted 30 of its 90 Mb/s and B passed 256.6 Mb/s against 210 in
     * 70-80 s, 22 %). What is left is the hold's price: after a sibling stops, a held node keeps
     * its share for up to the hold time, here about 3 % of a 9 s phase.
     */
    @Test
    public void afterTheHoldTheParentsSumsAreExactAgain() {
        KernelOptions o = KernelOptions.builder().idleTimeout(Duration.ofMillis(50))
                .responsiveHold(Duration.ofSeconds(2)).build();
        org.hsdba.admission.ResolvedTree r = Admission.admit(PaperSetups.twoLevel(1, 1, 1, 1, 1));
        CbrRun.Result res = CbrRun.run(r, CbrRun.kernel(new HsdbaKernel(KernelTree.of(r), o), 42));
        assertTrue("worst " + res.worst + " at " + res.where + "\n" + res.table, res.worst < 0.04);
    }

    /**
     * Issue 14's minimal tree (A holds A1 with a 100 Mb/s peak, offered 800; B offered 950; C = 1
     * Gb/s): A1 is dropped by its own peak, which starts no hold, so A still counts what its
     * subtree can use and B gets its 900 Mb/s (a hold from a peak drop held A at its 500).
     */
    @Test
    public void aDropByTheNodesOwnPeakStartsNoHold() {
        BandwidthTree tree = BandwidthTree.builder(PaperSetups.PORT).capacity(Rate.ofMbps(1000)).eta(1.0)
                .levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 16)), LevelSpec.of("host", FieldSpec.of(240, 32))))
                .nodes(List.of(NodeSpec.builder("A").key(org.hsdba.model.MatchKey.exact(16, new byte[] {10, 1})).build(),
                        NodeSpec.builder("A1").parent("A").key(PaperSetups.ip(10, 1, 0, 1)).peak(Rate.ofMbps(100)).build(),
                        NodeSpec.builder("B").key(org.hsdba.model.MatchKey.exact(16, new byte[] {10, 2})).build()))
                .build();
        KernelTree kt = KernelTree.of(Admission.admit(tree));
        KernelOptions o = OFF.toBuilder().dropDraw(DropDraw.INDEPENDENT).responsiveHold(Duration.ofSeconds(2)).build();
        HsdbaKernel kernel = new HsdbaKernel(kt, o);
        KernelState s = KernelState.initial(kt);
        SplittableRandom rnd = new SplittableRandom(5);
        int a1 = tree.indexOf("A1");
        int b = tree.indexOf("B");
        long gapA = Math.round(BYTES * 8 / 800e6 * 1e9);
        long gapB = Math.round(BYTES * 8 / 950e6 * 1e9);
        long[] next = {1, 7};
        long end = 1_000_000_000L;
        long passedB = 0;
        while (Math.min(next[0], next[1]) < end) {
            int k = next[0] <= next[1] ? 0 : 1;
            long t = next[k];
            next[k] += k == 0 ? gapA : gapB;
            PacketVerdict v = kernel.onPacket(s, k == 0 ? a1 : b, BYTES, t, rnd::nextDouble);
            if (k == 1 && v.forwarded() && t >= 500_000_000L) {
                passedB += BYTES;
            }
        }
        assertEquals("A1 was never held", 0, s.holdUntil(a1));
        assertEquals("B gets what A's subtree cannot use", 900e6, passedB * 8 / 0.5, 900e6 * 0.01);
    }

    @Test
    public void aNegativeHoldIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KernelOptions.builder().responsiveHold(Duration.ofMillis(-1)));
        assertTrue(e.getMessage(), e.getMessage().contains("responsive hold"));
        assertEquals(Duration.ZERO, KernelOptions.DEFAULTS.responsiveHold());
    }
}
