package org.hsdba.pofswitch.tables;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The entries of one table and POFSwitch's lookup semantics (pof-protocol.md section 4):
 * MM = the first entry with the highest priority whose masked value matches; LPM = the matching
 * entry with the most mask bits (first wins ties); EM = exact value match (by key, not by hash:
 * POFSwitch's hash-only lookup can return false matches, which this switch does not imitate);
 * DT = by index only. Entries are kept in installation order; an ADD with an index already present
 * adds a second entry, as POFSwitch does.
 *
 * <p>MM lookups do not scan the table: entries whose mask covers every key byte (a user's exact
 * key, nearly all of an HSDBA level table) are indexed by value, the others (wildcards, a
 * table's default) are scanned; the result is the same first entry of the highest priority, ties
 * going to the earliest installed. A join's confirmation looks its key up once per ADD, so a scan
 * made the switch's control channel slower with every user.
 */
public final class FlowTable {
    private final TableSpec spec;
    private final int keyBytes;
    private final List<FlowEntry> entries = new ArrayList<>();
    private final Map<KeyBytes, FlowEntry> exact = new HashMap<>();
    /** MM: the entries with a full mask, by value, each list in installation order. */
    private final Map<KeyBytes, List<FlowEntry>> fullMask = new HashMap<>();
    /** MM: the other entries, in installation order. */
    private final List<FlowEntry> wildcards = new ArrayList<>();
    /** MM: each entry's place in installation order (compares a full-mask entry with a wildcard on a tie). */
    private final Map<FlowEntry, Long> order = new java.util.IdentityHashMap<>();
    private long installed;

    public FlowTable(TableSpec spec) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.keyBytes = (spec.keyLengthBits() + 7) / 8;
    }

    public TableSpec spec() {
        return spec;
    }

    /** Entries in installation order (unmodifiable view). */
    public List<FlowEntry> entries() {
        return Collections.unmodifiableList(entries);
    }

    public int size() {
        return entries.size();
    }

    /** The first entry with this index, or null. */
    public FlowEntry byIndex(long index) {
        for (FlowEntry e : entries) {
            if (e.index() == index) {
                return e;
            }
        }
        return null;
    }

    public void add(FlowEntry entry) {
        entries.add(entry);
        if (spec.type() == 2) {
            exact.putIfAbsent(new KeyBytes(entry.valueBytes(), keyBytes), entry);
        } else if (spec.type() == 0) {
            indexMasked(entry);
        }
    }

    /** Replaces {@code old} by {@code replacement} at the same position. */
    public void replace(FlowEntry old, FlowEntry replacement) {
        entries.set(entries.indexOf(old), replacement);
        rebuildIndexes();
    }

    public void remove(FlowEntry entry) {
        entries.remove(entry);
        if (spec.type() == 0) {
            unindexMasked(entry);
        } else {
            rebuildIndexes();
        }
    }

    private void rebuildIndexes() {
        if (spec.type() == 2) {
            exact.clear();
            for (FlowEntry e : entries) {
                exact.putIfAbsent(new KeyBytes(e.valueBytes(), keyBytes), e);
            }
        } else if (spec.type() == 0) {
            fullMask.clear();
            wildcards.clear();
            order.clear();
            for (FlowEntry e : entries) {
                indexMasked(e);
            }
        }
    }

    private void indexMasked(FlowEntry entry) {
        order.put(entry, installed++);
        if (fullMask(entry)) {
            fullMask.computeIfAbsent(new KeyBytes(entry.valueBytes(), keyBytes), k -> new ArrayList<>(1)).add(entry);
        } else {
            wildcards.add(entry);
        }
    }

    private void unindexMasked(FlowEntry entry) {
        if (order.remove(entry) == null) {
            return;
        }
        if (fullMask(entry)) {
            KeyBytes k = new KeyBytes(entry.valueBytes(), keyBytes);
            List<FlowEntry> same = fullMask.get(k);
            same.remove(entry);
            if (same.isEmpty()) {
                fullMask.remove(k);
            }
        } else {
            wildcards.remove(entry);
        }
    }

    /** Whether {@code entry}'s mask covers every key byte: it matches its own value only. */
    private boolean fullMask(FlowEntry entry) {
        byte[] mask = entry.maskBytes();
        for (int i = 0; i < keyBytes; i++) {
            if (mask[i] != (byte) 0xFF) {
                return false;
            }
        }
        return true;
    }

    /**
     * The only key {@code entry} of this table can match, as the first key bytes: its value when
     * its mask covers every key byte (EM: always); null when it can match several keys or none
     * (DT). Lets the datapath find the join an ADD settles without scanning every outstanding one.
     */
    public byte[] onlyKey(FlowEntry entry) {
        if (spec.type() == 3) {
            return null;
        }
        if (spec.type() != 2 && !fullMask(entry)) {
            return null;
        }
        return java.util.Arrays.copyOf(entry.valueBytes(), keyBytes);
    }

    /**
     * Whether {@code entry} matches {@code key} on its own (masked value for MM and LPM, equal
     * value for EM, never for DT), whatever the other entries; {@code key} has at least the key's
     * bytes.
     */
    public boolean matches(FlowEntry entry, byte[] key) {
        switch (spec.type()) {
            case 0:
            case 1:
                return entry.maskMatches(key, keyBytes);
            case 2:
                return entry.valueEquals(key, keyBytes);
            default:
                return false;
        }
    }

    /** Key lookup for MM, LPM and EM tables; null on a miss (DT tables never match by key). */
    public FlowEntry lookup(byte[] key) {
        switch (spec.type()) {
            case 0: {
                FlowEntry best = null;
                List<FlowEntry> same = fullMask.isEmpty() ? null : fullMask.get(new KeyBytes(key, keyBytes));
                if (same != null) {
                    for (FlowEntry e : same) {
                        if (best == null || e.priority() > best.priority()) {
                            best = e;
                        }
                    }
                }
                for (FlowEntry e : wildcards) {
                    if (e.maskMatches(key, keyBytes) && (best == null || e.priority() > best.priority()
                            || e.priority() == best.priority() && order.get(e) < order.get(best))) {
                        best = e;
                    }
                }
                return best;
            }
            case 1: {
                // POFSwitch keeps the first strictly longer prefix; a match-all mask never wins.
                FlowEntry best = null;
                int bestBits = 0;
                for (FlowEntry e : entries) {
                    if (e.maskMatches(key, keyBytes) && e.maskBits() > bestBits) {
                        best = e;
                        bestBits = e.maskBits();
                    }
                }
                return best;
            }
            case 2:
                return exact.get(new KeyBytes(key, keyBytes));
            default:
                return null;
        }
    }

    /** A hashable view of the first {@code n} bytes of a key. */
    private static final class KeyBytes {
        private final byte[] bytes;
        private final int hash;

        KeyBytes(byte[] source, int n) {
            this.bytes = java.util.Arrays.copyOf(source, n);
            this.hash = java.util.Arrays.hashCode(bytes);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof KeyBytes && java.util.Arrays.equals(bytes, ((KeyBytes) o).bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
