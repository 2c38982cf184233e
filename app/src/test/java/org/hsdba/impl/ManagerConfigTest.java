package org.hsdba.impl;

import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.hsdba.api.EditResult;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.ModePreference;
import org.hsdba.api.NotFoundException;
import org.hsdba.api.PreviewResult;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.junit.After;
import org.junit.Test;

/** The configuration side of the service: versions, conflicts, admission, not-found, preview, import/export. */
public class ManagerConfigTest {

    private final Harness h = new Harness();

    @After
    public void tearDown() {
        h.close();
    }

    @Test
    public void newTreeGetsVersionOneAndEveryWriteIncrementsIt() {
        BandwidthTree t = h.manager.putTree(Harness.labTree(), OptionalLong.of(0));
        assertEquals(1, t.version());
        EditResult r = h.manager.edit(Harness.PORT, TreeEdit.add(bob()), OptionalLong.of(1));
        assertEquals(2, r.tree().version());
        assertTrue(h.manager.tree(Harness.PORT).get().contains("bob"));
        assertEquals(List.of(), r.removedNodes());
    }

    @Test
    public void staleExpectedVersionIsAConflictAndChangesNothing() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        h.manager.edit(Harness.PORT, TreeEdit.add(bob()), OptionalLong.empty());
        try {
            h.manager.edit(Harness.PORT, TreeEdit.deleteSubtree("alice"), OptionalLong.of(1));
            fail("expected a version conflict");
        } catch (VersionConflictException e) {
            assertEquals(2, e.currentVersion());
            assertEquals("version 1", e.expected());
        }
        assertTrue(h.manager.tree(Harness.PORT).get().contains("alice"));
        assertEquals(2, h.manager.tree(Harness.PORT).get().version());
    }

    @Test
    public void creatingATreeThatExistsWithExpectedVersionZeroConflicts() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        try {
            h.manager.putTree(Harness.labTree(), OptionalLong.of(0));
            fail("expected a version conflict");
        } catch (VersionConflictException e) {
            assertEquals(1, e.currentVersion());
        }
    }

    @Test
    public void inadmissibleEditThrowsEveryViolationAndChangesNothing() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        NodeSpec greedy = NodeSpec.builder("greedy").parent("lab").key(MatchKey.parse("10.0.0.9", null, 32))
                .guaranteed(Rate.parse("2G")).weight(1.0).peak(Rate.parse("1G")).build();
        try {
            h.manager.edit(Harness.PORT, TreeEdit.add(greedy), OptionalLong.empty());
            fail("expected admission to refuse");
        } catch (InvalidTreeException e) {
            assertFalse(e.violations().isEmpty());
            assertThat(e.getMessage(), containsString("greedy"));
        }
        assertEquals(1, h.manager.tree(Harness.PORT).get().version());
        assertFalse(h.manager.tree(Harness.PORT).get().contains("greedy"));
    }

    @Test
    public void deleteSubtreeReportsTheRemovedNodes() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        EditResult r = h.manager.edit(Harness.PORT, TreeEdit.deleteSubtree("lab"), OptionalLong.empty());
        assertEquals(List.of("lab", "alice", "lab-users"), r.removedNodes());
    }

    @Test(expected = NotFoundException.class)
    public void editOfAnUnknownNodeIsNotFound() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        h.manager.edit(Harness.PORT, TreeEdit.deleteSubtree("nobody"), OptionalLong.empty());
    }

    @Test(expected = NotFoundException.class)
    public void editOfAMissingTreeIsNotFound() {
        h.manager.edit(PortRef.of(Harness.DEVICE, 9), TreeEdit.add(bob()), OptionalLong.empty());
    }

    @Test
    public void removeTreeThenItIsGone() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        h.manager.removeTree(Harness.PORT, OptionalLong.of(1));
        assertFalse(h.manager.tree(Harness.PORT).isPresent());
    }

    @Test
    public void previewGivesTheAllocationAndAppliesNothing() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        PreviewResult p = h.manager.preview(Harness.PORT, TreeEdit.add(bob()), Map.of("alice", 100e6));
        assertTrue(p.isOk());
        // 950 Mb/s split between lab and office (both saturating); in lab alice wants 100 Mb/s, bob gets the rest.
        assertEquals(100e6, p.allocation().get().allocation("alice"), 1);
        assertEquals(375e6, p.allocation().get().allocation("bob"), 1);
        assertEquals(475e6, p.allocation().get().allocation("office"), 1);
        assertFalse(h.manager.tree(Harness.PORT).get().contains("bob"));
    }

    @Test
    public void previewOfAnInadmissibleEditListsTheViolations() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        NodeSpec bad = NodeSpec.builder("bad").parent("lab").key(MatchKey.parse("10.0.0.1", null, 32)).weight(1.0).build();
        PreviewResult p = h.manager.preview(Harness.PORT, TreeEdit.add(bad), Map.of());
        assertFalse(p.isOk());
        assertFalse(p.allocation().isPresent());
        assertThat(p.violations().get(0).message(), containsString("bad"));
    }

    @Test
    public void importReplacesEverythingAndBumpsVersionsAboveTheOldOnes() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        h.manager.edit(Harness.PORT, TreeEdit.add(bob()), OptionalLong.empty());
        HsdbaConfig exported = h.manager.exportConfig();
        h.manager.removeTree(Harness.PORT, OptionalLong.empty());
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        h.manager.importConfig(exported);
        BandwidthTree t = h.manager.tree(Harness.PORT).get();
        assertEquals(2, t.version());
        assertTrue(t.contains("bob"));
    }

    @Test
    public void importWithAnInadmissibleTreeChangesNothing() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        BandwidthTree bad = Harness.labTree().toBuilder().addNode(NodeSpec.builder("x").parent("lab")
                .key(MatchKey.parse("10.0.0.1", null, 32)).weight(1.0).build()).build();
        try {
            h.manager.importConfig(HsdbaConfig.of(List.of(bad)));
            fail("expected admission to refuse the import");
        } catch (InvalidTreeException e) {
            assertThat(e.getMessage(), containsString("\"x\""));
        }
        assertEquals(1, h.manager.tree(Harness.PORT).get().version());
    }

    @Test
    public void parametersRoundTripAndKeepAutoThroughTheConfigFile() {
        HsdbaParameters p = h.manager.parameters().toBuilder().leafLifetime(java.time.Duration.ofSeconds(30)).build();
        h.manager.setParameters(p);
        assertEquals(p, h.manager.parameters());
        h.manager.importConfig(h.manager.exportConfig());
        assertEquals(ModePreference.AUTO, h.manager.parameters().mode());
        assertEquals(java.time.Duration.ofSeconds(30), h.manager.parameters().leafLifetime());
    }

    private static NodeSpec bob() {
        return NodeSpec.builder("bob").parent("lab").key(MatchKey.parse("10.0.0.2", null, 32)).weight(1.0).build();
    }
}
