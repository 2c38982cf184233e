package org.hsdba.admission;

import static org.hsdba.model.TestTrees.node;
import static org.hsdba.model.TestTrees.tree;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.model.TestTrees;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.Violation;
import org.hsdba.model.ViolationCode;
import org.junit.Test;

public class AdmissionTest {

    private static final double EPS = 1e-3;

    private static NodeSpec.Builder ip(String id, String parent, String key) {
        return NodeSpec.builder(id).parent(parent).key(MatchKey.parse(key, null, 32));
    }

    private static BandwidthTree.Builder subnetUserTree() {
        return BandwidthTree.builder(TestTrees.PORT).capacity(Rate.parse("10G")).eta(0.95)
                .levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 32)), LevelSpec.of("user", FieldSpec.of(240, 32))));
    }

    @Test
    public void childrenGuaranteesAboveTheParentsAreReportedWithPathSumAndLimit() {
        BandwidthTree t = subnetUserTree()
                .addNode(ip("lab", null, "10.1.0.0/16").guaranteed(Rate.parse("5G")).build())
                .addNode(ip("alice", "lab", "10.1.0.1").guaranteed(Rate.parse("5G")).build())
                .addNode(ip("bob", "lab", "10.1.0.2").guaranteed(Rate.parse("2.5G")).build())
                .build();
        List<Violation> v = Admission.check(t);
        assertEquals(1, v.size());
        assertEquals(ViolationCode.GUARANTEE_ABOVE_PARENT, v.get(0).code());
        assertEquals("lab", v.get(0).nodeId());
        assertEquals("subnet \"lab\" under port 3: guaranteed rates of children sum to 7.5 Gb/s > 5 Gb/s guaranteed to \"lab\"",
                v.get(0).message());
    }

    @Test
    public void aGuaranteeIsImpliedOnlyForAWeightedModeMemberThatGivesNoneAndPeaksAreTheNodes() {
        BandwidthTree.Builder b = subnetUserTree()
                .addNode(ip("lab", null, "10.1.0.0/16").guaranteed(Rate.parse("4G")).build())
                .addNode(ip("alice", "lab", "10.1.0.1").weight(2.0).peak(Rate.parse("300M")).build())
                .addNode(ip("bob", "lab", "10.1.0.2").build())
                .addNode(NodeSpec.builder("users").parent("lab").weight(3.0).template(true).build())
                .addNode(ip("ops", null, "10.2.0.0/16").build());
        ResolvedTree weighted = Admission.admit(b.build());
        assertFalse(weighted.guaranteeImplied(weighted.tree().indexOf("lab")));
        assertTrue(weighted.guaranteeImplied(weighted.tree().indexOf("alice")));
        assertTrue(weighted.guaranteeImplied(weighted.tree().indexOf("bob")));
        assertFalse(weighted.guaranteeImplied(weighted.tree().indexOf("users")));
        assertTrue(weighted.guaranteeImplied(weighted.tree().indexOf("ops")));
        assertEquals(300e6, weighted.peak("alice"), 0);
        assertEquals(Double.POSITIVE_INFINITY, weighted.peak("bob"), 0);
        // alice's share of lab's 4G by weight (2 of 3) is capped by her peak.
        assertEquals(300e6, weighted.guarantee("alice"), EPS);
        ResolvedTree excess = Admission.admit(b.mode(AllocationMode.GUARANTEE_EXCESS).build());
        for (int i = 0; i < excess.size(); i++) {
            assertFalse(excess.tree().node(i).id(), excess.guaranteeImplied(i));
        }
    }

    @Test
    public void everyKindOfMemberIsFoundAgainWithTheValuesAdmissionResolved() {
        BandwidthTree t = subnetUserTree()
                // only zero guarantees: the ratio is 0 and every weight 1
                .addNode(ip("zero", null, "10.1.0.0/16").guaranteed(Rate.parse("2G")).build())
                .addNode(ip("z1", "zero", "10.1.0.1").guaranteed(Rate.ZERO).build())
                .addNode(ip("z2", "zero", "10.1.0.2").guaranteed(Rate.ZERO).build())
                // an anchor, a guarantee-only member, a weight-only member capped by its peak
                .addNode(ip("mixed", null, "10.2.0.0/16").guaranteed(Rate.parse("4G")).build())
                .addNode(ip("m1", "mixed", "10.2.0.1").guaranteed(Rate.parse("1G")).weight(2.0).build())
                .addNode(ip("m2", "mixed", "10.2.0.2").guaranteed(Rate.parse("500M")).build())
                .addNode(ip("m3", "mixed", "10.2.0.3").weight(4.0).peak(Rate.parse("1.5G")).build())
                .addNode(NodeSpec.builder("tpl").parent("mixed").guaranteed(Rate.parse("1M")).template(true).build())
                .build();
        ResolvedTree r = Admission.admit(t);
        ResolutionChecks.assertValuesAreTheResolution("weighted", r);
        assertEquals(1.0, r.weight("z1"), 0);
        assertEquals(0.0, r.guarantee("z2"), 0);
        assertEquals(1.0, r.weight("m2"), EPS); // 500M at 0.5G per unit of weight
        assertEquals(1.5e9, r.guarantee("m3"), EPS); // 4 x 0.5G = 2G, capped at its peak
        assertEquals(1.0, r.weight("tpl"), 0);
        assertEquals(1e6, r.guarantee("tpl"), 0);
        ResolutionChecks.assertValuesAreTheResolution("guarantee-excess",
                Admission.admit(t.toBuilder().mode(AllocationMode.GUARANTEE_EXCESS).build()));
    }

    @Test
    public void portLimitIsEtaTimesCapacity() {
        BandwidthTree t = subnetUserTree()
                .addNode(ip("a", null, "10.1.0.0/16").guaranteed(Rate.parse("6G")).build())
                .addNode(ip("b", null, "10.2.0.0/16").guaranteed(Rate.parse("6G")).build())
                .build();
        List<Violation> v = Admission.check(t);
        assertEquals(1, v.size());
        assertEquals("port 3: guaranteed rates of children sum to 12 Gb/s > 9.5 Gb/s (eta 0.95 x capacity 10 Gb/s)",
                v.get(0).message());
    }

    @Test
    public void reportsAllViolationsAtEveryLevelAtOnce() {
        BandwidthTree t = subnetUserTree()
                .addNode(ip("a", null, "10.1.0.0/16").guaranteed(Rate.parse("6G")).build())
                .addNode(ip("b", null, "10.1.0.0/24").guaranteed(Rate.parse("6G")).peak(Rate.parse("1G")).build())
                .addNode(ip("a1", "a", "10.1.0.1").guaranteed(Rate.parse("4G")).weight(1.0).build())
                .addNode(ip("a2", "a", "10.1.0.2").guaranteed(Rate.parse("4G")).weight(2.0).build())
                .addNode(ip("b1", "b", "10.1.0.1").weight(-1.0).build())
                .build();
        List<Violation> v = Admission.check(t);
        Set<ViolationCode> codes = v.stream().map(Violation::code).collect(Collectors.toSet());
        assertEquals(EnumSet.of(ViolationCode.GUARANTEE_ABOVE_PARENT, ViolationCode.GUARANTEE_ABOVE_PEAK,
                ViolationCode.KEYS_OVERLAP, ViolationCode.NOT_PROPORTIONAL, ViolationCode.WEIGHT_NOT_POSITIVE), codes);
        // port sum, a's children sum, b's peak, a/b overlap, a2 not proportional, b1 weight
        assertEquals(v.toString(), 6, v.size());
        try {
            Admission.admit(t);
            fail();
        } catch (InvalidTreeException e) {
            assertEquals(v, e.violations());
            assertTrue(e.getMessage().startsWith("6 violations:"));
        }
    }

    /** Weights the switch program cannot represent are refused at admission, with the range. */
    @Test
    public void weightsOutsideTheRepresentableRangeAreRefused() {
        java.util.Random random = new java.util.Random();
        double[] bad = {1e308, 1e-30, Math.nextDown(org.hsdba.model.Ranges.MIN_WEIGHT),
            Math.nextUp(org.hsdba.model.Ranges.MAX_WEIGHT), org.hsdba.model.Ranges.MAX_WEIGHT * (1 + random.nextDouble() * 1e9),
            org.hsdba.model.Ranges.MIN_WEIGHT * random.nextDouble()};
        for (double w : bad) {
            List<Violation> v = Admission.check(tree(2, "10G", 0.95)
                    .addNode(node("A", null, 1).weight(1.0).build())
                    .addNode(node("B", null, 2).weight(w).build())
                    .build());
            assertEquals("weight " + w + ": " + v, 1, v.size());
            assertEquals(ViolationCode.WEIGHT_OUT_OF_RANGE, v.get(0).code());
            assertTrue(v.get(0).message(), v.get(0).message().contains("2^-14") && v.get(0).message().contains("2^32"));
        }
        for (double w : new double[] {org.hsdba.model.Ranges.MIN_WEIGHT, org.hsdba.model.Ranges.MAX_WEIGHT}) {
            assertTrue(Admission.check(tree(2, "10G", 0.95).addNode(node("A", null, 1).weight(1.0).build())
                    .addNode(node("B", null, 2).weight(w).build()).build()).isEmpty());
        }
    }

    @Test
    public void weightsOnlyImplyGuaranteesFromTheParent() {
        BandwidthTree t = tree(2, "10G", 0.95)
                .addNode(node("A", null, 1).weight(1.0).build())
                .addNode(node("B", null, 2).weight(2.0).build())
                .addNode(node("b1", "B", 1).build())
                .addNode(node("b2", "B", 2).build())
                .build();
        ResolvedTree r = Admission.admit(t);
        assertEquals(9.5e9 / 3, r.guarantee("A"), EPS);
        assertEquals(9.5e9 * 2 / 3, r.guarantee("B"), EPS);
        assertEquals(9.5e9 / 3, r.guarantee("b1"), EPS);
        assertEquals(1.0, r.weight("b1"), 0);
        assertTrue(r.guaranteeImplied(t.indexOf("A")));
    }

    @Test
    public void explicitChildGuaranteesAreCheckedAgainstAnImpliedParentGuarantee() {
        BandwidthTree t = tree(2, "10G", 1.0)
                .addNode(node("A", null, 1).weight(1.0).build())
                .addNode(node("B", null, 2).weight(1.0).build())
                .addNode(node("a1", "A", 1).guaranteed(Rate.parse("6G")).build())
                .build();
        List<Violation> v = Admission.check(t);
        assertEquals(1, v.size());
        assertEquals("polymorphic \"A\" under port 3: guaranteed rates of children sum to 6 Gb/s > 5 Gb/s guaranteed"
                + " to \"A\" (implied by its weight)", v.get(0).message());
    }

    @Test
    public void guaranteesOnlyDeriveProportionalWeights() {
        BandwidthTree t = tree(1, "10G", 1.0)
                .addNode(node("A", null, 1).guaranteed(Rate.parse("1G")).build())
                .addNode(node("B", null, 2).guaranteed(Rate.parse("3G")).build())
                .build();
        ResolvedTree r = Admission.admit(t);
        assertEquals(3.0, r.weight("B") / r.weight("A"), 1e-12);
        assertEquals(2.0, r.weight("A") + r.weight("B"), 1e-12);
        assertFalse(r.guaranteeImplied(0));
    }

    @Test
    public void mixedSiblingsShareWhatRemainsByWeight() {
        BandwidthTree t = tree(1, "10G", 1.0)
                .addNode(node("G", null, 1).guaranteed(Rate.parse("4G")).build())
                .addNode(node("W1", null, 2).weight(1.0).build())
                .addNode(node("W2", null, 3).weight(2.0).build())
                .build();
        ResolvedTree r = Admission.admit(t);
        assertEquals(2e9, r.guarantee("W1"), EPS);
        assertEquals(4e9, r.guarantee("W2"), EPS);
        assertEquals(2.0, r.weight("G"), 1e-12);
    }

    @Test
    public void proportionalGuaranteesAndWeightsAreAcceptedOthersNeedExcessMode() {
        BandwidthTree.Builder b = tree(1, "10G", 1.0)
                .addNode(node("A", null, 1).guaranteed(Rate.parse("1G")).weight(1.0).build())
                .addNode(node("B", null, 2).guaranteed(Rate.parse("2G")).weight(2.0).build())
                .addNode(node("C", null, 3).weight(4.0).build());
        ResolvedTree r = Admission.admit(b.build());
        assertEquals(4e9, r.guarantee("C"), EPS);
        b.nodes(List.of(node("A", null, 1).guaranteed(Rate.parse("1G")).weight(1.0).build(),
                node("B", null, 2).guaranteed(Rate.parse("2G")).weight(3.0).build()));
        List<Violation> v = Admission.check(b.build());
        assertEquals(1, v.size());
        assertEquals(ViolationCode.NOT_PROPORTIONAL, v.get(0).code());
        assertTrue(v.get(0).message(), v.get(0).message().contains("guarantee-excess"));
        ResolvedTree excess = Admission.admit(b.mode(AllocationMode.GUARANTEE_EXCESS).build());
        assertEquals(3.0, excess.weight("B"), 0);
        assertEquals(2e9, excess.guarantee("B"), 0);
    }

    @Test
    public void zeroGuaranteeCannotGiveAWeight() {
        BandwidthTree t = tree(1, "10G", 1.0)
                .addNode(node("A", null, 1).guaranteed(Rate.parse("1G")).build())
                .addNode(node("B", null, 2).guaranteed(Rate.ZERO).build())
                .build();
        List<Violation> v = Admission.check(t);
        assertEquals(1, v.size());
        assertEquals(ViolationCode.WEIGHT_UNDERIVABLE, v.get(0).code());
        assertEquals("B", v.get(0).nodeId());
    }

    @Test
    public void templatesAreExcludedFromSumsAndOverlapButChecked() {
        BandwidthTree t = tree(1, "10G", 1.0)
                .addNode(node("A", null, 1).guaranteed(Rate.parse("10G")).build())
                .addNode(NodeSpec.builder("tmpl").template(true).guaranteed(Rate.parse("5G")).build())
                .build();
        assertTrue(Admission.check(t).isEmpty());
        BandwidthTree bad = tree(1, "10G", 1.0)
                .addNode(NodeSpec.builder("tmpl").template(true).guaranteed(Rate.parse("5G")).peak(Rate.parse("1G")).build())
                .build();
        assertEquals(ViolationCode.GUARANTEE_ABOVE_PEAK, Admission.check(bad).get(0).code());
    }

    @Test
    public void overlapInLargeSiblingGroupsIsFoundThroughMaskGroups() {
        BandwidthTree.Builder b = subnetUserTree();
        for (int i = 0; i < 40; i++) {
            b.addNode(ip("n" + i, null, "10." + i + ".1.0/24").build());
        }
        b.addNode(ip("wide", null, "10.7.0.0/16").build());
        b.addNode(ip("dup", null, "10.3.1.0/24").build());
        b.addNode(ip("host", null, "10.20.1.9").build());
        List<Violation> v = Admission.check(b.build());
        assertEquals(v.toString(), Set.of("wide", "dup", "host"),
                v.stream().map(Violation::nodeId).collect(Collectors.toSet()));
        assertTrue(v.stream().allMatch(x -> x.code() == ViolationCode.KEYS_OVERLAP));
        assertTrue(v.stream().anyMatch(x -> x.message().contains("key 10.7.0.0/16 overlaps the key 10.7.1.0/24 of sibling \"n7\"")));
    }

    @Test
    public void applyReturnsAnAdmittedTreeOrThrowsAllViolationsAndLeavesTheInputAlone() {
        BandwidthTree t = tree(1, "10G", 1.0)
                .addNode(node("A", null, 1).guaranteed(Rate.parse("4G")).build())
                .build();
        BandwidthTree added = Admission.apply(t, TreeEdit.add(node("B", null, 2).guaranteed(Rate.parse("6G")).build()));
        assertEquals(2, added.size());
        assertEquals(1, added.version());
        try {
            Admission.apply(added, TreeEdit.update(node("B", null, 1).guaranteed(Rate.parse("7G")).build()));
            fail();
        } catch (InvalidTreeException e) {
            assertEquals(EnumSet.of(ViolationCode.GUARANTEE_ABOVE_PARENT, ViolationCode.KEYS_OVERLAP),
                    e.violations().stream().map(Violation::code).collect(Collectors.toSet()));
        }
        assertEquals(Rate.parse("6G"), added.get("B").guaranteed().get());
        assertSame(t.get("A"), added.get("A"));
    }
}
