package org.hsdba.compiler;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.hsdba.pof.table.TableType;

/**
 * Which switch resources each tree of a switch holds ({@link TreePlacement}): dispatch entries,
 * MM tables (all after the dispatch table), blocks and register chunks (in-switch) or counter
 * chunks (controller-assisted). Numbers are handed out lowest first; numbers a tree gives back are
 * reusable only after the edit that freed them, so one batch of messages never deletes and
 * re-creates the same table or entry for different trees. Immutable; {@link #edit()} gives a
 * mutable copy.
 */
public final class SwitchPlacement {

    /** Entries of the dispatch table: at most this many trees per switch. */
    public static final int DISPATCH_SIZE = 64;

    private enum Pool { DISPATCH, TABLE, BLOCK, REGISTER_CHUNK, COUNTER_CHUNK }

    private final Map<Long, TreePlacement> trees;
    private final Map<Pool, NumberPool> free;
    private final int dispatchTable;
    private final int mmTables;

    private SwitchPlacement(Map<Long, TreePlacement> trees, Map<Pool, NumberPool> free, int dispatchTable,
                            int mmTables) {
        this.trees = trees;
        this.free = free;
        this.dispatchTable = dispatchTable;
        this.mmTables = mmTables;
    }

    /**
     * Nothing placed yet. In-switch ({@code caps.hx()} present): blocks from
     * {@code opts.firstBlockId()} and register chunks from {@code opts.firstRegisterWord()};
     * controller-assisted: counter chunks from id 0 (id 0 itself is the port's handle, never used).
     */
    public static SwitchPlacement empty(SwitchCapabilities caps, CompilerOptions opts) {
        Map<Pool, NumberPool> free = new EnumMap<>(Pool.class);
        int mm = caps.tables().count(TableType.MM);
        free.put(Pool.DISPATCH, NumberPool.range(0, Math.min(DISPATCH_SIZE, caps.tableSize()), 1));
        free.put(Pool.TABLE, NumberPool.range(opts.firstTable() + 1L, mm, 1));
        free.put(Pool.BLOCK, NumberPool.EMPTY);
        free.put(Pool.REGISTER_CHUNK, NumberPool.EMPTY);
        free.put(Pool.COUNTER_CHUNK, NumberPool.EMPTY);
        if (caps.hx().isPresent()) {
            SwitchCapabilities.Hx hx = caps.hx().get();
            free.put(Pool.BLOCK, NumberPool.range(opts.firstBlockId(), hx.maxBlocks(), 1));
            long chunkWords = (long) Words.REGISTERS_PER_SLOT * TreePlacement.REGISTER_CHUNK_SLOTS;
            free.put(Pool.REGISTER_CHUNK, NumberPool.range(opts.firstRegisterWord(),
                    hx.registerWords() - chunkWords + 1, chunkWords));
        } else {
            free.put(Pool.COUNTER_CHUNK, NumberPool.range(0, caps.counterCount() - TreePlacement.COUNTER_CHUNK_IDS + 1,
                    TreePlacement.COUNTER_CHUNK_IDS));
        }
        return new SwitchPlacement(Map.of(), free, opts.firstTable(), mm);
    }

    /** Per-type MM id of the dispatch table (where every packet starts). */
    public int dispatchTable() {
        return dispatchTable;
    }

    public Optional<TreePlacement> tree(long port) {
        return Optional.ofNullable(trees.get(port));
    }

    /** Every placed tree by port. */
    public Map<Long, TreePlacement> trees() {
        return Collections.unmodifiableMap(trees);
    }

    public Editor edit() {
        return new Editor(this);
    }

    @Override
    public String toString() {
        return "SwitchPlacement{dispatch MM#" + dispatchTable + ", " + trees.values() + "}";
    }

    /** A mutable copy; {@link #build()} freezes it and frees what was given back. */
    public static final class Editor {
        private final SwitchPlacement from;
        /** {@code from}'s (immutable) map until the first change, then a copy: most updates change no placement. */
        private Map<Long, TreePlacement> trees;
        private boolean treesCopied;
        /** The free numbers, taken from copies of {@code from}'s pools (made on first use: a join takes none). */
        private final Map<Pool, NumberPool.Mutable> free = new EnumMap<>(Pool.class);
        /** Numbers given back, by pool (a list on first use). */
        private final Map<Pool, List<Long>> released = new EnumMap<>(Pool.class);

        private Editor(SwitchPlacement from) {
            this.from = from;
            this.trees = from.trees;
        }

        public Optional<TreePlacement> tree(long port) {
            return Optional.ofNullable(trees.get(port));
        }

        private Map<Long, TreePlacement> writableTrees() {
            if (!treesCopied) {
                trees = new HashMap<>(trees);
                treesCopied = true;
            }
            return trees;
        }

        public int dispatchTable() {
            return from.dispatchTable;
        }

        /** Places a new tree of {@code levels} levels (blocks too if the switch runs the extension). */
        public TreePlacement place(long port, int levels, boolean withBlocks) {
            if (trees.containsKey(port)) {
                throw new IllegalStateException("port " + port + " is already placed");
            }
            long dispatch = take(Pool.DISPATCH, port, "an entry in the dispatch table (at most "
                    + DISPATCH_SIZE + " trees per switch)");
            List<Integer> tables = takeInts(Pool.TABLE, levels, port, "level tables");
            List<Integer> blocks = withBlocks ? takeInts(Pool.BLOCK, levels + 1, port, "blocks") : List.of();
            TreePlacement p = new TreePlacement(port, dispatch, tables, blocks, List.of(), List.of());
            writableTrees().put(port, p);
            return p;
        }

        /** Changes a tree's level count, keeping its dispatch entry, chunks and its first tables and blocks. */
        public TreePlacement relevel(long port, int levels) {
            TreePlacement p = get(port);
            List<Integer> tables = resize(Pool.TABLE, p.levelTables(), levels, port, "level tables");
            List<Integer> blocks = p.blocks().isEmpty() ? List.of()
                    : resize(Pool.BLOCK, p.blocks(), levels + 1, port, "blocks");
            TreePlacement q = new TreePlacement(port, p.dispatchIndex(), tables, blocks, p.registerChunks(),
                    p.counterChunks());
            writableTrees().put(port, q);
            return q;
        }

        /** Adds register chunks until {@code slots} slots fit; returns the new chunks' word bases (to zero). */
        public List<Long> ensureRegisterSlots(long port, long slots) {
            TreePlacement p = get(port);
            if ((long) p.registerChunks().size() * TreePlacement.REGISTER_CHUNK_SLOTS >= slots) {
                return List.of(); // the placement object stays: what was made of it (its layout) holds
            }
            List<Long> chunks = new ArrayList<>(p.registerChunks());
            List<Long> added = new ArrayList<>();
            while ((long) chunks.size() * TreePlacement.REGISTER_CHUNK_SLOTS < slots) {
                long c = take(Pool.REGISTER_CHUNK, port, "a chunk of " + TreePlacement.REGISTER_CHUNK_SLOTS
                        + " register slots (" + slots + " slots needed, the register file is full)");
                chunks.add(c);
                added.add(c);
            }
            writableTrees().put(port, new TreePlacement(port, p.dispatchIndex(), p.levelTables(), p.blocks(), chunks,
                    p.counterChunks()));
            return added;
        }

        /** Adds counter chunks until handles {@code 0..handleLimit-1} have counter ids. */
        public List<Long> ensureCounters(long port, long handleLimit) {
            TreePlacement p = get(port);
            List<Long> chunks = new ArrayList<>(p.counterChunks());
            List<Long> added = new ArrayList<>();
            while ((long) chunks.size() * TreePlacement.COUNTER_CHUNK_IDS < handleLimit) {
                long c = take(Pool.COUNTER_CHUNK, port, "a chunk of " + TreePlacement.COUNTER_CHUNK_IDS
                        + " counter ids (" + (handleLimit - 1) + " nodes need counters, the switch's counters are used up)");
                chunks.add(c);
                added.add(c);
            }
            writableTrees().put(port, new TreePlacement(port, p.dispatchIndex(), p.levelTables(), p.blocks(),
                    p.registerChunks(), chunks));
            return added;
        }

        /** Gives back everything a tree holds (reusable after this edit). */
        public TreePlacement release(long port) {
            TreePlacement p = get(port);
            writableTrees().remove(port);
            released(Pool.DISPATCH).add(p.dispatchIndex());
            p.levelTables().forEach(t -> released(Pool.TABLE).add((long) t));
            p.blocks().forEach(b -> released(Pool.BLOCK).add((long) b));
            released(Pool.REGISTER_CHUNK).addAll(p.registerChunks());
            released(Pool.COUNTER_CHUNK).addAll(p.counterChunks());
            return p;
        }

        /** The placement after the edits: {@code from} itself if nothing was placed, taken or given back. */
        public SwitchPlacement build() {
            if (!treesCopied && free.isEmpty() && released.isEmpty()) {
                return from;
            }
            Map<Pool, NumberPool> out = new EnumMap<>(Pool.class);
            boolean same = !treesCopied;
            for (Map.Entry<Pool, NumberPool> e : from.free.entrySet()) {
                Pool pool = e.getKey();
                NumberPool.Mutable taken = free.get(pool);
                List<Long> givenBack = released.getOrDefault(pool, List.of());
                NumberPool frozen = taken == null && givenBack.isEmpty() ? e.getValue()
                        : (taken == null ? e.getValue().edit() : taken).freeze(givenBack);
                out.put(pool, frozen);
                same &= frozen == e.getValue();
            }
            if (same) {
                return from;
            }
            return new SwitchPlacement(Map.copyOf(trees), out, from.dispatchTable, from.mmTables);
        }

        private NumberPool.Mutable pool(Pool pool) {
            return free.computeIfAbsent(pool, p -> from.free.get(p).edit());
        }

        private List<Long> released(Pool pool) {
            return released.computeIfAbsent(pool, p -> new ArrayList<>());
        }

        private TreePlacement get(long port) {
            TreePlacement p = trees.get(port);
            if (p == null) {
                throw new IllegalStateException("port " + port + " is not placed");
            }
            return p;
        }

        private List<Integer> resize(Pool pool, List<Integer> have, int count, long port, String what) {
            if (have.size() >= count) {
                have.subList(count, have.size()).forEach(v -> released(pool).add((long) v));
                return new ArrayList<>(have.subList(0, count));
            }
            List<Integer> out = new ArrayList<>(have);
            out.addAll(takeInts(pool, count - have.size(), port, what));
            return out;
        }

        private List<Integer> takeInts(Pool pool, int count, long port, String what) {
            if (pool(pool).size() < count) {
                long others = trees.keySet().stream().filter(p -> p != port).count();
                // Name who holds the rest: the issue's operator read "the other trees" with no other tree there.
                throw new CompilerException("port " + port + ": the switch has no room for " + count + " more " + what
                        + " (" + pool(pool).size() + " free" + (pool == Pool.TABLE ? " of " + from.mmTables
                        + " MM tables; MM#" + from.dispatchTable + " dispatches" + (others == 0 ? "" : ", the "
                        + others + " other tree(s) of the switch hold the rest") : "") + ")");
            }
            List<Integer> out = new ArrayList<>(count);
            for (int k = 0; k < count; k++) {
                out.add((int) take(pool, port, what));
            }
            return out;
        }

        private long take(Pool pool, long port, String what) {
            NumberPool.Mutable numbers = pool(pool);
            if (numbers.isEmpty()) {
                throw new CompilerException("port " + port + ": the switch has no room for " + what);
            }
            return numbers.take();
        }
    }
}
