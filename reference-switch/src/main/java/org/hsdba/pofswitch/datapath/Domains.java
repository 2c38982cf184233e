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
 * <p>Built under the datapath's exclusive lock after any change, like {@link FastProgram}.
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

    /** Table 0's roots by entry index where that index names one entry only (the common case). */
    private final FlowEntry[] rootByIndex;
    private final Domain[] domainByIndex;
    /** Every root: for entries sharing an index or with an index beyond the arrays. */
    private final Map<FlowEntry, Domain> byEntry;
    private final int count;

    private Domains(Map<FlowEntry, Domain> byEntry, int count) {
        this.byEntry = byEntry;
        this.count = count;
        long max = -1;
        for (FlowEntry e : byEntry.keySet()) {
            if (e.index() < INDEXED) {
                max = Math.max(max, e.index());
            }
        }
        this.rootByIndex = new FlowEntry[(int) max + 1];
        this.domainByIndex = new Domain[(int) max + 1];
        java.util.Set<Long> shared = new java.util.HashSet<>();
        for (Map.Entry<FlowEntry, Domain> m : byEntry.entrySet()) {
            long i = m.getKey().index();
            if (i < 0 || i >= INDEXED) {
                continue;
            }
            if (rootByIndex[(int) i] != null) {
                shared.add(i);
            }
            rootByIndex[(int) i] = m.getKey();
            domainByIndex[(int) i] = m.getValue();
        }
        for (long i : shared) { // two entries with one index (POFSwitch allows it): by the map
            rootByIndex[(int) i] = null;
            domainByIndex[(int) i] = null;
        }
    }

    /** Entry indexes below this are looked up in an array (table sizes are far below it). */
    private static final long INDEXED = 1 << 16;

    /** The domain a packet matching {@code entry} of table 0 runs in. */
    Domain of(FlowEntry entry) {
        long i = entry.index();
        if (i >= 0 && i < rootByIndex.length && rootByIndex[(int) i] == entry) {
            return domainByIndex[(int) i];
        }
        Domain d = byEntry.get(entry);
        if (d == null) {
            throw new IllegalStateException("global table 0 entry " + entry.index() + " was installed after the "
                    + "domains were built: a change did not invalidate them");
        }
        return d;
    }

    /** Number of distinct domains (for tests and the benchmark). */
    int count() {
        return count;
    }

    static Domains build(TableStore tables, Map<Integer, HxState.Block> blocks) {
        FlowTable first = tables.byGlobalId(0);
        List<FlowEntry> roots = first == null ? List.of() : new ArrayList<>(first.entries());
        int[] parent = new int[roots.size()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        Map<Integer, Integer> tableOwner = new HashMap<>();
        Map<Long, Integer> registerOwner = new HashMap<>();
        Map<Integer, Summary> summaries = new HashMap<>();
        boolean reachesFirst = false;
        for (int r = 0; r < roots.size(); r++) {
            Walk walk = new Walk(tables, blocks, summaries);
            walk.entry(roots.get(r));
            walk.drain();
            reachesFirst |= walk.reachesFirst;
            for (int t : walk.tables) {
                Integer other = tableOwner.putIfAbsent(t, r);
                if (other != null) {
                    union(parent, r, other);
                }
            }
            for (long w : walk.registers) {
                Integer other = registerOwner.putIfAbsent(w, r);
                if (other != null) {
                    union(parent, r, other);
                }
            }
        }
        Map<FlowEntry, Domain> byEntry = new IdentityHashMap<>();
        Map<Integer, Domain> byRoot = new HashMap<>();
        Domain all = reachesFirst ? new Domain() : null;
        for (int r = 0; r < roots.size(); r++) {
            byEntry.put(roots.get(r), all != null ? all : byRoot.computeIfAbsent(find(parent, r), k -> new Domain()));
        }
        return new Domains(byEntry, all != null ? 1 : byRoot.size());
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    private static void union(int[] parent, int a, int b) {
        parent[find(parent, a)] = find(parent, b);
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

    /** Everything one table-0 entry's packets can reach. */
    private static final class Walk {
        private final TableStore store;
        private final Map<Integer, HxState.Block> blocks;
        private final Map<Integer, Summary> blockSummaries;
        final java.util.Set<Integer> tables = new java.util.HashSet<>();
        final java.util.Set<Long> registers = new java.util.HashSet<>();
        boolean reachesFirst;
        private final ArrayDeque<Integer> pendingTables = new ArrayDeque<>();

        Walk(TableStore store, Map<Integer, HxState.Block> blocks, Map<Integer, Summary> blockSummaries) {
            this.store = store;
            this.blocks = blocks;
            this.blockSummaries = blockSummaries;
        }

        /** An entry's own list, and the blocks it calls with its parameters. */
        void entry(FlowEntry e) {
            list(Summary.of(e.program()), e, new java.util.HashSet<>());
        }

        private void list(Summary s, FlowEntry caller, java.util.Set<Integer> callStack) {
            for (int t : s.tables) {
                if (t == 0) {
                    reachesFirst = true;
                } else if (tables.add(t)) {
                    pendingTables.add(t);
                }
            }
            registers.addAll(s.fixedRegisters);
            for (int[] r : s.indexedRegisters) {
                if (r[1] < caller.paramWords()) {
                    registers.add(r[0] + caller.paramWord(r[1])); // out of range: the packet fails before touching it
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
