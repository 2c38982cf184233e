package org.hsdba.impl;

import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.OptionalLong;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.DeviceStatus;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.ModePreference;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.TreeEdit;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.southbound.SwitchMode;
import org.junit.After;
import org.junit.Test;

/** Programming life cycle: install on connect, incremental changes, reconnect, errors, modes, mastership. */
public class ManagerProgrammingTest {

    private Harness h = new Harness();

    @After
    public void tearDown() {
        h.close();
    }

    @Test
    public void connectInstallsEveryTreeThenReportsProgrammed() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        FakeSwitch sw = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        assertEquals(1, sw.batches.size());
        assertEquals(3, sw.batches.get(0).size()); // lab, alice, office; the template is not installed
        DeviceStatus d = h.manager.device(Harness.DEVICE).get();
        assertTrue(d.isConnected());
        assertTrue(d.isProgrammed());
        assertEquals(DeviceMode.IN_SWITCH, d.mode());
        assertTrue(d.ports().stream().anyMatch(p -> p.port() == 3 && p.isManaged() && p.isUp()));
        assertTrue(d.ports().stream().anyMatch(p -> p.port() == 4 && !p.isManaged() && !p.isUp()));
        assertEquals(List.of(HsdbaEvent.Type.SWITCH_CONNECTED, HsdbaEvent.Type.SWITCH_PROGRAMMED), h.eventTypes());
    }

    @Test
    public void anEditSendsOnlyTheChange() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        FakeSwitch sw = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        h.manager.edit(Harness.PORT, TreeEdit.add(NodeSpec.builder("bob").parent("lab")
                .key(MatchKey.parse("10.0.0.2", null, 32)).weight(1.0).build()), OptionalLong.empty());
        h.quiet();
        assertEquals(2, sw.batches.size());
        List<?> change = sw.batches.get(1);
        assertEquals(1, change.size());
        assertEquals(FlowModCommand.ADD, ((FlowMod) change.get(0)).command());
        assertTrue(h.manager.device(Harness.DEVICE).get().isProgrammed());
    }

    @Test
    public void reconnectReinstallsTheCurrentTrees() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        FakeSwitch first = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        first.disconnect("link lost");
        h.quiet();
        assertFalse(h.manager.device(Harness.DEVICE).get().isConnected());
        assertFalse(h.manager.device(Harness.DEVICE).get().isProgrammed());
        h.manager.edit(Harness.PORT, TreeEdit.deleteSubtree("office"), OptionalLong.empty());
        FakeSwitch second = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        assertEquals(1, second.batches.size());
        assertEquals(2, second.batches.get(0).size()); // lab and alice
        assertTrue(h.manager.device(Harness.DEVICE).get().isProgrammed());
        assertTrue(h.eventTypes().contains(HsdbaEvent.Type.SWITCH_DISCONNECTED));
    }

    @Test
    public void aRejectedChangeIsShownAndTheSwitchIsWipedAndReprogrammed() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        FakeSwitch sw = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        sw.reject = m -> m instanceof FlowMod && ((FlowMod) m).command() == FlowModCommand.MODIFY;
        h.manager.edit(Harness.PORT, TreeEdit.update(Harness.labTree().get("alice").toBuilder()
                .peak(org.hsdba.model.Rate.parse("50M")).build()), OptionalLong.empty());
        h.quiet();
        assertNotNull("the session was closed to wipe the switch", sw.disconnectedBecause);
        assertThat(sw.disconnectedBecause, containsString("POFFMFC_TEST_REJECT"));
        HsdbaEvent error = h.events(HsdbaEvent.Type.ERROR).get(0);
        assertEquals("alice", error.nodeId().get());
        assertThat(error.message(), containsString("FlowMod"));
        assertThat(h.manager.state(Harness.PORT).node("alice").get().lastError().get(), containsString("POFFMFC_TEST_REJECT"));
        // The switch reconnects (wiped by the HELLO) and gets the full program of the current tree.
        FakeSwitch again = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        assertEquals(3, again.batches.get(0).size());
        DeviceStatus d = h.manager.device(Harness.DEVICE).get();
        assertTrue(d.isProgrammed());
        assertNull("a successful full program clears the error", d.lastError().orElse(null));
    }

    @Test
    public void aFailedFullProgramStaysFailedUntilTheNextChange() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        h.compiler.maxNodes = 2;
        FakeSwitch sw = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        DeviceStatus d = h.manager.device(Harness.DEVICE).get();
        assertFalse(d.isProgrammed());
        assertThat(d.lastError().get(), containsString("do not fit"));
        assertNull("no wipe loop", sw.disconnectedBecause);
        h.compiler.maxNodes = 100;
        h.manager.edit(Harness.PORT, TreeEdit.deleteSubtree("office"), OptionalLong.empty());
        h.quiet();
        assertNotNull("a change retries through a wipe", sw.disconnectedBecause);
        h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        assertTrue(h.manager.device(Harness.DEVICE).get().isProgrammed());
    }

    @Test
    public void modeFollowsTheSwitchUnlessForced() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        h.switches.connect(Harness.DPID, SwitchMode.CONTROLLER_ASSISTED);
        h.quiet();
        assertEquals(DeviceMode.CONTROLLER_ASSISTED, h.manager.device(Harness.DEVICE).get().mode());
        assertTrue(h.manager.device(Harness.DEVICE).get().isProgrammed());
    }

    @Test
    public void forcedInSwitchModeOnAStockSwitchIsAnError() {
        h.close();
        h = new Harness(HsdbaParameters.builder().mode(ModePreference.IN_SWITCH)
                .pollingPeriod(java.time.Duration.ofHours(1)).build(), Mastership.ALWAYS);
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        FakeSwitch sw = h.switches.connect(Harness.DPID, SwitchMode.CONTROLLER_ASSISTED);
        h.quiet();
        assertTrue(sw.batches.isEmpty());
        assertThat(h.manager.device(Harness.DEVICE).get().lastError().get(), containsString("no HSDBA extension"));
    }

    @Test
    public void changingTheEstimatorOrIdleTimeoutKeepsTheSession() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        FakeSwitch sw = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        int batches = sw.batches.size();
        h.manager.setParameters(h.manager.parameters().toBuilder()
                .estimator(org.hsdba.model.Estimator.ewma(java.time.Duration.ofMillis(3)))
                .idleTimeout(java.time.Duration.ofSeconds(4)).build());
        h.quiet();
        // An edit after it goes out as an ordinary update on the same session.
        h.manager.edit(Harness.PORT, TreeEdit.update(h.manager.tree(Harness.PORT).get().get("alice").toBuilder()
                .weight(3.0).build()), OptionalLong.empty());
        h.quiet();
        assertNull("no wipe", sw.disconnectedBecause);
        // The fake's entries carry no parameter: nothing for the change, then the edit's one MODIFY (no reinstall).
        assertEquals(batches + 1, sw.batches.size());
        assertEquals(List.of(FlowModCommand.MODIFY), sw.batches.get(batches).stream()
                .map(m -> ((FlowMod) m).command()).collect(java.util.stream.Collectors.toList()));
        assertTrue(h.manager.device(Harness.DEVICE).get().isProgrammed());
        assertEquals(DeviceMode.IN_SWITCH, h.manager.device(Harness.DEVICE).get().mode());
        assertTrue(h.events(HsdbaEvent.Type.SWITCH_PROGRAMMED).stream()
                .anyMatch(e -> e.message().contains("parameters applied in place, session kept")));
    }

    @Test
    public void aModePreferenceThatKeepsTheDevicesModeKeepsTheSession() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        FakeSwitch sw = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        h.manager.setParameters(h.manager.parameters().toBuilder().mode(ModePreference.IN_SWITCH).build());
        h.quiet();
        assertNull("auto resolved to in-switch already", sw.disconnectedBecause);
        assertTrue(h.manager.device(Harness.DEVICE).get().isProgrammed());
    }

    @Test
    public void changingTheDevicesModeReprogramsTheSwitch() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        FakeSwitch sw = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        h.manager.setParameters(h.manager.parameters().toBuilder().mode(ModePreference.CONTROLLER_ASSISTED).build());
        h.quiet();
        assertThat(sw.disconnectedBecause, containsString("enforcement mode in-switch -> controller-assisted"));
        h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        assertEquals(DeviceMode.CONTROLLER_ASSISTED, h.manager.device(Harness.DEVICE).get().mode());
    }

    @Test
    public void anInstanceThatIsNotMasterDoesNotProgram() {
        h.close();
        h = new Harness(HsdbaParameters.builder().pollingPeriod(java.time.Duration.ofHours(1)).build(), id -> false);
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        FakeSwitch sw = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        assertTrue(sw.batches.isEmpty());
        assertFalse(h.manager.device(Harness.DEVICE).get().isProgrammed());
    }

    @Test
    public void removingATreeDeletesItsEntries() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        FakeSwitch sw = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        h.manager.removeTree(Harness.PORT, OptionalLong.empty());
        h.quiet();
        List<?> change = sw.batches.get(1);
        assertEquals(3, change.size());
        assertTrue(change.stream().allMatch(m -> ((FlowMod) m).command() == FlowModCommand.DELETE));
    }
}
