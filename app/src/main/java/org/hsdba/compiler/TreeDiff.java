package org.hsdba.compiler;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;

/**
 * The incremental change of one tree whose levels and mode stay: first the slot edits (which
 * nodes are deleted, moved to another depth or added, and the {@link SlotMap} after them), then,
 * once the caller knows where the tree lives, the messages: DELETEs deepest first, ZEROs of reused
 * register slots, the port's B if eta or C changed, MODIFYs of changed entries, ADDs parents first.
 */
final class TreeDiff {

    private final BandwidthTree before;
    private final BandwidthTree after;
    private final SlotMap oldSlots;
    private final SlotMap newSlots;
    private final List<NodeSlot> deletes = new ArrayList<>();
    private final List<Integer> adds = new ArrayList<>();
    private final List<Integer> reusedRegisterSlots;
    private final int[] compared;
    private int modified;

    /** The full diff: every node of both trees is looked at. */
    TreeDiff(BandwidthTree before, BandwidthTree after, SlotMap slots) {
        this(before, after, slots, EditScope.everything(before, after));
    }

    /**
     * The diff looking only at the nodes in {@code scope}; the same result as the full diff as
     * long as the scope holds every node whose entry, slot or presence can differ.
     */
    TreeDiff(BandwidthTree before, BandwidthTree after, SlotMap slots, EditScope scope) {
        this.before = before;
        this.after = after;
        this.oldSlots = slots;
        this.compared = scope.compared();
        int levels = after.levels().size();
        SlotMap.Editor editor = slots.edit();
        for (int i : scope.beforeNodes()) {
            NodeSpec n = before.node(i);
            if (n.isTemplate()) {
                continue;
            }
            int j = after.indexOf(n.id());
            if (j < 0 || after.node(j).isTemplate()) {
                deletes.add(editor.release(n.id()));
            } else if (after.depth(j) != before.depth(i)) {
                deletes.add(slots.get(n.id()));
                editor.relocate(n.id(), after.depth(j), after.depth(j) < levels);
            }
        }
        for (int j : scope.afterNodes()) {
            NodeSpec n = after.node(j);
            if (n.isTemplate()) {
                continue;
            }
            int i = before.indexOf(n.id());
            if (i < 0 || before.node(i).isTemplate()) {
                editor.allocate(n.id(), after.depth(j), after.depth(j) < levels);
                adds.add(j);
            } else if (after.depth(j) != before.depth(i)) {
                adds.add(j);
            }
        }
        this.newSlots = editor.build();
        this.reusedRegisterSlots = new ArrayList<>(editor.reusedRegisterSlots());
        reusedRegisterSlots.sort(null);
        // Deepest first: a hook subtracts from its parent's registers, so no entry may outlive its parent.
        deletes.sort(Comparator.comparingInt(NodeSlot::level).reversed());
    }

    /** The slots after the change. */
    SlotMap slots() {
        return newSlots;
    }

    /**
     * The messages, with the tree placed at {@code oldLayout} before and {@code layout} after (the
     * same tables and blocks; more register chunks at most). With {@code dispatch} null the port
     * entry is left alone (the caller re-creates it).
     */
    List<PofMessage> messages(ProgramLayout oldLayout, ProgramLayout layout, Entries was, Entries now, Xids xids,
                              Dispatch dispatch, Dispatch oldDispatch) {
        List<PofMessage> out = new ArrayList<>();
        for (NodeSlot s : deletes) {
            out.add(Entries.deleteEntry(s, oldLayout, xids.next()));
        }
        for (int slot : reusedRegisterSlots) {
            out.add(HxRegisterMod.zero(xids.next(), layout.registerBase(slot), Words.REGISTERS_PER_SLOT));
        }
        if (FixedPoint.bytesPerSecond(before.rootBandwidth()) != FixedPoint.bytesPerSecond(after.rootBandwidth())) {
            out.add(HsdbaCompiler.rootBandwidth(after, layout, xids));
        }
        modified = 0;
        if (dispatch != null && !was.portEntry(0, FlowModCommand.ADD, oldDispatch)
                .equals(now.portEntry(0, FlowModCommand.ADD, dispatch))) {
            out.add(now.portEntry(xids.next(), FlowModCommand.MODIFY, dispatch));
            modified++;
        }
        for (int j : compared) {
            NodeSpec n = after.node(j);
            int i = before.indexOf(n.id());
            if (n.isTemplate() || i < 0 || before.node(i).isTemplate() || before.depth(i) != after.depth(j)) {
                continue;
            }
            FlowMod a = was.nodeEntry(i, oldSlots, 0, FlowModCommand.ADD);
            FlowMod b = now.nodeEntry(j, newSlots, 0, FlowModCommand.ADD);
            if (!a.equals(b)) {
                out.add(b.toBuilder().xid(xids.next()).command(FlowModCommand.MODIFY).build());
                modified++;
            }
        }
        for (int j : adds) {
            out.add(now.nodeEntry(j, newSlots, xids.next(), FlowModCommand.ADD));
        }
        return out;
    }

    int added() {
        return adds.size();
    }

    /** Entries modified by the last {@link #messages} call. */
    int modified() {
        return modified;
    }

    int deleted() {
        return deletes.size();
    }
}
