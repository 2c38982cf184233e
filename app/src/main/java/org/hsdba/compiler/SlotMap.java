package org.hsdba.compiler;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Stable placement of nodes in a switch: entry index per level table, handle, register slot
 * ({@link NodeSlot}). Travels with a compiled program so that an edit keeps every surviving node
 * where it is; numbers freed by a delete are reused by later adds (never within the same delta,
 * so a freed register block is not reused while the deletes that clean it are still in flight).
 * Register slot 0 and handle 0 are the port. Immutable; {@link #edit()} gives a mutable copy.
 *
 * <p>Copy-on-write, so that an edit of one node costs what it changes rather than the tree's
 * size: the slots are a shared immutable base plus the changes since (a removed node maps to
 * {@link #REMOVED}), folded into a new base once the changes reach a sixteenth of it. The changes
 * are two layers, the older ones and the last few edits' ({@link #RECENT_KEPT} at most): an edit
 * copies the recent layer only, not every change since the last fold (a sixteenth of the tree:
 * copied twice per join, that was 2.5 % of a lane's CPU per join with 2000 users under one parent).
 */
public final class SlotMap {

    /** Register slot and handle of the port itself. */
    public static final int PORT = 0;

    /** A node's slot in the changes: the node was removed from the base. */
    private static final NodeSlot REMOVED = new NodeSlot(0, 0, NodeSlot.NONE, NodeSlot.NONE);
    private static final int MIN_CHANGES_KEPT = 64;
    /** Changes of the last edits kept apart from the older ones; more are moved into the older layer. */
    private static final int RECENT_KEPT = 16;

    private static final SlotMap EMPTY = new SlotMap(Map.of(), Map.of(), Map.of(), 0, Map.of(), new Numbers(1),
            new Numbers(1));

    private final Map<String, NodeSlot> base;
    /** Changes over {@code base} older than those in {@code recent}. */
    private final Map<String, NodeSlot> changes;
    /** Changes over {@code base} and {@code changes}, of the last edits. */
    private final Map<String, NodeSlot> recent;
    private final int size;
    private final Map<Integer, Numbers> entryNumbers;
    private final Numbers handles;
    private final Numbers registers;
    /** base and changes merged, on first need. */
    private volatile Map<String, NodeSlot> merged;

    private SlotMap(Map<String, NodeSlot> base, Map<String, NodeSlot> changes, Map<String, NodeSlot> recent, int size,
                    Map<Integer, Numbers> entryNumbers, Numbers handles, Numbers registers) {
        this.base = base;
        this.changes = changes;
        this.recent = recent;
        this.size = size;
        this.entryNumbers = entryNumbers;
        this.handles = handles;
        this.registers = registers;
    }

    private static NodeSlot lookup(Map<String, NodeSlot> base, Map<String, NodeSlot> changes,
                                   Map<String, NodeSlot> recent, String id) {
        NodeSlot s = recent.get(id);
        if (s == null) {
            s = changes.get(id);
        }
        if (s == null) {
            return base.get(id);
        }
        return s == REMOVED ? null : s;
    }

    /** {@code base} with the {@code changes}, then the {@code recent} changes, applied. */
    private static Map<String, NodeSlot> merge(Map<String, NodeSlot> base, Map<String, NodeSlot> changes,
                                               Map<String, NodeSlot> recent) {
        Map<String, NodeSlot> out = new HashMap<>(base);
        for (Map<String, NodeSlot> layer : List.of(changes, recent)) {
            layer.forEach((id, s) -> {
                if (s == REMOVED) {
                    out.remove(id);
                } else {
                    out.put(id, s);
                }
            });
        }
        return Map.copyOf(out);
    }

    private Map<String, NodeSlot> byId() {
        Map<String, NodeSlot> m = merged;
        if (m == null) {
            m = changes.isEmpty() && recent.isEmpty() ? base : merge(base, changes, recent);
            merged = m;
        }
        return m;
    }

    public static SlotMap empty() {
        return EMPTY;
    }

    public Optional<NodeSlot> slot(String id) {
        return Optional.ofNullable(lookup(base, changes, recent, id));
    }

    /** The node's slot; throws if it has none. */
    public NodeSlot get(String id) {
        NodeSlot s = lookup(base, changes, recent, id);
        if (s == null) {
            throw new IllegalArgumentException("node \"" + id + "\" has no slot in this program");
        }
        return s;
    }

    public Map<String, NodeSlot> all() {
        return byId();
    }

    public int size() {
        return size;
    }

    /** One more than the largest handle ever given (what counter ids must cover). */
    public int handleLimit() {
        return (int) handles.next;
    }

    /** One more than the largest register slot ever given (what the register file must cover). */
    public int registerSlotLimit() {
        return (int) registers.next;
    }

    /** One more than the largest entry index ever given in a level's table. */
    public long entryLimit(int level) {
        Numbers n = entryNumbers.get(level);
        return n == null ? 0 : n.next;
    }

    public Editor edit() {
        return new Editor(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SlotMap && ((SlotMap) o).byId().equals(byId());
    }

    @Override
    public int hashCode() {
        return byId().hashCode();
    }

    @Override
    public String toString() {
        return "SlotMap{" + size + " nodes, handles < " + handles.next + ", register slots < " + registers.next + "}";
    }

    /** A counter with a free list. */
    private static final class Numbers {
        final long first;
        long next;
        final ArrayDeque<Long> free = new ArrayDeque<>();

        Numbers(long first) {
            this.first = first;
            this.next = first;
        }

        Numbers copy() {
            Numbers c = new Numbers(first);
            c.next = next;
            c.free.addAll(free);
            return c;
        }

        long take() {
            Long f = free.pollFirst();
            return f != null ? f : next++;
        }
    }

    /** A mutable copy; {@link #build()} freezes it. */
    public static final class Editor {
        private final Map<String, NodeSlot> base;
        private final Map<String, NodeSlot> changes;
        private final Map<String, NodeSlot> recent;
        /** This edit's changes over the three layers of the map it edits. */
        private final Map<String, NodeSlot> mine = new HashMap<>();
        private int size;
        private final Map<Integer, Numbers> entryNumbers = new HashMap<>();
        private final Numbers handles;
        private final Numbers registers;
        private final List<NodeSlot> released = new ArrayList<>();
        private final Set<Integer> reusedRegisterSlots = new HashSet<>();

        private Editor(SlotMap from) {
            this.base = from.base;
            this.changes = from.changes;
            this.recent = from.recent;
            this.size = from.size;
            from.entryNumbers.forEach((level, n) -> entryNumbers.put(level, n.copy()));
            this.handles = from.handles.copy();
            this.registers = from.registers.copy();
        }

        public Optional<NodeSlot> slot(String id) {
            return Optional.ofNullable(lookup(id));
        }

        private NodeSlot lookup(String id) {
            NodeSlot s = mine.get(id);
            if (s == null) {
                return SlotMap.lookup(base, changes, recent, id);
            }
            return s == REMOVED ? null : s;
        }

        private void put(String id, NodeSlot s) {
            mine.put(id, s);
        }

        private NodeSlot remove(String id) {
            NodeSlot old = lookup(id);
            if (old != null) {
                if (SlotMap.lookup(base, changes, recent, id) != null) {
                    mine.put(id, REMOVED); // hides the layers' slot
                } else {
                    mine.remove(id); // given in this edit
                }
                size--;
            }
            return old;
        }

        /** Places a node at {@code level}; with {@code registers} it also gets a register slot. */
        public NodeSlot allocate(String id, int level, boolean withRegisters) {
            if (lookup(id) != null) {
                throw new IllegalStateException("node \"" + id + "\" already has a slot");
            }
            long index = entryNumbers.computeIfAbsent(level, l -> new Numbers(0)).take();
            int handle = (int) handles.take();
            int reg = withRegisters ? takeRegisterSlot() : NodeSlot.NONE;
            NodeSlot s = new NodeSlot(level, index, handle, reg);
            put(id, s);
            size++;
            return s;
        }

        /**
         * Moves a node to another level table (new entry index) keeping its handle and register
         * slot, adding one if it now needs it.
         */
        public NodeSlot relocate(String id, int level, boolean withRegisters) {
            NodeSlot old = lookup(id);
            if (old == null) {
                throw new IllegalStateException("node \"" + id + "\" has no slot");
            }
            long index = old.entryIndex();
            if (old.level() != level) {
                released.add(new NodeSlot(old.level(), old.entryIndex(), NodeSlot.NONE, NodeSlot.NONE));
                index = entryNumbers.computeIfAbsent(level, l -> new Numbers(0)).take();
            }
            int reg = old.registerSlot();
            if (withRegisters && reg == NodeSlot.NONE) {
                reg = takeRegisterSlot();
            }
            NodeSlot s = new NodeSlot(level, index, old.handle(), reg);
            put(id, s);
            return s;
        }

        private int takeRegisterSlot() {
            boolean reuse = !registers.free.isEmpty();
            int reg = (int) registers.take();
            if (reuse) {
                reusedRegisterSlots.add(reg);
            }
            return reg;
        }

        /** Frees a node's numbers (reusable after this edit). */
        public NodeSlot release(String id) {
            NodeSlot old = remove(id);
            if (old == null) {
                throw new IllegalStateException("node \"" + id + "\" has no slot");
            }
            released.add(old);
            return old;
        }

        /** Register slots handed out again in this edit: their words must be zeroed before use. */
        public Set<Integer> reusedRegisterSlots() {
            return Collections.unmodifiableSet(reusedRegisterSlots);
        }

        public SlotMap build() {
            Map<Integer, Numbers> entries = new HashMap<>(entryNumbers);
            for (NodeSlot s : released) {
                entries.computeIfAbsent(s.level(), l -> new Numbers(0)).free.addLast(s.entryIndex());
                if (s.handle() != NodeSlot.NONE) {
                    handles.free.addLast((long) s.handle());
                }
                if (s.hasRegisters()) {
                    registers.free.addLast((long) s.registerSlot());
                }
            }
            Map<Integer, Numbers> numbers = Map.copyOf(entries);
            Map<String, NodeSlot> older = changes;
            Map<String, NodeSlot> last = recent;
            if (!mine.isEmpty()) {
                Map<String, NodeSlot> r = new HashMap<>(recent);
                r.putAll(mine);
                last = Collections.unmodifiableMap(r);
            }
            if (last.size() > RECENT_KEPT) {
                Map<String, NodeSlot> c = new HashMap<>(changes);
                c.putAll(last);
                older = Collections.unmodifiableMap(c);
                last = Map.of();
            }
            if (older.size() + last.size() > Math.max(MIN_CHANGES_KEPT, base.size() / 16)) {
                return new SlotMap(merge(base, older, last), Map.of(), Map.of(), size, numbers, handles.copy(),
                        registers.copy());
            }
            return new SlotMap(base, older, last, size, numbers, handles.copy(), registers.copy());
        }
    }
}
