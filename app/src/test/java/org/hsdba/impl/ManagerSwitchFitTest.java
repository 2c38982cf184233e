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
import java.util.concurrent.CountDownLatch;

import org.hsdba.api.Enforcement;
import org.hsdba.api.PreviewResult;
import org.hsdba.api.Warning;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.ViolationCode;
import org.hsdba.southbound.SwitchMode;
import org.junit.After;
import org.junit.Test;

/**
 * Writes are judged against the connected switch's room (the fake compiler holds
 * {@code maxNodes} entries): a tree that does not fit is refused with nothing stored, an edited
 * tree's previous version does not count against it, a switch not connected yet gets the tree with
 * a warning, and the device says which version the switch enforces while it differs.
 */
public class ManagerSwitchFitTest {

    private final Harness h = new Harness();

    @After
    public void tearDown() {
        h.close();
    }

    private static NodeSpec user(String id, int last) {
        return NodeSpec.builder(id).parent("lab").key(MatchKey.parse("10.0.0." + last, null, 32)).weight(1.0).build();
    }

    private FakeSwitch connect() {
        FakeSwitch sw = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        return sw;
    }

    @Test
    public void aTreeTheSwitchCannotHoldIsRefusedAndNothingIsStored() {
        connect();
        h.compiler.maxNodes = 5; // the lab tree has 4 nodes
        BandwidthTree big = Harness.labTree().toBuilder().addNode(user("bob", 2)).addNode(user("carol", 3)).build();
        try {
            h.manager.putTree(big, OptionalLong.empty());
            fail("6 nodes accepted on a switch that holds 5");
        } catch (InvalidTreeException e) {
            assertEquals(ViolationCode.SWITCH_CAPACITY, e.violations().get(0).code());
            assertThat(e.getMessage(), containsString("switch " + Harness.DEVICE + " cannot hold this tree: 6 nodes do"
                    + " not fit the fake's 5 entries"));
        }
        assertFalse(h.manager.tree(Harness.PORT).isPresent());
        assertTrue(h.manager.putTree(Harness.labTree(), OptionalLong.empty()).version() > 0);
        // An edit that would not fit is refused the same way; the stored tree stays.
        try {
            h.manager.edit(Harness.PORT, TreeEdit.add(user("bob", 2)), OptionalLong.empty());
            h.manager.edit(Harness.PORT, TreeEdit.add(user("carol", 3)), OptionalLong.empty());
            fail("an edit to 6 nodes accepted");
        } catch (InvalidTreeException e) {
            assertEquals(ViolationCode.SWITCH_CAPACITY, e.violations().get(0).code());
        }
        assertEquals(5, h.manager.tree(Harness.PORT).get().size());
        // The preview says it before anything is applied.
        PreviewResult p = h.manager.preview(Harness.PORT, TreeEdit.add(user("carol", 3)), Map.of());
        assertEquals(ViolationCode.SWITCH_CAPACITY, p.violations().get(0).code());
    }

    @Test
    public void anImportTheSwitchCannotHoldIsRefusedWhole() {
        connect();
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        h.compiler.maxNodes = 5;
        BandwidthTree big = Harness.labTree().toBuilder().addNode(user("bob", 2)).addNode(user("carol", 3)).build();
        try {
            h.manager.importConfig(org.hsdba.model.HsdbaConfig.of(List.of(big)));
            fail("an import of 6 nodes accepted on a switch that holds 5");
        } catch (InvalidTreeException e) {
            assertEquals(ViolationCode.SWITCH_CAPACITY, e.violations().get(0).code());
        }
        assertEquals(4, h.manager.tree(Harness.PORT).get().size());
    }

    @Test
    public void theEditedTreesPreviousVersionDoesNotCountAgainstIt() {
        connect();
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        h.compiler.maxNodes = 4; // exactly one lab tree: with its old version counted, a replacement would need 8
        BandwidthTree lab = Harness.labTree();
        List<NodeSpec> nodes = new java.util.ArrayList<>(lab.nodes());
        nodes.removeIf(n -> n.id().equals("office"));
        nodes.add(user("bob", 2));
        BandwidthTree replacement = lab.toBuilder().nodes(nodes).build();
        BandwidthTree stored = h.manager.putTree(replacement, OptionalLong.of(1));
        h.quiet();
        assertEquals(2, stored.operatorVersion());
        assertTrue(h.manager.device(Harness.DEVICE).get().isProgrammed());
    }

    @Test
    public void aSwitchNotConnectedGetsTheTreeWithAWarningAndTheDeviceSaysWhatHappensWhenItConnects() {
        List<Warning> before = h.manager.warnings(Harness.PORT);
        assertEquals(1, before.size());
        assertEquals(Warning.SWITCH_NOT_CONNECTED, before.get(0).code());
        assertThat(before.get(0).message(), containsString("programmed when it connects"));
        assertThat(before.get(0).message(), containsString("programmed: false with the reason"));
        h.compiler.maxNodes = 3;
        h.manager.putTree(Harness.labTree(), OptionalLong.empty()); // not judged: no switch to judge against
        Enforcement waiting = h.manager.device(Harness.DEVICE).get().tree(Harness.PORT.port()).get();
        assertEquals(Enforcement.Status.NOT_CONNECTED, waiting.status());
        assertFalse(waiting.enforcedVersion().isPresent());
        connect(); // 4 nodes on a switch that holds 3
        Enforcement failed = h.manager.device(Harness.DEVICE).get().tree(Harness.PORT.port()).get();
        assertEquals(Enforcement.Status.FAILED, failed.status());
        assertThat(failed.reason().get(), containsString("do not fit"));
        assertFalse(failed.enforcedVersion().isPresent());
        assertThat(failed.describe(), containsString("the switch enforces no program for this port"));
        assertTrue(h.manager.warnings(Harness.PORT).isEmpty());
    }

    @Test
    public void theDeviceSaysWhichVersionTheSwitchEnforcesWhileAChangeIsPendingOrFailed() throws Exception {
        connect();
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        h.quiet();
        Enforcement now = h.manager.device(Harness.DEVICE).get().tree(Harness.PORT.port()).get();
        assertEquals(new Enforcement(Harness.PORT.port(), 1, 1L, Enforcement.Status.ENFORCED, null), now);
        assertEquals("the switch enforces version 1", now.describe());

        // Hold the device's lane: version 2 is stored, the switch still runs version 1.
        CountDownLatch release = new CountDownLatch(1);
        h.scheduler.submit(() -> {
            release.await();
            return null;
        });
        h.manager.edit(Harness.PORT, TreeEdit.add(user("bob", 2)), OptionalLong.empty());
        Enforcement pending = h.manager.device(Harness.DEVICE).get().tree(Harness.PORT.port()).get();
        assertEquals(new Enforcement(Harness.PORT.port(), 2, 1L, Enforcement.Status.PENDING, null), pending);
        assertEquals("programming version 2; until confirmed the switch enforces version 1", pending.describe());
        // The switch shrinks before the change reaches it (admitted against the room it had): the change fails.
        h.compiler.maxNodes = 4;
        release.countDown();
        h.quiet();
        Enforcement failed = h.manager.device(Harness.DEVICE).get().tree(Harness.PORT.port()).get();
        assertEquals(Enforcement.Status.FAILED, failed.status());
        assertEquals(Long.valueOf(1), failed.enforcedVersion().get());
        assertEquals(2, failed.version());
        assertThat(failed.describe(), containsString("programming version 2 failed: cannot program " + Harness.DEVICE
                + ": 5 nodes do not fit the fake's 4 entries; the switch enforces version 1"));
        assertFalse(h.manager.device(Harness.DEVICE).get().isProgrammed());
    }

    @Test
    public void aChangeThatFitsOnlyInFullReprogramsTheSwitchInFull() {
        FakeSwitch sw = connect();
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        h.quiet();
        h.compiler.incrementalRoom = 4; // the incremental change cannot be placed beside the installed program
        h.manager.edit(Harness.PORT, TreeEdit.add(user("bob", 2)), OptionalLong.empty());
        h.quiet();
        assertThat(sw.disconnectedBecause, containsString("reprogramming in full"));
        h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        Enforcement e = h.manager.device(Harness.DEVICE).get().tree(Harness.PORT.port()).get();
        assertEquals(Enforcement.Status.ENFORCED, e.status());
        assertEquals(Long.valueOf(2), e.enforcedVersion().get());
    }
}
