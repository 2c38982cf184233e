package org.hsdba.compiler.assisted;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.hsdba.admission.ResolvedTree;
import org.hsdba.compiler.NodeSlot;
import org.hsdba.compiler.SlotMap;
import org.hsdba.compiler.TreePlacement;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.pof.action.CounterAction;
import org.hsdba.pof.action.DropAction;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.action.PacketInAction;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.instruction.ConditionalJump;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.Jump;
import org.hsdba.pof.instruction.WriteMetadata;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.match.Operand;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.table.GlobalTableIds;
import org.hsdba.pof.table.TableType;

/**
 * A tree's controller-assisted program and the means to rebuild any of its entries with a new
 * drop threshold. Entries (at most 6 stock instructions each):
 * <ul>
 * <li>a node whose children are looked up: {@code WRITE_METADATA(tag, threshold, join flag)},
 *     {@code GOTO_TABLE(next level)};</li>
 * <li>any other node: {@code CONDITIONAL_JMP(field < threshold ? drop : output)},
 *     {@code APPLY_ACTIONS[DROP]}, {@code APPLY_ACTIONS[OUTPUT]};</li>
 * <li>the lowest-priority, mask-0 catch-all of level k &gt; 1: the parent's threshold from
 *     metadata decides the drop (the packet is enforced at the deepest level that matched), then
 *     {@code PACKET_IN(join reason)} if the parent allows joins, then OUTPUT; level 1's catch-all
 *     forwards (the port has no drop decision) with a PACKET_IN if level 1 allows joins.</li>
 * </ul>
 * Every node's entry has counter id = its handle, so the controller reads its offered bytes (the
 * entry counter counts every match, dropped or not). Immutable.
 */
public final class AssistedProgram {

    /** Metadata bits of the parent tag (what level tables match besides the level field). */
    public static final int M_TAG = 32;
    public static final int M_TAG_BITS = 32;
    /** Metadata bits of the deepest matched node's threshold (for the catch-all). */
    public static final int M_THRESHOLD = 64;
    public static final int M_THRESHOLD_BITS = 16;
    /** Metadata bits of the "children may join" flag. */
    public static final int M_JOIN = 80;
    public static final int M_JOIN_BITS = 8;
    /** Metadata bits of the deepest matched node's salt (for the catch-all). */
    public static final int M_SALT = 88;
    public static final int M_SALT_BITS = 16;
    /** Counter ids per counter chunk: node handles use even chunks for their entry, odd ones for their drops. */
    static final int CHUNK = org.hsdba.compiler.TreePlacement.COUNTER_CHUNK_IDS;

    private final BandwidthTree tree;
    private final ResolvedTree resolved;
    private final SlotMap slots;
    private final GlobalTableIds tables;
    private final TreePlacement placement;
    private final long catchAllIndex;
    private final int joinReason;
    private final long dropReason;
    private final List<PofMessage> messages;

    AssistedProgram(BandwidthTree tree, ResolvedTree resolved, SlotMap slots, GlobalTableIds tables,
                    TreePlacement placement, long catchAllIndex, int joinReason, long dropReason,
                    List<PofMessage> messages) {
        this.tree = tree;
        this.resolved = resolved;
        this.slots = slots;
        this.tables = tables;
        this.placement = placement;
        this.catchAllIndex = catchAllIndex;
        this.joinReason = joinReason;
        this.dropReason = dropReason;
        this.messages = messages == null ? null : List.copyOf(messages);
    }

    AssistedProgram withMessages(List<PofMessage> m) {
        return new AssistedProgram(tree, resolved, slots, tables, placement, catchAllIndex, joinReason,
                dropReason, m);
    }

    /** The same compilation settings for another tree version, slots and placement (no messages yet). */
    AssistedProgram with(BandwidthTree newTree, ResolvedTree newResolved, SlotMap newSlots, TreePlacement newPlacement) {
        return new AssistedProgram(newTree, newResolved, newSlots, tables, newPlacement, catchAllIndex,
                joinReason, dropReason, null);
    }

    /** TABLE_MODs then FLOW_MODs (nodes in pre-order with threshold 0, then the catch-alls). */
    public List<PofMessage> messages() {
        return messages;
    }

    public BandwidthTree tree() {
        return tree;
    }

    public ResolvedTree resolved() {
        return resolved;
    }

    public SlotMap slots() {
        return slots;
    }

    /** Per-type MM id of level k's table. */
    public int levelTable(int level) {
        return placement.levelTables().get(level - 1);
    }

    /** Where the tree lives: level tables and counter ids. */
    public TreePlacement placement() {
        return placement;
    }

    /** The counter id of a node's entry (it counts every packet the entry matches: the offered load). */
    public long counterId(String id) {
        return placement.counterId(counterHandle(slots.get(id).handle()));
    }

    /** The counter id that a node's drop branch increments (packets only; the stock COUNTER action adds 0 bytes). */
    public long dropCounterId(String id) {
        return dropCounter(slots.get(id).handle());
    }

    /** The drop counter id of a node handle. */
    long dropCounter(int handle) {
        return placement.counterId(counterHandle(handle) + CHUNK);
    }

    /** Handle h's entry counter in the placement's counter space (h below 64: h itself). */
    static int counterHandle(int handle) {
        return handle / CHUNK * 2 * CHUNK + handle % CHUNK;
    }

    /** The counter handles a tree with handles 0..handleLimit-1 needs (entry and drop counters). */
    static long counterHandleLimit(long handleLimit) {
        return handleLimit <= 0 ? 0 : (handleLimit - 1) / CHUNK * 2 * CHUNK + 2 * CHUNK;
    }

    /** The global table ids of the level tables, level 1 first. */
    public List<Integer> globalLevelTables() {
        List<Integer> out = new ArrayList<>();
        for (int level = 1; level <= tree.levels().size(); level++) {
            out.add(tables.globalId(TableType.MM, levelTable(level)));
        }
        return out;
    }

    /** The number of threshold steps: thresholds are 0 .. 2^k for the k-bit {@link DropHash} decision. */
    public int thresholdScale() {
        return 1 << DropHash.BITS;
    }

    /** Entry index of every level table's catch-all. */
    public long catchAllIndex() {
        return catchAllIndex;
    }

    /** Whether a node's entry looks up the next level (it has children, or nodes may join below it). */
    public boolean looksUp(String id) {
        int i = tree.indexOf(id);
        if (tree.depth(i) == tree.levels().size()) {
            return false;
        }
        if (joinsBelow(i)) {
            return true;
        }
        for (int k = 0; k < tree.childCount(i); k++) {
            if (!tree.node(tree.child(i, k)).isTemplate()) {
                return true;
            }
        }
        return false;
    }

    boolean joinsBelow(int index) {
        int childLevel = index < 0 ? 1 : tree.depth(index) + 1;
        if (childLevel > tree.levels().size()) {
            return false;
        }
        return tree.template(index < 0 ? null : tree.node(index).id()).isPresent()
                || tree.levels().get(childLevel - 1).join().isPresent();
    }

    private Match levelField(int level) {
        FieldSpec f = tree.levels().get(level - 1).field();
        return Match.of(level, f.offsetBits(), f.lengthBits());
    }

    static Match tagField() {
        return Match.metadata(M_TAG, M_TAG_BITS);
    }

    /** A node's entry with drop threshold {@code threshold} (0 .. {@link #thresholdScale()}) and salt 0. */
    public FlowMod entry(String id, int threshold, long xid, int command) {
        return entry(id, threshold, 0, xid, command);
    }

    /**
     * A node's entry with drop threshold {@code threshold} (0 .. {@link #thresholdScale()}): a
     * packet is dropped iff the top bits of its {@link DropHash} value XOR {@code salt} are below it.
     */
    public FlowMod entry(String id, int threshold, int salt, long xid, int command) {
        if (threshold < 0 || threshold > thresholdScale()) {
            throw new IllegalArgumentException("threshold " + threshold + " for \"" + id + "\" is outside 0.."
                    + thresholdScale());
        }
        int i = tree.indexOf(id);
        NodeSpec node = tree.node(i);
        NodeSlot slot = slots.get(id);
        int level = tree.depth(i);
        int p = tree.parentIndex(i);
        long parentTag = p < 0 ? SlotMap.PORT : slots.get(tree.node(p).id()).handle();
        List<Instruction> program = new ArrayList<>();
        if (looksUp(id)) {
            long meta = ((long) slot.handle() << 24) | ((long) threshold << 8) | (joinsBelow(i) ? 1 : 0);
            program.add(WriteMetadata.of(M_TAG, M_TAG_BITS + M_THRESHOLD_BITS + M_JOIN_BITS, meta));
            program.add(WriteMetadata.of(M_SALT, M_SALT_BITS, salt & 0xFFFF));
            program.add(GotoTable.of(tables.globalId(TableType.MM, levelTable(level + 1)), 0));
        } else {
            program.add(DropHash.salt(salt));
            program.add(ConditionalJump.of(DropHash.DECISION, Operand.immediate(threshold), Jump.forward(1),
                    Jump.forward(2), Jump.forward(2)));
            program.add(ApplyActions.of(CounterAction.of(dropCounterId(id)), DropAction.of(dropReason)));
            program.add(ApplyActions.of(OutputAction.toPort(tree.port().port())));
        }
        MatchKey key = node.key();
        return FlowMod.builder().xid(xid).command(command).table(TableType.MM, levelTable(level)).index(slot.entryIndex())
                .priority(1 + key.maskNumber().bitCount()).counterId(placement.counterId(slot.handle()))
                .match(MatchX.exact(tagField(), parentTag), MatchX.of(levelField(level), key.value(), key.mask()))
                .instructions(program).build();
    }

    /** The catch-all entry of a level table (see the class comment). */
    public FlowMod catchAll(int level, long xid) {
        return catchAll(level, xid, FlowModCommand.ADD);
    }

    /** The catch-all entry of a level table with the given FLOW_MOD command. */
    public FlowMod catchAll(int level, long xid, int command) {
        List<Instruction> program = new ArrayList<>();
        OutputAction out = OutputAction.toPort(tree.port().port());
        PacketInAction join = PacketInAction.of(joinReason);
        if (level == 1) {
            program.add(joinsBelow(-1) ? ApplyActions.of(join, out) : ApplyActions.of(out));
        } else {
            program.add(DropHash.salt(Match.metadata(M_SALT, M_SALT_BITS)));
            program.add(ConditionalJump.of(DropHash.DECISION,
                    Operand.field(Match.metadata(M_THRESHOLD, M_THRESHOLD_BITS)), Jump.forward(1), Jump.forward(2),
                    Jump.forward(2)));
            program.add(ApplyActions.of(DropAction.of(dropReason)));
            program.add(ConditionalJump.of(Match.metadata(M_JOIN, M_JOIN_BITS), Operand.immediate(0), Jump.forward(1),
                    Jump.forward(2), Jump.forward(1)));
            program.add(ApplyActions.of(join));
            program.add(ApplyActions.of(out));
        }
        return FlowMod.builder().xid(xid).command(command).table(TableType.MM, levelTable(level))
                .index(catchAllIndex).priority(0)
                .match(MatchX.of(tagField(), new byte[4], new byte[4]),
                        MatchX.of(levelField(level), new byte[16], new byte[16]))
                .instructions(program).build();
    }

    /** Node ids in pre-order (templates excluded). */
    public List<String> nodeIds() {
        List<String> out = new ArrayList<>();
        for (NodeSpec n : tree.nodes()) {
            if (!n.isTemplate()) {
                out.add(n.id());
            }
        }
        return out;
    }

    /** Drop counter id of each node. */
    public Map<String, Long> dropCounterIds() {
        java.util.Map<String, Long> out = new java.util.LinkedHashMap<>();
        for (String id : nodeIds()) {
            out.put(id, dropCounterId(id));
        }
        return out;
    }

    /** Counter id of each node. */
    public Map<String, Long> counterIds() {
        java.util.Map<String, Long> out = new java.util.LinkedHashMap<>();
        for (String id : nodeIds()) {
            out.put(id, counterId(id));
        }
        return out;
    }

    @Override
    public String toString() {
        return "AssistedProgram{" + tree + ", " + slots + "}";
    }
}
