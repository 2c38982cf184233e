package org.hsdba.compiler.assisted;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.hsdba.compiler.NodeSlot;
import org.hsdba.compiler.SlotMap;
import org.hsdba.compiler.Xids;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;
import org.hsdba.pof.message.CounterCommand;
import org.hsdba.pof.message.CounterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.table.TableType;

/**
 * The incremental change of one controller-assisted tree whose levels and port stay: first the
 * slot edits (kept nodes keep entry index and handle, hence counter id), then the messages:
 * DELETEs of removed nodes (and of nodes moved to another depth) deepest first, MODIFYs of kept
 * entries whose content changed, with their installed threshold (a MODIFY with the same counter
 * id keeps the counter), ADDs of new nodes parents first with threshold 0, MODIFYs of catch-alls
 * that changed (level 1's join flag). The loop state follows: removed and moved nodes forget
 * their bytes (their counters restart), new nodes start at threshold 0.
 */
final class AssistedTreeDiff {

    private final BandwidthTree after;
    private final SlotMap newSlots;
    private final List<NodeSlot> deletes = new ArrayList<>();
    private final Set<String> adds = new LinkedHashSet<>();
    private final Set<String> restarted = new HashSet<>();
    private int modified;

    AssistedTreeDiff(BandwidthTree before, BandwidthTree after, SlotMap slots) {
        this.after = after;
        SlotMap.Editor editor = slots.edit();
        for (int i = 0; i < before.size(); i++) {
            NodeSpec n = before.node(i);
            if (n.isTemplate()) {
                continue;
            }
            int j = after.indexOf(n.id());
            if (j < 0 || after.node(j).isTemplate()) {
                deletes.add(editor.release(n.id()));
                restarted.add(n.id());
            } else if (after.depth(j) != before.depth(i)) {
                deletes.add(slots.get(n.id()));
                editor.relocate(n.id(), after.depth(j), false);
                restarted.add(n.id());
            }
        }
        for (int j = 0; j < after.size(); j++) {
            NodeSpec n = after.node(j);
            if (n.isTemplate()) {
                continue;
            }
            int i = before.indexOf(n.id());
            if (i < 0 || before.node(i).isTemplate()) {
                editor.allocate(n.id(), after.depth(j), false);
                adds.add(n.id());
            } else if (after.depth(j) != before.depth(i)) {
                adds.add(n.id());
            }
        }
        this.newSlots = editor.build();
        deletes.sort(Comparator.comparingInt(NodeSlot::level).reversed());
    }

    SlotMap slots() {
        return newSlots;
    }

    /** The messages from {@code was} to {@code now} (same tables), given each kept node's installed threshold. */
    List<PofMessage> messages(AssistedProgram was, AssistedProgram now, Map<String, Integer> thresholds,
                              Map<String, Integer> salts, Xids xids) {
        List<PofMessage> out = new ArrayList<>();
        for (NodeSlot s : deletes) {
            out.add(FlowMod.builder().xid(xids.next()).command(FlowModCommand.DELETE)
                    .table(TableType.MM, was.levelTable(s.level())).index(s.entryIndex()).build());
        }
        for (NodeSlot s : deletes) {
            out.add(CounterMod.of(xids.next(), CounterCommand.DELETE, was.dropCounter(s.handle())));
        }
        modified = 0;
        for (String id : now.nodeIds()) {
            if (adds.contains(id)) {
                continue;
            }
            int threshold = thresholds.getOrDefault(id, 0);
            int salt = salts.getOrDefault(id, 0);
            FlowMod a = was.entry(id, threshold, salt, 0, FlowModCommand.MODIFY);
            FlowMod b = now.entry(id, threshold, salt, 0, FlowModCommand.MODIFY);
            if (!a.equals(b)) {
                out.add(b.toBuilder().xid(xids.next()).build());
                modified++;
            }
        }
        for (String id : now.nodeIds()) {
            if (adds.contains(id)) {
                out.add(CounterMod.of(xids.next(), CounterCommand.ADD, now.dropCounterId(id)));
            }
        }
        for (String id : now.nodeIds()) {
            if (adds.contains(id)) {
                out.add(now.entry(id, 0, xids.next(), FlowModCommand.ADD));
            }
        }
        for (int level = 1; level <= after.levels().size(); level++) {
            if (!was.catchAll(level, 0, FlowModCommand.MODIFY).equals(now.catchAll(level, 0, FlowModCommand.MODIFY))) {
                out.add(now.catchAll(level, xids.next(), FlowModCommand.MODIFY));
                modified++;
            }
        }
        return out;
    }

    /** The loop state after the change: kept nodes go on as they were, removed and moved ones are forgotten. */
    LoopState state(LoopState prev, AssistedProgram now) {
        Map<String, NodeLoop> nodes = new HashMap<>();
        for (String id : now.nodeIds()) {
            boolean fresh = adds.contains(id) || restarted.contains(id);
            nodes.put(id, fresh ? NodeLoop.FRESH : prev.node(id));
        }
        return new LoopState(prev.timeNs(), prev.polls(), nodes, prev.nextXid());
    }

    int added() {
        return adds.size();
    }

    int modified() {
        return modified;
    }

    int deleted() {
        return deletes.size();
    }
}
