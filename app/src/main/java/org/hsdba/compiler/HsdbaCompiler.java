package org.hsdba.compiler;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.AllocationMode;
import org.hsdba.model.AppliedEdit;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.NodeSpec;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.table.TableType;

/**
 * Compiles a bandwidth tree into the in-switch HSDBA program for a switch with the HX extension,
 * and computes incremental deltas between tree versions. Pure: the same inputs give the same
 * messages (xids included).
 */
public final class HsdbaCompiler {

    private HsdbaCompiler() {
    }

    /**
     * The whole program: TABLE_MODs (port table, one MM table per level keyed by {parent tag,
     * level field}), HX_BLOCK_MODs (port block, one block per level), HX_REGISTER_MODs (zero the
     * register range, write B of the port = eta * C), FLOW_MODs (port catch-all, every installed
     * node in pre-order).
     *
     * @throws org.hsdba.model.InvalidTreeException if the tree is not admissible
     * @throws CompilerException if the switch cannot hold the program (the message says which limit)
     */
    public static CompiledProgram compile(BandwidthTree tree, SwitchCapabilities caps, CompilerOptions opts) {
        Objects.requireNonNull(tree, "tree");
        Objects.requireNonNull(caps, "caps");
        Objects.requireNonNull(opts, "opts");
        requireHx(tree, caps);
        return compile(Admission.admit(tree), caps, opts);
    }

    /** {@link #compile(BandwidthTree, SwitchCapabilities, CompilerOptions)} of an already admitted tree. */
    public static CompiledProgram compile(ResolvedTree resolved, SwitchCapabilities caps, CompilerOptions opts) {
        Objects.requireNonNull(resolved, "resolved");
        Objects.requireNonNull(caps, "caps");
        Objects.requireNonNull(opts, "opts");
        BandwidthTree tree = resolved.tree();
        SwitchCapabilities.Hx hx = requireHx(tree, caps);
        ProgramLayout layout = new ProgramLayout(tree, caps, opts);
        checkStatic(tree, caps, hx, layout);
        SlotMap slots = initialSlots(tree);
        Entries entries = new Entries(resolved, layout, caps, opts);
        checkCapacity(tree, hx, layout, slots, entries);
        List<BlockProgram> blocks = blocks(tree, layout, opts, hx);
        Xids xids = new Xids(opts.firstXid());
        List<PofMessage> out = new ArrayList<>(entries.tables(xids));
        out.addAll(installBody(tree, layout, slots, entries, blocks, xids, Dispatch.BY_TAG));
        return new CompiledProgram(out, slots, layout, blocks, xids.peek());
    }

    /** Every installed node placed in pre-order (register slots for nodes above the deepest level). */
    static SlotMap initialSlots(BandwidthTree tree) {
        SlotMap.Editor editor = SlotMap.empty().edit();
        int levels = tree.levels().size();
        for (int i = 0; i < tree.size(); i++) {
            if (!tree.node(i).isTemplate()) {
                editor.allocate(tree.node(i).id(), tree.depth(i), tree.depth(i) < levels);
            }
        }
        return editor.build();
    }

    /**
     * A tree's program once its tables exist: blocks, register zeroing, the port's B, the port
     * entry (unless {@code dispatch} is null: the caller adds it later), the node entries in
     * pre-order.
     */
    static List<PofMessage> installBody(BandwidthTree tree, ProgramLayout layout, SlotMap slots, Entries entries,
                                        List<BlockProgram> blocks, Xids xids, Dispatch dispatch) {
        List<PofMessage> out = new ArrayList<>();
        for (BlockProgram b : blocks) {
            out.addAll(BlockMessages.messages(b.blockId(), b.idlePc(), b.instructions(), xids));
        }
        for (long[] range : layout.registerRanges(slots.registerSlotLimit())) {
            out.addAll(zero(range[0], range[1], xids));
        }
        out.add(rootBandwidth(tree, layout, xids));
        if (dispatch != null) {
            out.add(entries.portEntry(xids.next(), FlowModCommand.ADD, dispatch));
        }
        for (int i = 0; i < tree.size(); i++) {
            if (!tree.node(i).isTemplate()) {
                out.add(entries.nodeEntry(i, slots, xids.next(), FlowModCommand.ADD));
            }
        }
        return out;
    }

    /** HX_REGISTER_MOD ZEROs of {@code words} words from {@code first} (a message zeroes at most 0xFFFF). */
    static List<PofMessage> zero(long first, long words, Xids xids) {
        List<PofMessage> out = new ArrayList<>();
        for (long done = 0; done < words; done += 0xFFFF) {
            out.add(HxRegisterMod.zero(xids.next(), first + done, (int) Math.min(0xFFFF, words - done)));
        }
        return out;
    }

    /**
     * The messages from the program of {@code before} (placed by {@code slots}) to that of
     * {@code after}: DELETEs of removed nodes (deepest first; the switch's idle hook takes each
     * active one out of its parent's sums), register zeroing of reused slots and the port's B if
     * eta or C changed, MODIFYs of nodes whose entry changed (params, key, parent), ADDs of new
     * nodes (parents first). A node that moves to another level is deleted and added again, keeping
     * its handle and register slot. Changed levels, allocation mode or port give a full reinstall.
     */
    public static CompiledDelta diff(BandwidthTree before, BandwidthTree after, SlotMap slots, SwitchCapabilities caps,
                                     CompilerOptions opts) {
        Objects.requireNonNull(slots, "slots");
        requireHx(after, caps);
        return diff(Admission.admit(before), Admission.admit(after), null, slots, caps, opts);
    }

    /**
     * {@link #diff(BandwidthTree, BandwidthTree, SlotMap, SwitchCapabilities, CompilerOptions)} of
     * already admitted trees. With {@code edit} (the edit that made {@code after} from
     * {@code before}, as {@link org.hsdba.model.TreeEdit#apply} gives it) only the entries the edit
     * can have changed are rebuilt and compared, so the cost follows the change rather than the
     * tree; without it (null) every entry is. The messages are the same either way.
     *
     * @throws IllegalArgumentException if {@code edit} is not from {@code before}'s tree to {@code after}'s
     */
    public static CompiledDelta diff(ResolvedTree before, ResolvedTree after, AppliedEdit edit, SlotMap slots,
                                     SwitchCapabilities caps, CompilerOptions opts) {
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(slots, "slots");
        BandwidthTree from = before.tree();
        BandwidthTree to = after.tree();
        SwitchCapabilities.Hx hx = requireHx(to, caps);
        ProgramLayout oldLayout = new ProgramLayout(from, caps, opts);
        if (needsReinstall(from, to)) {
            return reinstall(before, after, slots, caps, opts, oldLayout);
        }
        ProgramLayout layout = new ProgramLayout(to, caps, opts);
        checkStatic(to, caps, hx, layout);
        Entries was = new Entries(before, oldLayout, caps, opts);
        Entries now = new Entries(after, layout, caps, opts);
        EditScope scope = edit == null ? EditScope.everything(from, to) : EditScope.of(edit, before, after);
        TreeDiff d = new TreeDiff(from, to, slots, scope);
        checkCapacity(to, hx, layout, d.slots(), now);
        Xids xids = new Xids(opts.firstXid());
        List<PofMessage> out = d.messages(oldLayout, layout, was, now, xids, Dispatch.BY_TAG, Dispatch.BY_TAG);
        return new CompiledDelta(out, d.slots(), false, d.added(), d.modified(), d.deleted(), xids.peek());
    }

    /** Level tables, allocation mode or port changed: the tables, blocks or registers change shape. */
    static boolean needsReinstall(BandwidthTree before, BandwidthTree after) {
        return levelTablesDiffer(before, after) || before.mode() != after.mode() || !before.port().equals(after.port());
    }

    /**
     * True if the level tables change shape: another number of levels, or a level with another
     * name or field. A level's join template only changes entries (lookup params, catch-alls).
     */
    public static boolean levelTablesDiffer(BandwidthTree before, BandwidthTree after) {
        if (before.levels().size() != after.levels().size()) {
            return true;
        }
        for (int k = 0; k < before.levels().size(); k++) {
            LevelSpec a = before.levels().get(k);
            LevelSpec b = after.levels().get(k);
            if (!a.name().equals(b.name()) || !a.field().equals(b.field())) {
                return true;
            }
        }
        return false;
    }

    /** The instruction blocks of a tree's program (port block, then one per level). */
    public static List<BlockProgram> blocks(BandwidthTree tree, SwitchCapabilities caps, CompilerOptions opts) {
        SwitchCapabilities.Hx hx = requireHx(tree, caps);
        return blocks(tree, new ProgramLayout(tree, caps, opts), opts, hx);
    }

    static List<BlockProgram> blocks(BandwidthTree tree, ProgramLayout layout, CompilerOptions opts,
                                             SwitchCapabilities.Hx hx) {
        checkHold(tree, opts.algorithm());
        LevelBlocks gen = new LevelBlocks(opts.algorithm(), tree.mode() == AllocationMode.GUARANTEE_EXCESS, layout, opts);
        List<BlockProgram> out = new ArrayList<>();
        out.add(gen.portBlock());
        for (int level = 1; level <= layout.levels(); level++) {
            out.add(gen.levelBlock(level));
        }
        long perPacket = 0;
        for (BlockProgram b : out) {
            if (b.instructions().size() > hx.maxBlockInstructions()) {
                throw new CompilerException(tree.rootPath() + ": block " + b.blockId() + " has "
                        + b.instructions().size() + " instructions, the switch allows " + hx.maxBlockInstructions());
            }
            perPacket += b.idlePc() == HxTypes.NONE_16 ? b.instructions().size() : b.idlePc();
        }
        // Every level's entry adds its HX_CALL_BLOCK; the sum bounds what one packet executes.
        perPacket += layout.levels() + 1;
        if (perPacket > hx.instructionBudget()) {
            throw new CompilerException(tree.rootPath() + ": a packet may execute up to " + perPacket
                    + " instructions through " + layout.levels() + " levels, above the switch's budget of "
                    + hx.instructionBudget());
        }
        return out;
    }

    /**
     * The responsive hold compiles in two forms (docs/hsdba-compiler.md section 5 item 11): the
     * plain hold (climbing, independent draws: its hold end and bank take state words 6 and 7, the
     * stratified draw's) and the summed hold (claim + no climb + sums, either draw: its claim takes
     * the state word its level's estimator leaves free, {@link Words#holdClaimWord}, and with the
     * stratified draw the credit shares its words with the hold). Other mixes of the kernel's hold rules, and combinations that
     * do not fit, are refused, naming what to change.
     */
    static void checkHold(BandwidthTree tree, org.hsdba.algorithm.KernelOptions algo) {
        if (algo.responsiveHold().isZero()) {
            return;
        }
        String hold = "the responsive hold (" + org.hsdba.model.Durations.format(algo.responsiveHold()) + ")";
        boolean plain = !algo.holdClaim() && !algo.holdRelease() && algo.holdClimbs() && !algo.holdSums();
        boolean summed = algo.holdClaim() && !algo.holdRelease() && !algo.holdClimbs() && algo.holdSums();
        if (!plain && !summed) {
            // Kernel experiments (docs/hsdba-compiler.md section 5 item 11, "rules tried"): a program
            // without them would silently disagree with the kernel it is checked against.
            throw new CompilerException(tree.rootPath() + ": " + hold + " compiles as the plain hold or as claim + no climb"
                    + " + sums (holdClaim, holdClimbs off, holdSums); holdRelease and other mixes of the hold rules are"
                    + " kernel experiments the switch program does not implement");
        }
        if (plain && algo.dropDraw() != org.hsdba.algorithm.DropDraw.INDEPENDENT) {
            throw new CompilerException(tree.rootPath() + ": " + hold + " without holdClaim needs the independent drop draw"
                    + " (DropDraw.INDEPENDENT): its hold end and bank take state words 6 and 7, which the "
                    + algo.dropDraw() + " draw keeps its credit in");
        }
        if (algo.dropRule() != org.hsdba.algorithm.DropRule.DEEPEST_LEVEL) {
            throw new CompilerException(tree.rootPath() + ": " + hold + " needs the deepest-level drop rule, not "
                    + algo.dropRule() + ": a hold starts at the drop of the packet's deepest matched node");
        }
    }

    /**
     * HX_BLOCK_MODs that redefine, in place, each block of {@code now} that differs from the block
     * of {@code was} with the same id (a switch swaps a block in atomically and keeps the entries
     * calling it); nothing for blocks that are the same.
     */
    static List<PofMessage> replacedBlocks(List<BlockProgram> was, List<BlockProgram> now, Xids xids) {
        List<PofMessage> out = new ArrayList<>();
        for (BlockProgram b : now) {
            BlockProgram old = was.stream().filter(w -> w.blockId() == b.blockId()).findFirst().orElse(null);
            if (old == null || !blockMessages(old, new Xids(0)).equals(blockMessages(b, new Xids(0)))) {
                out.addAll(blockMessages(b, xids));
            }
        }
        return out;
    }

    private static List<PofMessage> blockMessages(BlockProgram b, Xids xids) {
        return BlockMessages.messages(b.blockId(), b.idlePc(), b.instructions(), xids);
    }

    private static CompiledDelta reinstall(ResolvedTree before, ResolvedTree after, SlotMap slots,
                                           SwitchCapabilities caps, CompilerOptions opts, ProgramLayout oldLayout) {
        Xids xids = new Xids(opts.firstXid());
        List<PofMessage> out = new ArrayList<>(deleteNodes(slots, oldLayout, xids));
        out.add(Entries.deletePortEntry(oldLayout, xids.next()));
        Entries old = new Entries(before, oldLayout, caps, opts);
        out.addAll(old.deleteTables(xids));
        CompiledProgram fresh = compile(after, caps, opts.toBuilder().firstXid(xids.peek()).build());
        out.addAll(fresh.messages());
        return new CompiledDelta(out, fresh.slots(), true, fresh.slots().size(), 0, slots.size(), fresh.nextXid());
    }

    /** DELETEs of every node entry, deepest first. */
    static List<PofMessage> deleteNodes(SlotMap slots, ProgramLayout layout, Xids xids) {
        List<NodeSlot> all = new ArrayList<>(slots.all().values());
        all.sort(Comparator.comparingInt(NodeSlot::level).reversed());
        List<PofMessage> out = new ArrayList<>();
        for (NodeSlot s : all) {
            out.add(Entries.deleteEntry(s, layout, xids.next()));
        }
        return out;
    }

    static HxRegisterMod rootBandwidth(BandwidthTree tree, ProgramLayout layout, Xids xids) {
        return HxRegisterMod.write(xids.next(), layout.registerBase(SlotMap.PORT) + Words.R_BANDWIDTH,
                FixedPoint.bytesPerSecond(tree.rootBandwidth()));
    }

    static SwitchCapabilities.Hx requireHx(BandwidthTree tree, SwitchCapabilities caps) {
        return caps.hx().orElseThrow(() -> new CompilerException(tree.rootPath() + ": the switch does not implement"
                + " the HX extension; compile its tree for controller-assisted mode instead"));
    }

    static void checkStatic(BandwidthTree tree, SwitchCapabilities caps, SwitchCapabilities.Hx hx,
                                    ProgramLayout layout) {
        if (hx.stateWords() < Words.STATE_WORDS) {
            throw new CompilerException(tree.rootPath() + ": the program keeps " + Words.STATE_WORDS
                    + " state words per entry, the switch has " + hx.stateWords());
        }
        if (hx.maxParamBytes() < 8 * Words.PARAM_WORDS) {
            throw new CompilerException(tree.rootPath() + ": entries carry " + 8 * Words.PARAM_WORDS
                    + " param bytes, the switch allows " + hx.maxParamBytes());
        }
        if (layout.levelBlock(layout.levels()) >= hx.maxBlocks()) {
            throw new CompilerException(tree.rootPath() + ": the program needs blocks " + layout.portBlock() + ".."
                    + layout.levelBlock(layout.levels()) + ", the switch has " + hx.maxBlocks());
        }
        for (int level = 1; level <= layout.levels(); level++) {
            FieldSpec f = tree.levels().get(level - 1).field();
            int key = Words.M_TAG_BITS + f.lengthBits();
            if (key > caps.keyLengthBits()) {
                throw new CompilerException(tree.rootPath() + ": level \"" + tree.levels().get(level - 1).name()
                        + "\" needs a " + key + "-bit key (32-bit parent tag + " + f.lengthBits()
                        + "-bit field), the switch allows " + caps.keyLengthBits());
            }
        }
    }

    static void checkCapacity(BandwidthTree tree, SwitchCapabilities.Hx hx, ProgramLayout layout, SlotMap slots,
                                      Entries entries) {
        if (layout.registerSlotCapacity() != Long.MAX_VALUE) {
            // A placed tree: its register chunks were sized for these slots and lie inside the register file.
            if (slots.registerSlotLimit() > layout.registerSlotCapacity()) {
                throw new IllegalStateException(tree.rootPath() + ": " + slots.registerSlotLimit()
                        + " register slots but only " + layout.registerSlotCapacity() + " placed");
            }
        } else if (layout.registerBase(slots.registerSlotLimit()) > hx.registerWords()) {
            long words = layout.registerBase(slots.registerSlotLimit());
            throw new CompilerException(tree.rootPath() + ": " + slots.registerSlotLimit() + " register blocks of "
                    + Words.REGISTERS_PER_SLOT + " words (one per node that can have children, and the port) need "
                    + words + " register words, the switch has " + hx.registerWords());
        }
        for (int level = 1; level <= layout.levels(); level++) {
            if (slots.entryLimit(level) > entries.tableSize()) {
                throw new CompilerException(tree.rootPath() + ": level \"" + tree.levels().get(level - 1).name()
                        + "\" needs " + slots.entryLimit(level) + " entries, its table holds " + entries.tableSize());
            }
        }
    }
}
