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
 */
public final class SlotMap {

    /** Register slot and handle of the port itself. */
    public static final int PORT = 0;

    private static final SlotMap EMPTY = new SlotMap(Map.of(), Map.of(), new Numbers(1), new Numbers(1));

    private final Map<String, NodeSlot> byId;
    private final Map<Integer, Numbers> entryNumbers;
    private final Numbers handles;
    private final Numbers registers;

    private SlotMap(Map<String, NodeSlot> byId, Map<Integer, Numbers> entryNumbers, Numbers handles, Numbers registers) {
        this.byId = byId;
        this.entryNumbers = entryNumbers;
        this.handles = handles;
        this.registers = registers;
    }

    public static SlotMap empty() {
        return EMPTY;
    }

    public Optional<NodeSlot> slot(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** The node's slot; throws if it has none. */
    public NodeSlot get(String id) {
        NodeSlot s = byId.get(id);
        if (s == null) {
            throw new IllegalArgumentException("node \"" + id + "\" has no slot in this program");
        }
        return s;
    }

    public Map<String, NodeSlot> all() {
        return Collections.unmodifiableMap(byId);
    }

    public int size() {
        return byId.size();
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
        return o instanceof SlotMap && ((SlotMap) o).byId.equals(byId);
    }

    @Override
    public int hashCode() {
        return byId.hashCode();
    }

    @Override
    public String toString() {
        return "SlotMap{" + byId.size() + " nodes, handles < " + handles.next + ", register slots < " + registers.next + "}";
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
        private final Map<String, NodeSlot> byId;
        private final Map<Integer, Numbers> entryNumbers = new HashMap<>();
        private final Numbers handles;
        private final Numbers registers;
        private final List<NodeSlot> released = new ArrayList<>();
        private final Set<Integer> reusedRegisterSlots = new HashSet<>();

        private Editor(SlotMap from) {
            this.byId = new HashMap<>(from.byId);
            from.entryNumbers.forEach((level, n) -> entryNumbers.put(level, n.copy()));
            this.handles = from.handles.copy();
            this.registers = from.registers.copy();
        }

        public Optional<NodeSlot> slot(String id) {
            return Optional.ofNullable(byId.get(id));
        }

        /** Places a node at {@code level}; with {@code registers} it also gets a register slot. */
        public NodeSlot allocate(String id, int level, boolean withRegisters) {
            if (byId.containsKey(id)) {
                throw new IllegalStateException("node \"" + id + "\" already has a slot");
            }
            long index = entryNumbers.computeIfAbsent(level, l -> new Numbers(0)).take();
            int handle = (int) handles.take();
            int reg = withRegisters ? takeRegisterSlot() : NodeSlot.NONE;
            NodeSlot s = new NodeSlot(level, index, handle, reg);
            byId.put(id, s);
            return s;
        }

        /**
         * Moves a node to another level table (new entry index) keeping its handle and register
         * slot, adding one if it now needs it.
         */
        public NodeSlot relocate(String id, int level, boolean withRegisters) {
            NodeSlot old = byId.remove(id);
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
            byId.put(id, s);
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
            NodeSlot old = byId.remove(id);
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
            return new SlotMap(Map.copyOf(byId), Map.copyOf(entries), handles.copy(), registers.copy());
        }
    }
}
