package org.hsdba.pofswitch.datapath;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.hsdba.pof.ext.HxAlu;
import org.hsdba.pof.ext.HxBranch;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxDomain;
import org.hsdba.pof.ext.HxLookup;
import org.hsdba.pof.ext.HxOperand;
import org.hsdba.pof.instruction.GotoDirectTable;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pofswitch.tables.FlowEntry;
import org.hsdba.pofswitch.tables.FlowTable;
import org.hsdba.pofswitch.tables.TableStore;

/**
 * Which packets may run at the same time: every entry of the first table (global 0, the
 * dispatch table of a switch with several trees) starts a <em>domain</em>, and two entries share
 * one when a packet entering by one can touch state a packet entering by the other can touch: an
 * entry of the same table (its runtime, state words, HX counters) or the same register word.
 * Found from the installed program as it is (the tables a list can go to, the blocks it calls and
 * the register words its operands name, an indexed one with the calling entry's parameter), so it
 * holds for any program, not only the compiler's one-tree-per-port layout: a program whose lists
 * go back to table 0 is one domain. Packets of one domain run one at a time under its lock; stock
 * counters, the random stream, the idle bound and the outstanding joins are switch-wide and safe
 * to share ({@link HxState}, {@link org.hsdba.pofswitch.tables.CounterStore}).
 *
 * <p>Built under the datapath's exclusive lock after a change of the program's shape (tables,
 * blocks, HELLO), like {@link FastProgram}; a FLOW_MOD updates them in place ({@link #added},
 * {@link #removed}): an added entry's reach is walked on its own (what it reaches that others
 * reach already stops the walk), so a join costs its own entry, not every entry of the switch.
 */
final class Domains {
    /**
     * One domain: its lock and the latest time a packet in it used (so a tree's time never goes
     * back). The lock is a compare-and-set on a word taken and a release store to give it up (a
     * {@code ReentrantLock}'s unlock is a second atomic); held for one packet, so a thread that
     * finds it taken spins, then yields.
     */
    static final class Domain {
        private static final VarHandle TAKEN;

        static {
            try {
                TAKEN = MethodHandles.lookup().findVarHandle(Domain.class, "taken", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        @SuppressWarnings("unused") // through TAKEN
        private volatile int taken;
        /** Guarded by the domain's lock. */
        long lastTimeNs = Long.MIN_VALUE;

        void lock() {
            for (int spins = 0; !TAKEN.compareAndSet(this, 0, 1); spins++) {
                if (spins < 256) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield(); // its packet's thread may be descheduled
                }
            }
        }

        void unlock() {
            TAKEN.setRelease(this, 0);
        }
    }

    /**
     * Table-0 entries that share state, with the tables and register words their packets reach
     * (each owned by one group). Every owned table's entries have been walked into its group: an
     * entry added to it later is walked on its own, and a walk that meets a table or word of
     * another group merges the two (the smaller into the larger, so a root moves O(log n) times).
     */
    private static final class Group {
        final Domain domain = new Domain();
        final List<FlowEntry> roots = new ArrayList<>(1);
        final List<Integer> tables = new ArrayList<>();
        final List<Long> registers = new ArrayList<>();

        int size() {
            return roots.size() + tables.size() + registers.size();
        }
    }

    private final TableStore store;
    private final Map<Integer, HxState.Block> blocks;
    private final Map<Integer, Summary> blockSummaries = new HashMap<>();
    private final Map<Integer, Group> tableOwner = new HashMap<>();
    private final Map<Long, Group> registerOwner = new HashMap<>();
    /** Every root's group. */
    private final Map<FlowEntry, Group> rootGroup = new IdentityHashMap<>();
    /**
     * Roots by entry index (below {@link #INDEXED}), the latest installed root of an index; an
     * entry sharing its index with another (POFSwitch allows it) may be found by the map only.
     */
    private FlowEntry[] rootByIndex = new FlowEntry[16];
    private Domain[] domainByIndex = new Domain[16];
    /** Some entry's packets go back to table 0: every root is one group ({@link #all}). */
    private Group all;
    /**
     * Removals since the build: a removal never splits a group (packets of the parts would only
     * wait for each other more than needed), but after as many as half the entries there were,
     * the datapath builds the domains again (amortised O(1) a removal).
     */
    private int removals;
    private final int removalBudget;

    private Domains(TableStore store, Map<Integer, HxState.Block> blocks) {
        this.store = store;
        this.blocks = blocks;
        int entries = 0;
        for (FlowTable t : store.all()) {
            entries += t.size();
        }
        this.removalBudget = entries / 2 + 64;
    }

    /** Entry indexes below this are looked up in an array (table sizes are far below it). */
    private static final long INDEXED = 1 << 16;

    /** The domain a packet matching {@code entry} of table 0 runs in. */
    Domain of(FlowEntry entry) {
        long i = entry.index();
        FlowEntry[] byIndex = rootByIndex;
        if (i >= 0 && i < byIndex.length && byIndex[(int) i] == entry) {
            return domainByIndex[(int) i];
        }
        Group g = rootGroup.get(entry);
        if (g == null) {
            throw new IllegalStateException("global table 0 entry " + entry.index() + " was installed after the "
                    + "domains were built: a change did not reach them");
        }
        return g.domain;
    }

    /** Number of distinct domains (for tests and the benchmark; exact only if {@link #coarse()} is false). */
    int count() {
        java.util.Set<Group> groups = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        groups.addAll(rootGroup.values());
        return groups.size();
    }

    /** Whether an entry was removed since the build: groups may be larger than a build would make them. */
    boolean coarse() {
        return removals > 0;
    }

    static Domains build(TableStore tables, Map<Integer, HxState.Block> blocks) {
        Domains d = new Domains(tables, blocks);
        FlowTable first = tables.byGlobalId(0);
        if (first != null) {
            for (FlowEntry e : first.entries()) {
                d.added(e);
            }
        }
        return d;
    }

    /** {@code entry} was just added to its table (exclusive lock held). */
    void added(FlowEntry entry) {
        if (entry.tableGlobalId() == 0) {
            Group g = all != null ? all : new Group();
            g.roots.add(entry);
            place(entry, g);
            if (all == null) {
                walk(g, entry);
            }
            return;
        }
        Group owner = all == null ? tableOwner.get(entry.tableGlobalId()) : null;
        if (owner != null) {
            walk(owner, entry);
        } // else no root reaches its table (yet): the walk of a root that will reach it sees the entry
    }

    /**
     * {@code entry} was just removed from its table (exclusive lock held). Returns true when the
     * domains should be built again (see {@link #removals}).
     */
    boolean removed(FlowEntry entry) {
        if (entry.tableGlobalId() == 0) {
            Group g = rootGroup.remove(entry);
            if (g != null) {
                g.roots.remove(entry);
            }
            long i = entry.index();
            if (i >= 0 && i < rootByIndex.length && rootByIndex[(int) i] == entry) {
                rootByIndex[(int) i] = null;
                domainByIndex[(int) i] = null;
            }
        }
        return ++removals > removalBudget;
    }

    private void place(FlowEntry root, Group g) {
        rootGroup.put(root, g);
        long i = root.index();
        if (i < 0 || i >= INDEXED) {
            return;
        }
        if (i >= rootByIndex.length) {
            int cap = (int) Math.min(INDEXED, Math.max(i + 1, rootByIndex.length * 2L));
            rootByIndex = java.util.Arrays.copyOf(rootByIndex, cap);
            domainByIndex = java.util.Arrays.copyOf(domainByIndex, cap);
        }
        rootByIndex[(int) i] = root; // another root of the same index (if any) is found by the map
        domainByIndex[(int) i] = g.domain;
    }

    /** Everything {@code entry}'s packets reach, into {@code start}'s group (merging the groups met). */
    private void walk(Group start, FlowEntry entry) {
        Walk w = new Walk(start);
        w.entry(entry);
        w.drain();
        if (w.reachesFirst && all == null) {
            everyRootInOne();
        }
    }

    /** Some list goes to table 0: one domain for every root from now on (until the next build). */
    private void everyRootInOne() {
        Group one = new Group();
        for (Map.Entry<FlowEntry, Group> m : rootGroup.entrySet()) {
            one.roots.add(m.getKey());
            m.setValue(one);
        }
        for (int i = 0; i < rootByIndex.length; i++) {
            if (rootByIndex[i] != null) {
                domainByIndex[i] = one.domain;
            }
        }
        tableOwner.clear();
        registerOwner.clear();
        all = one;
    }

    /** Merges two groups; returns the one left (the larger, with the other's roots, tables and words). */
    private Group merge(Group a, Group b) {
        Group big = a.size() >= b.size() ? a : b;
        Group small = big == a ? b : a;
        big.domain.lastTimeNs = Math.max(big.domain.lastTimeNs, small.domain.lastTimeNs);
        for (FlowEntry r : small.roots) {
            big.roots.add(r);
            place(r, big);
        }
        for (int t : small.tables) {
            big.tables.add(t);
            tableOwner.put(t, big);
        }
        for (long w : small.registers) {
            big.registers.add(w);
            registerOwner.put(w, big);
        }
        return big;
    }

    /** What a block's instructions reach, whatever entry calls it. */
    private static final class Summary {
        final List<Integer> tables = new ArrayList<>();
        final List<Integer> calls = new ArrayList<>();
        final List<Long> fixedRegisters = new ArrayList<>();
        /** Indexed register operands: {offset, parameter word}. */
        final List<int[]> indexedRegisters = new ArrayList<>();

        static Summary of(List<Instruction> list) {
            Summary s = new Summary();
            for (Instruction ins : list) {
                if (ins instanceof GotoTable) {
                    s.tables.add(((GotoTable) ins).nextTableId());
                } else if (ins instanceof GotoDirectTable) {
                    s.tables.add(((GotoDirectTable) ins).nextTableId());
                } else if (ins instanceof HxLookup) {
                    s.tables.add(((HxLookup) ins).nextTableId());
                } else if (ins instanceof HxCallBlock) {
                    s.calls.add(((HxCallBlock) ins).blockId());
                } else if (ins instanceof HxAlu) {
                    HxAlu a = (HxAlu) ins;
                    s.operand(a.a());
                    s.operand(a.b());
                    s.operand(a.c());
                    s.operand(a.dst());
                } else if (ins instanceof HxBranch) {
                    s.operand(((HxBranch) ins).a());
                    s.operand(((HxBranch) ins).b());
                }
            }
            return s;
        }

        private void operand(HxOperand o) {
            if (o == null || o.domain() != HxDomain.REG) {
                return;
            }
            if (o.hasIndex()) {
                indexedRegisters.add(new int[] {o.offset(), o.indexParam()});
            } else {
                fixedRegisters.add((long) o.offset());
            }
        }
    }

    /** One change's walk: what an entry's packets can reach, claimed for (or merged into) one group. */
    private final class Walk {
        Group group;
        boolean reachesFirst;
        private final ArrayDeque<Integer> pendingTables = new ArrayDeque<>();

        Walk(Group group) {
            this.group = group;
        }

        /** An entry's own list, and the blocks it calls with its parameters. */
        void entry(FlowEntry e) {
            list(Summary.of(e.program()), e, new java.util.HashSet<>());
        }

        private void list(Summary s, FlowEntry caller, java.util.Set<Integer> callStack) {
            for (int t : s.tables) {
                if (t == 0) {
                    reachesFirst = true;
                } else {
                    table(t);
                }
            }
            for (long w : s.fixedRegisters) {
                register(w);
            }
            for (int[] r : s.indexedRegisters) {
                if (r[1] < caller.paramWords()) {
                    register(r[0] + caller.paramWord(r[1])); // out of range: the packet fails before touching it
                }
            }
            for (int id : s.calls) {
                HxState.Block b = blocks.get(id);
                if (b != null && callStack.add(id)) {
                    list(blockSummaries.computeIfAbsent(id, k -> Summary.of(b.instructions)), caller, callStack);
                    callStack.remove(id);
                }
            }
        }

        private void table(int t) {
            Group owner = tableOwner.get(t);
            if (owner == null) {
                tableOwner.put(t, group);
                group.tables.add(t);
                pendingTables.add(t); // its entries are walked into the group
            } else if (owner != group) {
                group = merge(group, owner); // its entries are in the owner already
            }
        }

        private void register(long w) {
            Group owner = registerOwner.get(w);
            if (owner == null) {
                registerOwner.put(w, group);
                group.registers.add(w);
            } else if (owner != group) {
                group = merge(group, owner);
            }
        }

        void drain() {
            while (!pendingTables.isEmpty()) {
                FlowTable t = store.byGlobalId(pendingTables.poll());
                if (t == null) {
                    continue;
                }
                for (FlowEntry e : t.entries()) {
                    entry(e);
                }
            }
        }
    }
}
