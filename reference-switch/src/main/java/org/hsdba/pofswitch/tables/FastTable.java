package org.hsdba.pofswitch.tables;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.hsdba.pof.match.Match;
import org.hsdba.pofswitch.datapath.Bits;

/**
 * A snapshot of one {@link FlowTable} prepared for the datapath's fast path: its entries numbered
 * by slot (installation order) and a lookup with the table's exact semantics that allocates
 * nothing when the key has at most 64 bits: the key is read straight from the packet and metadata
 * at the table's pre-resolved field offsets as one {@code long}; EM tables probe an open-addressing
 * hash of those longs, MM and LPM tables scan their entries in an order where the first match is
 * the one {@link FlowTable#lookup} returns. Longer keys use {@link FlowTable#lookup} itself.
 * Immutable; built again whenever the table changes.
 */
public final class FastTable {
    private final FlowTable table;
    private final int type;
    /** The table's global id, a field: the fast path reads it after every hit (spec() is two loads more). */
    private final int globalId;
    private final FlowEntry[] entries;
    private final Map<FlowEntry, Integer> slotOf;
    private final boolean compact;
    private final int keyBits;
    private final boolean[] fieldInMetadata;
    private final int[] fieldOffset;
    private final int[] fieldTake;
    // EM: open addressing over key longs (slot + 1 in emSlots, 0 = empty)
    private final long[] emKeys;
    private final int[] emSlots;
    private final int emMask;
    // MM / LPM: candidate slots in match-priority order, with their values and masks
    private final int[] scanSlots;
    private final long[] scanValues;
    private final long[] scanMasks;

    private FastTable(FlowTable table) {
        this.table = table;
        this.type = table.spec().type();
        this.globalId = table.spec().globalId();
        List<FlowEntry> list = table.entries();
        this.entries = list.toArray(new FlowEntry[0]);
        this.slotOf = new IdentityHashMap<>();
        for (int i = entries.length - 1; i >= 0; i--) {
            slotOf.put(entries[i], i);
        }
        int keyBytes = (table.spec().keyLengthBits() + 7) / 8;
        this.keyBits = keyBytes * 8;
        this.compact = keyBytes <= 8;
        List<Match> fields = new ArrayList<>();
        List<Integer> takes = new ArrayList<>();
        int at = 0;
        for (Match m : table.spec().matches()) {
            if (at >= keyBits) {
                break;
            }
            // only the field's first bits that land in the compared key bytes matter
            int take = Math.min(Math.min(m.lengthBits(), 128), keyBits - at);
            if (take > 0) {
                fields.add(m);
                takes.add(take);
            }
            at += take;
        }
        this.fieldInMetadata = new boolean[fields.size()];
        this.fieldOffset = new int[fields.size()];
        this.fieldTake = new int[fields.size()];
        for (int i = 0; i < fields.size(); i++) {
            fieldInMetadata[i] = fields.get(i).isMetadata();
            fieldOffset[i] = fields.get(i).offsetBits();
            fieldTake[i] = takes.get(i);
        }
        if (compact && type == 2) {
            int cap = Integer.highestOneBit(Math.max(4, entries.length * 2) - 1) << 1;
            this.emKeys = new long[cap];
            this.emSlots = new int[cap];
            this.emMask = cap - 1;
            for (int i = 0; i < entries.length; i++) {
                long k = packed(entries[i].valueBytes(), keyBytes);
                int h = hash(k) & emMask;
                while (emSlots[h] != 0 && emKeys[h] != k) {
                    h = (h + 1) & emMask;
                }
                if (emSlots[h] == 0) { // the first entry with a key wins, as in FlowTable
                    emKeys[h] = k;
                    emSlots[h] = i + 1;
                }
            }
        } else {
            this.emKeys = null;
            this.emSlots = null;
            this.emMask = 0;
        }
        if (compact && (type == 0 || type == 1)) {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < entries.length; i++) {
                if (type == 0 || entries[i].maskBits() > 0) { // LPM: a match-all mask never wins
                    order.add(i);
                }
            }
            // stable: among equals the earlier entry stays first, as FlowTable's scan keeps it
            Comparator<Integer> rank = type == 0
                    ? Comparator.comparingInt((Integer i) -> entries[i].priority()).reversed()
                    : Comparator.comparingInt((Integer i) -> entries[i].maskBits()).reversed();
            order.sort(rank);
            this.scanSlots = new int[order.size()];
            this.scanValues = new long[order.size()];
            this.scanMasks = new long[order.size()];
            for (int j = 0; j < order.size(); j++) {
                FlowEntry e = entries[order.get(j)];
                scanSlots[j] = order.get(j);
                long mask = packed(e.maskBytes(), keyBytes);
                scanMasks[j] = mask;
                scanValues[j] = packed(e.valueBytes(), keyBytes) & mask;
            }
        } else {
            this.scanSlots = null;
            this.scanValues = null;
            this.scanMasks = null;
        }
    }

    /** The fast-path view of {@code table} as it is now. */
    public static FastTable of(FlowTable table) {
        return new FastTable(table);
    }

    public TableSpec spec() {
        return table.spec();
    }

    /** {@code spec().globalId()}. */
    public int globalId() {
        return globalId;
    }

    /** Whether this is a DT table ({@code spec().type() == 3}), which the fast path never looks up. */
    public boolean direct() {
        return type == 3;
    }

    /** Number of slots (entries). */
    public int slots() {
        return entries.length;
    }

    public FlowEntry entry(int slot) {
        return entries[slot];
    }

    /**
     * The slot of the entry {@link FlowTable#lookup} finds for the key assembled from a packet
     * (current layer at {@code packetBase} of {@code packet}) and its metadata, or -1 on a miss or
     * for a DT table.
     */
    public int lookup(byte[] packet, int packetBase, byte[] metadata) {
        // Small on purpose, the rest in methods of their own: the fast path calls this after every
        // table step, and C2 inlines a method only while its compiled code is small (a 323-byte
        // version stayed a call: "already compiled into a big method").
        if (!compact) {
            return lookupLong(packet, packetBase, metadata);
        }
        long key = key(packet, packetBase, metadata);
        return type == 2 ? probe(key) : type == 0 || type == 1 ? scan(key) : -1;
    }

    /** A key of more than 64 bits: {@link FlowTable#lookup} itself. */
    private int lookupLong(byte[] packet, int packetBase, byte[] metadata) {
        FlowEntry e = table.lookup(TableStore.assembleKey(table.spec(), packet, packetBase, metadata));
        return e == null ? -1 : slotOf.get(e);
    }

    /** The compared key bytes (at most 8) as one big-endian long. */
    private long key(byte[] packet, int packetBase, byte[] metadata) {
        long key = 0;
        int at = 0;
        for (int i = 0; i < fieldTake.length; i++) {
            int take = fieldTake[i];
            long v = fieldInMetadata[i] ? read(metadata, 0, fieldOffset[i], take)
                    : read(packet, packetBase, fieldOffset[i], take);
            key = take == 64 ? v : (key << take) | v;
            at += take;
        }
        return at < keyBits ? key << (keyBits - at) : key;
    }

    /** EM: the open-addressing probe. */
    private int probe(long key) {
        int h = hash(key) & emMask;
        int s;
        while ((s = emSlots[h]) != 0) {
            if (emKeys[h] == key) {
                return s - 1;
            }
            h = (h + 1) & emMask;
        }
        return -1;
    }

    /** MM, LPM: the first candidate in match-priority order. */
    private int scan(long key) {
        for (int j = 0; j < scanSlots.length; j++) {
            if ((key & scanMasks[j]) == scanValues[j]) {
                return scanSlots[j];
            }
        }
        return -1;
    }

    /** A field's first bits as TableStore.assembleKey copies them: zero outside the array. */
    private static long read(byte[] buf, int base, int offsetBits, int lenBits) {
        int from = base + (offsetBits >>> 3);
        if (from >= 0 && from + 9 <= buf.length) {
            return Bits.read(buf, base, offsetBits, lenBits);
        }
        return readNearEdge(buf, base, offsetBits, lenBits);
    }

    /** {@link #read} of a field at the array's edge, bit by bit (rare: out of line). */
    private static long readNearEdge(byte[] buf, int base, int offsetBits, int lenBits) {
        long v = 0;
        for (int i = 0; i < lenBits; i++) {
            int pos = offsetBits + i;
            int idx = base + (pos >>> 3);
            int bit = idx >= 0 && idx < buf.length ? (buf[idx] >>> (7 - (pos & 7))) & 1 : 0;
            v = (v << 1) | bit;
        }
        return v;
    }

    /** The first {@code n} (<= 8) bytes as a big-endian number of n * 8 bits. */
    private static long packed(byte[] bytes, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            v = (v << 8) | (bytes[i] & 0xFF);
        }
        return v;
    }

    private static int hash(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
