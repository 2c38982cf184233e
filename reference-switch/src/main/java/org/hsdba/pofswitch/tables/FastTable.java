package org.hsdba.pofswitch.tables;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.hsdba.pof.match.Match;
import org.hsdba.pofswitch.datapath.Bits;

/**
 * One {@link FlowTable} prepared for the datapath's fast path: its entries numbered by slot and a
 * lookup with the table's exact semantics that allocates nothing when the key has at most 64 bits:
 * the key is read straight from the packet and metadata at the table's pre-resolved field offsets
 * as one {@code long}; EM tables probe an open-addressing hash of those longs, MM and LPM tables
 * scan their entries in an order where the first match is the one {@link FlowTable#lookup}
 * returns. Longer keys use {@link FlowTable#lookup} itself.
 *
 * <p>Kept up to date with the table entry by entry ({@link #add}, {@link #remove}, called under the
 * datapath's exclusive lock right after the same change to the {@link FlowTable}): a FLOW_MOD costs
 * a hash insert or delete (EM) or one ordered insert or delete in the scan arrays (MM, LPM), not a
 * rebuild from every entry, which made each join's first packet O(entries). An entry keeps its slot
 * while installed; a removed entry's slot is reused. Ties between entries go to the earlier
 * installed one, as in the table's list (an ADD or MODIFY appends there): each slot carries its
 * installation sequence number.
 */
public final class FastTable {
    private final FlowTable table;
    private final int type;
    /** The table's global id, a field: the fast path reads it after every hit (spec() is two loads more). */
    private final int globalId;
    private final int keyBytes;
    /** By slot; null for a free slot. */
    private FlowEntry[] entries;
    /** By slot: the installation sequence number (ties go to the lower). */
    private long[] sequence;
    private long nextSequence;
    /** Slots ever used ({@link #slots()}); the free ones below it are in {@link #free}. */
    private int used;
    private int[] free = new int[4];
    private int freeCount;
    private final Map<FlowEntry, Integer> slotOf;
    private final boolean compact;
    private final int keyBits;
    private final boolean[] fieldInMetadata;
    private final int[] fieldOffset;
    private final int[] fieldTake;
    // EM: open addressing over key longs (slot + 1 in emSlots, 0 = empty); the slot there is the
    // earliest installed entry with the key, the later ones follow it in sameKeyNext (slot + 1, 0 = end)
    private long[] emKeys;
    private int[] emSlots;
    private int emMask;
    private int emCount;
    private int[] sameKeyNext;
    // MM / LPM: candidate slots in match-priority order (rank descending, then sequence), with their
    // rank (priority or prefix length), values and masks; scanCount of them in use
    private int[] scanSlots;
    private int[] scanRanks;
    private long[] scanValues;
    private long[] scanMasks;
    private int scanCount;

    private FastTable(FlowTable table) {
        this.table = table;
        this.type = table.spec().type();
        this.globalId = table.spec().globalId();
        List<FlowEntry> list = table.entries();
        int capacity = Math.max(4, list.size());
        this.entries = new FlowEntry[capacity];
        this.sequence = new long[capacity];
        this.slotOf = new IdentityHashMap<>();
        this.keyBytes = (table.spec().keyLengthBits() + 7) / 8;
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
            int cap = Integer.highestOneBit(Math.max(4, list.size() * 2) - 1) << 1;
            this.emKeys = new long[cap];
            this.emSlots = new int[cap];
            this.emMask = cap - 1;
            this.sameKeyNext = new int[capacity];
        }
        boolean scanned = compact && (type == 0 || type == 1);
        if (scanned) {
            this.scanSlots = new int[capacity];
            this.scanRanks = new int[capacity];
            this.scanValues = new long[capacity];
            this.scanMasks = new long[capacity];
        }
        for (FlowEntry e : list) {
            int slot = claimSlot(e);
            if (emSlots != null) {
                emInsert(slot);
            }
        }
        if (scanned) {
            // every entry at once: one stable sort, not an ordered insert each
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < used; i++) {
                if (candidate(entries[i])) {
                    order.add(i);
                }
            }
            order.sort(Comparator.comparingInt((Integer i) -> rank(entries[i])).reversed());
            for (int i : order) {
                scanPut(scanCount++, i);
            }
        }
    }

    // ------------------------------------------------------------------ changes

    /**
     * The entry {@code entry} just added at the end of the table's list: takes a slot, which is
     * returned.
     */
    public int add(FlowEntry entry) {
        int slot = claimSlot(entry);
        if (emSlots != null) {
            emInsert(slot);
        }
        if (scanSlots != null && candidate(entry)) {
            // after every candidate of a higher or equal rank: those were installed earlier
            int lo = scanPosition(rank(entry), true);
            if (scanCount == scanSlots.length) {
                growScan();
            }
            int tail = scanCount - lo;
            System.arraycopy(scanSlots, lo, scanSlots, lo + 1, tail);
            System.arraycopy(scanRanks, lo, scanRanks, lo + 1, tail);
            System.arraycopy(scanValues, lo, scanValues, lo + 1, tail);
            System.arraycopy(scanMasks, lo, scanMasks, lo + 1, tail);
            scanPut(lo, slot);
            scanCount++;
        }
        return slot;
    }

    /**
     * In the scan order (ranks descending), the first position past every candidate of a rank
     * above {@code rank}, and also past those of rank {@code rank} when {@code pastEqual}.
     */
    private int scanPosition(int rank, boolean pastEqual) {
        int lo = 0;
        int hi = scanCount;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (scanRanks[mid] > rank || pastEqual && scanRanks[mid] == rank) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The entry {@code entry} just removed from the table: frees its slot, which is returned (-1 if unknown). */
    public int remove(FlowEntry entry) {
        Integer boxed = slotOf.remove(entry);
        if (boxed == null) {
            return -1;
        }
        int slot = boxed;
        if (emSlots != null) {
            emDelete(slot);
        }
        if (scanSlots != null && candidate(entry)) {
            int lo = scanPosition(rank(entry), false); // the first candidate of its rank: entry is in that run
            while (scanSlots[lo] != slot) {
                lo++;
            }
            int tail = scanCount - lo - 1;
            System.arraycopy(scanSlots, lo + 1, scanSlots, lo, tail);
            System.arraycopy(scanRanks, lo + 1, scanRanks, lo, tail);
            System.arraycopy(scanValues, lo + 1, scanValues, lo, tail);
            System.arraycopy(scanMasks, lo + 1, scanMasks, lo, tail);
            scanCount--;
        }
        entries[slot] = null;
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, free.length * 2);
        }
        free[freeCount++] = slot;
        return slot;
    }

    private int claimSlot(FlowEntry entry) {
        int slot;
        if (freeCount > 0) {
            slot = free[--freeCount];
        } else {
            if (used == entries.length) {
                int cap = entries.length * 2;
                entries = Arrays.copyOf(entries, cap);
                sequence = Arrays.copyOf(sequence, cap);
                if (sameKeyNext != null) {
                    sameKeyNext = Arrays.copyOf(sameKeyNext, cap);
                }
            }
            slot = used++;
        }
        entries[slot] = entry;
        sequence[slot] = nextSequence++;
        slotOf.put(entry, slot);
        return slot;
    }

    /** Whether an entry takes part in the MM / LPM scan (LPM: a match-all mask never wins). */
    private boolean candidate(FlowEntry e) {
        return type == 0 || e.maskBits() > 0;
    }

    private int rank(FlowEntry e) {
        return type == 0 ? e.priority() : e.maskBits();
    }

    private void scanPut(int j, int slot) {
        FlowEntry e = entries[slot];
        long mask = packed(e.maskBytes(), keyBytes);
        scanSlots[j] = slot;
        scanRanks[j] = rank(e);
        scanMasks[j] = mask;
        scanValues[j] = packed(e.valueBytes(), keyBytes) & mask;
    }

    private void growScan() {
        int cap = scanSlots.length * 2;
        scanSlots = Arrays.copyOf(scanSlots, cap);
        scanRanks = Arrays.copyOf(scanRanks, cap);
        scanValues = Arrays.copyOf(scanValues, cap);
        scanMasks = Arrays.copyOf(scanMasks, cap);
    }

    /** EM: the slot's key finds the earliest installed entry with it; a later one waits in its chain. */
    private void emInsert(int slot) {
        long k = packed(entries[slot].valueBytes(), keyBytes);
        sameKeyNext[slot] = 0;
        int h = hash(k) & emMask;
        while (emSlots[h] != 0 && emKeys[h] != k) {
            h = (h + 1) & emMask;
        }
        if (emSlots[h] != 0) { // the first entry with a key wins, as in FlowTable: this one goes last
            int s = emSlots[h] - 1;
            while (sameKeyNext[s] != 0) {
                s = sameKeyNext[s] - 1;
            }
            sameKeyNext[s] = slot + 1;
            return;
        }
        emKeys[h] = k;
        emSlots[h] = slot + 1;
        if (++emCount * 2 > emSlots.length) {
            emRehash(emSlots.length * 2);
        }
    }

    private void emDelete(int slot) {
        long k = packed(entries[slot].valueBytes(), keyBytes);
        int h = hash(k) & emMask;
        while (emKeys[h] != k || emSlots[h] == 0) {
            h = (h + 1) & emMask;
        }
        int head = emSlots[h] - 1;
        if (head != slot) { // a later entry with the key: out of the chain
            int s = head;
            while (sameKeyNext[s] - 1 != slot) {
                s = sameKeyNext[s] - 1;
            }
            sameKeyNext[s] = sameKeyNext[slot];
            return;
        }
        if (sameKeyNext[slot] != 0) { // the next installed entry with the key wins now
            emSlots[h] = sameKeyNext[slot];
            return;
        }
        // linear probing's deletion: move back every later key of the run whose home is not after the hole
        int hole = h;
        int j = h;
        while (true) {
            j = (j + 1) & emMask;
            if (emSlots[j] == 0) {
                break;
            }
            int home = hash(emKeys[j]) & emMask;
            boolean stays = hole <= j ? hole < home && home <= j : hole < home || home <= j;
            if (!stays) {
                emKeys[hole] = emKeys[j];
                emSlots[hole] = emSlots[j];
                hole = j;
            }
        }
        emSlots[hole] = 0;
        emKeys[hole] = 0;
        emCount--;
    }

    private void emRehash(int cap) {
        long[] oldKeys = emKeys;
        int[] oldSlots = emSlots;
        emKeys = new long[cap];
        emSlots = new int[cap];
        emMask = cap - 1;
        for (int i = 0; i < oldSlots.length; i++) {
            if (oldSlots[i] != 0) {
                int h = hash(oldKeys[i]) & emMask;
                while (emSlots[h] != 0) {
                    h = (h + 1) & emMask;
                }
                emKeys[h] = oldKeys[i];
                emSlots[h] = oldSlots[i];
            }
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

    /** Number of slots: every slot below it holds an entry or is free ({@link #entry} null). */
    public int slots() {
        return used;
    }

    /** The entry in {@code slot}, or null for a free slot. */
    public FlowEntry entry(int slot) {
        return entries[slot];
    }

    /** Number of entries. */
    public int size() {
        return slotOf.size();
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
        long[] keys = emKeys;
        int[] slots = emSlots;
        int mask = emMask;
        int h = hash(key) & mask;
        int s;
        while ((s = slots[h]) != 0) {
            if (keys[h] == key) {
                return s - 1;
            }
            h = (h + 1) & mask;
        }
        return -1;
    }

    /** MM, LPM: the first candidate in match-priority order. */
    private int scan(long key) {
        int[] slots = scanSlots;
        long[] masks = scanMasks;
        long[] values = scanValues;
        for (int j = 0, n = scanCount; j < n; j++) {
            if ((key & masks[j]) == values[j]) {
                return slots[j];
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
