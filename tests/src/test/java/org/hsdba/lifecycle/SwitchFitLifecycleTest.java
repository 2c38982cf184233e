package org.hsdba.lifecycle;

import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import org.hsdba.api.Enforcement;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.model.ViolationCode;
import org.hsdba.pof.table.TableType;
import org.junit.After;
import org.junit.Assume;
import org.junit.Test;

/**
 * Issue 15, "admission against the switch", on the reference switch over TCP (its MM table count
 * as it reports it; 8 in POFSwitch's shipped configuration): a replacement tree that does not fit
 * is refused at write time and the switch keeps enforcing, and saying, the version it has; one that
 * fits only because its previous version gives its tables back is accepted and programmed.
 */
public class SwitchFitLifecycleTest {

    private final Rig rig = new Rig(HsdbaParameters.builder().pollingPeriod(Duration.ofHours(1)).build());

    @After
    public void tearDown() {
        rig.close();
    }

    /** A chain of {@code levels} levels on port 3, each level on its own byte of the frame. */
    private static BandwidthTree deep(int levels) {
        List<LevelSpec> specs = new ArrayList<>();
        BandwidthTree.Builder b = BandwidthTree.builder(Rig.PORT).capacity(Rate.parse("100M")).eta(0.95);
        String parent = null;
        for (int level = 1; level <= levels; level++) {
            specs.add(LevelSpec.of("l" + level, FieldSpec.of(240 + 8 * level, 8)));
            String id = "n" + level;
            b.addNode(NodeSpec.builder(id).parent(parent).key(MatchKey.parse(String.valueOf(level), null, 8)).weight(1.0)
                    .build());
            parent = id;
        }
        return b.levels(specs).build();
    }

    /** MM tables the connected switch reported (the reference switch's shipped profile: 8). */
    private int mmTables() {
        return rig.server.getSwitch(Rig.DPID).orElseThrow().resources().tableIds().count(TableType.MM);
    }

    private Enforcement enforcement() {
        return rig.manager.device(Rig.DEVICE).get().tree(Rig.PORT.port()).get();
    }

    @Test
    public void aTreeTheSwitchCannotHoldIsRefusedAndTheOneItCanReplacesItsPreviousVersion() {
        rig.manager.putTree(Rig.labTree(), OptionalLong.empty()); // 2 levels
        rig.connectSwitch(true);
        rig.awaitProgrammed();
        int mm = mmTables(); // MM#0 dispatches, the rest are level tables
        Assume.assumeTrue("a tree has at most 8 levels; this switch has " + mm + " MM tables", mm <= 8);
        try {
            rig.manager.putTree(deep(mm), OptionalLong.of(1));
            fail(mm + " levels accepted on a switch with " + (mm - 1) + " free MM tables");
        } catch (InvalidTreeException e) {
            assertEquals(ViolationCode.SWITCH_CAPACITY, e.violations().get(0).code());
            assertThat(e.getMessage(), containsString("switch " + Rig.DEVICE + " cannot hold this tree: port 3: the switch"
                    + " has no room for " + mm + " more level tables (" + (mm - 1) + " free of " + mm
                    + " MM tables; MM#0 dispatches)"));
        }
        assertEquals(1, rig.manager.tree(Rig.PORT).get().operatorVersion());
        assertEquals(new Enforcement(3, 1, 1L, Enforcement.Status.ENFORCED, null), enforcement());

        // mm - 1 levels fit only because version 1's two tables are given back: accepted and installed.
        assertEquals(2, rig.manager.putTree(deep(mm - 1), OptionalLong.of(1)).operatorVersion());
        Rig.await("version 2 enforced", () -> enforcement().status() == Enforcement.Status.ENFORCED
                && enforcement().enforcedVersion().get() == 2);
        assertTrue(rig.manager.device(Rig.DEVICE).get().isProgrammed());
        assertFalse(rig.manager.device(Rig.DEVICE).get().lastError().isPresent());
    }

    @Test
    public void stockModeHoldsOneLevelLessForTheDropHashTable() {
        rig.manager.putTree(Rig.labTree(), OptionalLong.empty());
        rig.connectSwitch(false);
        rig.awaitProgrammed();
        int mm = mmTables(); // MM#0 the drop hash, MM#1 dispatches
        Assume.assumeTrue("a tree has at most 8 levels; this switch has " + mm + " MM tables", mm <= 9);
        try {
            rig.manager.putTree(deep(mm - 1), OptionalLong.of(1));
            fail((mm - 1) + " levels accepted in stock mode on " + mm + " MM tables");
        } catch (InvalidTreeException e) {
            assertThat(e.getMessage(), containsString("no room for " + (mm - 1) + " more level tables (" + (mm - 2)
                    + " free of " + mm + " MM tables; MM#1 dispatches)"));
        }
        rig.manager.putTree(deep(mm - 2), OptionalLong.of(1));
        Rig.await("version 2 enforced", () -> enforcement().status() == Enforcement.Status.ENFORCED
                && enforcement().enforcedVersion().get() == 2);
    }
}
