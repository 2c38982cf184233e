package org.hsdba.model;

import java.util.List;

/**
 * Node id to pre-order index of one tree: open addressing with linear probing over two flat
 * arrays; immutable once built. An edit that changes the tree's shape derives the next index by
 * renumbering (the ids stay where they are, so their strings are not even read) and inserting its
 * new ids; a removed id leaves a tombstone, and the index is rebuilt when tombstones and ids
 * fill half of it.
 */
final class IdIndex {

    /** The value of a removed id: the slot stays occupied so that probe sequences through it go on. */
    private static final int REMOVED = -1;

    private final String[] keys;
    private final int[] values;
    private final int shift;
    private final int occupied;

    private IdIndex(String[] keys, int[] values, int occupied) {
        this.keys = keys;
        this.values = values;
        this.shift = 32 - Integer.numberOfTrailingZeros(keys.length);
        this.occupied = occupied;
    }

    /** The index of the nodes by id; ids must be distinct. */
    static IdIndex of(List<NodeSpec> nodes) {
        int capacity = Integer.highestOneBit(Math.max(4, nodes.size() * 2 - 1)) << 1; // at most half full
        IdIndex index = new IdIndex(new String[capacity], new int[capacity], nodes.size());
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
        if ((occupied + added.size()) * 2 > keys.length) {
            return of(after);
        }
        int[] newValues = values.clone();
        for (int slot = 0; slot < newValues.length; slot++) {
            if (keys[slot] != null && newValues[slot] >= 0) {
                newValues[slot] = renumber[newValues[slot]];
            }
        }
        IdIndex index = new IdIndex(keys.clone(), newValues, occupied + added.size());
        for (int k = 0; k < added.size(); k++) {
            index.insert(added.get(k).id(), addedAt + k);
        }
        return index;
    }

    /**
     * {@link #renumbered} for one new id at {@code at}: the nodes from {@code at} on move up by
     * one, without a renumbering table. {@code after} is the new tree's node list, for a rebuild.
     */
    IdIndex inserted(int at, String id, List<NodeSpec> after) {
        if ((occupied + 1) * 2 > keys.length) {
            return of(after);
        }
        int[] newValues = values.clone();
        for (int slot = 0; slot < newValues.length; slot++) {
            // Keys not read: a removed id's -1 stays, and an empty slot's value, which nothing
            // reads (a lookup stops at the empty key, an insert overwrites it), may change.
            if (newValues[slot] >= at) {
                newValues[slot]++;
            }
        }
        IdIndex index = new IdIndex(keys.clone(), newValues, occupied + 1);
        index.insert(id, at);
        return index;
    }

    /** The index of node {@code id}, or -1 if there is none. */
    int get(String id) {
        for (int slot = slot(id); keys[slot] != null; slot = next(slot)) {
            if (values[slot] >= 0 && keys[slot].equals(id)) {
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
