package org.hsdba.model;

import java.util.Arrays;
import java.util.List;

/**
 * Node id to pre-order index of one tree: open addressing with linear probing over two flat
 * arrays, plus the few ids inserted since they were built; immutable once built.
 *
 * <p>A join inserts one id and moves every later node up by one. Copying the flat arrays for it
 * made the index the largest allocation of a join (two arrays of 2-4 slots per node, a fifth of
 * what a join allocated at 1000 joins/s, which is what the collector's concurrent work on 2 cores
 * tracks). So an insert is kept as a pending {@code (index, id)} pair, shared with the index it was
 * derived from, and a lookup applies the pending moves to what the flat arrays say; every
 * {@link #MAX_PENDING} inserts the index is built flat again from the tree's nodes. Other edits
 * that change the shape renumber the flat arrays through a table (the ids stay where they are, so
 * their strings are not even read); a removed id leaves a tombstone, and the index is rebuilt when
 * tombstones and ids fill half of it.
 */
final class IdIndex {

    /** Inserts kept pending before the index is built flat again: a lookup costs at most this many steps more. */
    static final int MAX_PENDING = 16;

    /** The value of a removed id: the slot stays occupied so that probe sequences through it go on. */
    private static final int REMOVED = -1;
    private static final String[] NO_IDS = {};
    private static final int[] NO_INDICES = {};

    private final String[] keys;
    private final int[] values;
    private final int shift;
    private final int occupied;
    /**
     * Inserts since the flat arrays were built, oldest first: id {@code pendingIds[j]} went to
     * index {@code pendingAt[j]}, and every index from there on (after the inserts before it) moved
     * up by one.
     */
    private final String[] pendingIds;
    private final int[] pendingAt;

    private IdIndex(String[] keys, int[] values, int occupied, String[] pendingIds, int[] pendingAt) {
        this.keys = keys;
        this.values = values;
        this.shift = 32 - Integer.numberOfTrailingZeros(keys.length);
        this.occupied = occupied;
        this.pendingIds = pendingIds;
        this.pendingAt = pendingAt;
    }

    /** The index of the nodes by id; ids must be distinct. */
    static IdIndex of(List<NodeSpec> nodes) {
        int capacity = Integer.highestOneBit(Math.max(4, nodes.size() * 2 - 1)) << 1; // at most half full
        IdIndex index = new IdIndex(new String[capacity], new int[capacity], nodes.size(), NO_IDS, NO_INDICES);
        for (int i = 0; i < nodes.size(); i++) {
            index.insert(nodes.get(i).id(), i);
        }
        return index;
    }

    /**
     * The index of a tree derived from this one: the node at old index {@code i} is now at
     * {@code renumber[i]} (-1: removed), and {@code added} (new ids) are at {@code addedAt ..}.
     * {@code after} is the new tree's node list, for a rebuild.
     */
    IdIndex renumbered(int[] renumber, List<NodeSpec> added, int addedAt, List<NodeSpec> after) {
        if (pendingIds.length > 0 || (occupied + added.size()) * 2 > keys.length) {
            return of(after); // the table is for the indices a lookup gives, which the flat arrays do not hold
        }
        int[] newValues = values.clone();
        for (int slot = 0; slot < newValues.length; slot++) {
            if (keys[slot] != null && newValues[slot] >= 0) {
                newValues[slot] = renumber[newValues[slot]];
            }
        }
        IdIndex index = new IdIndex(keys.clone(), newValues, occupied + added.size(), NO_IDS, NO_INDICES);
        for (int k = 0; k < added.size(); k++) {
            index.insert(added.get(k).id(), addedAt + k);
        }
        return index;
    }

    /**
     * {@link #renumbered} for one new id at {@code at}: the nodes from {@code at} on move up by
     * one. The flat arrays are shared; {@code after} (the new tree's node list) is read only when
     * the pending inserts are full and the index is built flat again.
     */
    IdIndex inserted(int at, String id, List<NodeSpec> after) {
        int k = pendingIds.length;
        if (k + 1 >= MAX_PENDING) {
            return of(after);
        }
        String[] ids = Arrays.copyOf(pendingIds, k + 1);
        int[] at2 = Arrays.copyOf(pendingAt, k + 1);
        ids[k] = id;
        at2[k] = at;
        return new IdIndex(keys, values, occupied, ids, at2);
    }

    /** The index of node {@code id}, or -1 if there is none. */
    int get(String id) {
        // Most ids are in the flat arrays (a pending id is not: ids are unique, a removed one is a
        // tombstone there), so those are asked first and the pending ids only on a miss.
        int v = flatGet(id);
        int next = 0; // the first pending insert that may move v
        if (v < 0) {
            int hash = id.hashCode();
            for (int j = pendingIds.length - 1; j >= 0; j--) {
                if (pendingIds[j].hashCode() == hash && pendingIds[j].equals(id)) {
                    v = pendingAt[j];
                    next = j + 1;
                    break;
                }
            }
            if (v < 0) {
                return -1;
            }
        }
        for (int j = next; j < pendingAt.length; j++) {
            if (v >= pendingAt[j]) {
                v++;
            }
        }
        return v;
    }

    private int flatGet(String id) {
        for (int slot = slot(id); keys[slot] != null; slot = next(slot)) {
            if (values[slot] != REMOVED && keys[slot].equals(id)) {
                return values[slot];
            }
        }
        return -1;
    }

    /** Only while building: the id must not be present. */
    private void insert(String id, int value) {
        int slot = slot(id);
        while (keys[slot] != null) {
            slot = next(slot);
        }
        keys[slot] = id;
        values[slot] = value;
    }

    /** Fibonacci hashing: the top bits of the hash times 2^32 / phi, so that similar ids spread. */
    private int slot(String id) {
        return id.hashCode() * 0x9E3779B9 >>> shift;
    }

    private int next(int slot) {
        return (slot + 1) & (keys.length - 1);
    }
}
