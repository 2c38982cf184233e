package org.hsdba.lifecycle;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.PortSelector;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.message.TableModCommand;
import org.junit.After;
import org.junit.Test;

/**
 * Two trees on one switch through the manager over TCP: the lab tree on port 3 (IPv4
 * destinations 10.0/15) and a guest tree on port 2 (10.2/16), picked by IPv4-destination
 * selectors. Both are installed, each forwards its own traffic out of its own port; editing or
 * removing the guest tree is incremental and leaves the lab tree's entries exactly as they were.
 */
public class SharedSwitchLifecycleTest {

    private static final PortRef GUEST = PortRef.of(Rig.DEVICE, 2);
    private static final FieldSpec IPV4_DST = FieldSpec.of(240, 32);

    private FaultySwitches switches;
    private final Rig rig = new Rig(HsdbaParameters.DEFAULTS, real -> switches = new FaultySwitches(real));

    @After
    public void tearDown() {
        rig.close();
    }

    static BandwidthTree lab() {
        return Rig.labTree().toBuilder().selector(PortSelector.of(IPV4_DST, MatchKey.parse("10.0.0.0/15", null, 32)))
                .build();
    }

    static BandwidthTree guest() {
        return BandwidthTree.builder(GUEST).capacity(Rate.parse("50M")).eta(0.95)
                .levels(List.of(LevelSpec.of("user", IPV4_DST)))
                .selector(PortSelector.of(IPV4_DST, MatchKey.parse("10.2.0.0/16", null, 32)))
                .addNode(NodeSpec.builder("carol").key(MatchKey.parse("10.2.0.1", null, 32)).weight(1.0).build())
                .build();
    }

    @Test
    public void twoTreesShareASwitchAndEditingOrRemovingOneLeavesTheOtherAlone() {
        rig.manager.putTree(lab(), OptionalLong.empty());
        rig.manager.putTree(guest(), OptionalLong.empty());
        rig.connectSwitch(true);
        rig.awaitProgrammed();
        rig.sw.receive(Rig.frame(0, 0, 1, 0), Rig.IN_PORT);
        rig.sw.receive(Rig.frame(2, 0, 1, 0), Rig.IN_PORT);
        assertEquals("alice's frame leaves by the lab's port", 1, rig.forwardedTo(3, 1));
        assertEquals("carol's frame leaves by the guest port", 1, rig.forwardedTo(2, 1));
        List<Integer> labTables = tablesOf("hsdba/3/");
        assertEquals(2, labTables.size());
        String labBefore = entries(labTables);

        int sent = switches.sent.size();
        rig.manager.edit(GUEST, TreeEdit.add(NodeSpec.builder("dave").key(MatchKey.parse("10.2.0.2", null, 32))
                .weight(2.0).build()), OptionalLong.empty());
        Rig.await("the edit installed", () -> rig.manager.device(Rig.DEVICE).map(d -> d.isProgrammed()).orElse(false)
                && switches.sent.size() > sent);
        List<PofMessage> edit = switches.sent.subList(sent, switches.sent.size());
        assertEquals("dave's entry alone: " + edit, 1, edit.size());
        assertEquals(FlowModCommand.ADD, ((FlowMod) edit.get(0)).command());
        assertEquals("no reinstall", 1, rig.events(HsdbaEvent.Type.SWITCH_PROGRAMMED).size());
        assertEquals("the lab tree's entries are untouched", labBefore, entries(labTables));
        rig.sw.receive(Rig.frame(2, 0, 2, 0), Rig.IN_PORT);
        assertEquals(1, rig.forwardedTo(2, 2));

        int beforeRemove = switches.sent.size();
        rig.manager.removeTree(GUEST, OptionalLong.empty());
        Rig.await("the guest tree removed", () -> rig.manager.device(Rig.DEVICE).map(d -> d.isProgrammed()).orElse(false)
                && switches.sent.size() > beforeRemove);
        List<PofMessage> removal = new ArrayList<>(switches.sent.subList(beforeRemove, switches.sent.size()));
        assertTrue(rig.events(HsdbaEvent.Type.SWITCH_DISCONNECTED).isEmpty());
        assertEquals("dispatch entry, two entries, one table, port and level blocks: " + removal, 6, removal.size());
        assertTrue(removal.stream().filter(m -> m instanceof TableMod)
                .allMatch(m -> ((TableMod) m).command() == TableModCommand.DELETE));
        assertEquals("the lab tree's entries are untouched", labBefore, entries(labTables));
        rig.sw.receive(Rig.frame(0, 0, 1, 1), Rig.IN_PORT);
        assertEquals(2, rig.forwardedTo(3, 1));
    }

    @Test
    public void aTreeWhoseSelectorCannotBeToldApartIsRefusedAtTheWrite() {
        rig.manager.putTree(lab(), OptionalLong.empty());
        BandwidthTree clash = guest().toBuilder()
                .selector(PortSelector.of(IPV4_DST, MatchKey.parse("10.1.0.0/16", null, 32))).build();
        BandwidthTree overlapping = guest().toBuilder()
                .selector(PortSelector.of(IPV4_DST, MatchKey.parse("10.0.0.0/14", null, 32))).build();
        rig.manager.putTree(overlapping, OptionalLong.empty());
        try {
            rig.manager.putTree(clash.toBuilder().selector(PortSelector.of(FieldSpec.of(0, 48),
                    MatchKey.exact(48, new byte[6]))).build(), OptionalLong.empty());
            fail("selectors of one switch use one field");
        } catch (InvalidTreeException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("must use the same field"));
        }
        BandwidthTree twin = BandwidthTree.builder(PortRef.of(Rig.DEVICE, 4)).capacity(Rate.parse("10M"))
                .levels(guest().levels()).selector(lab().selector().get()).addNode(guest().nodes().get(0)).build();
        try {
            rig.manager.putTree(twin, OptionalLong.empty());
            fail("two trees cannot select the same traffic");
        } catch (InvalidTreeException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("select the same traffic"));
        }
        assertEquals("the refused writes stored nothing", 2, rig.manager.trees().size());
    }

    /** Per-type ids of the tables whose name starts with {@code prefix}, from the TABLE_MOD ADDs sent. */
    private List<Integer> tablesOf(String prefix) {
        List<Integer> out = new ArrayList<>();
        for (PofMessage m : switches.sent) {
            if (m instanceof TableMod && ((TableMod) m).command() == TableModCommand.ADD
                    && ((TableMod) m).name().text().startsWith(prefix)) {
                out.add(((TableMod) m).tableId());
            }
        }
        return out;
    }

    /** Every entry (counters, activity, state words) of the given MM tables, as text. */
    private String entries(List<Integer> tables) {
        StringBuilder sb = new StringBuilder();
        for (int t : tables) {
            sb.append(rig.sw.datapath().entryRecords(t)).append('\n');
        }
        return sb.toString();
    }
}
