package org.hsdba.pofswitch.tables;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.ErrorType;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.table.GlobalTableIds;
import org.hsdba.pofswitch.datapath.Bits;
import org.hsdba.pofswitch.error.SwitchError;

/**
 * All flow tables of the switch with POFSwitch's TABLE_MOD / FLOW_MOD rules and errors
 * (local_resource/pof_flow_table.c): global table ids from the per-type table counts, size and key
 * length limits, DELETE only of empty tables, entry keys assembled from the entry's match fields,
 * whose lengths must add up to the table's key length.
 */
public final class TableStore {
    private final GlobalTableIds ids;
    private final long maxTableSize;
    private final int maxKeyLengthBits;
    private final Map<Integer, FlowTable> tables = new TreeMap<>();

    public TableStore(GlobalTableIds ids, long maxTableSize, int maxKeyLengthBits) {
        this.ids = ids;
        this.maxTableSize = maxTableSize;
        this.maxKeyLengthBits = maxKeyLengthBits;
    }

    public GlobalTableIds ids() {
        return ids;
    }

    private static SwitchError tableModFailed(int code, String name, String detail) {
        return SwitchError.of(ErrorType.TABLE_MOD_FAILED, code, name, detail);
    }

    private static SwitchError flowModFailed(int code, String name, String detail) {
        return SwitchError.of(ErrorType.FLOW_MOD_FAILED, code, name, detail);
    }

    /** TABLE_MOD ADD. */
    public FlowTable create(TableMod mod) throws SwitchError {
        int type = mod.tableType();
        if (type >= 4) {
            throw tableModFailed(2, "POFTMFC_BAD_TABLE_TYPE", "table type " + type);
        }
        if (mod.tableId() >= ids.count(type)) {
            throw tableModFailed(3, "POFTMFC_BAD_TABLE_ID", "table id " + mod.tableId() + " of type " + type
                    + " is not below " + ids.count(type));
        }
        int global = ids.globalId(type, mod.tableId());
        if (tables.containsKey(global)) {
            throw tableModFailed(4, "POFTMFC_TABLE_EXIST", "global table " + global);
        }
        if (mod.size() > maxTableSize) {
            throw tableModFailed(6, "POFTMFC_BAD_TABLE_SIZE", "size " + mod.size() + " > " + maxTableSize);
        }
        if (mod.keyLengthBits() > maxKeyLengthBits) {
            throw tableModFailed(7, "POFTMFC_BAD_KEY_LEN", "key length " + mod.keyLengthBits() + " > "
                    + maxKeyLengthBits);
        }
        FlowTable table = new FlowTable(new TableSpec(type, mod.tableId(), global, mod.size(), mod.keyLengthBits(),
                mod.matches(), mod.name()));
        tables.put(global, table);
        return table;
    }

    /** TABLE_MOD DELETE; returns the removed table. */
    public FlowTable delete(int type, int tableId) throws SwitchError {
        FlowTable table = existing(type, tableId, true);
        if (table.size() > 0) {
            throw tableModFailed(8, "POFTMFC_TABLE_UNEMPTY", "global table " + table.spec().globalId() + " has "
                    + table.size() + " entries");
        }
        tables.remove(table.spec().globalId());
        return table;
    }

    private FlowTable existing(int type, int tableId, boolean tableMod) throws SwitchError {
        if (type >= 4) {
            throw tableMod ? tableModFailed(2, "POFTMFC_BAD_TABLE_TYPE", "table type " + type)
                    : flowModFailed(10, "POFFMFC_BAD_TABLE_TYPE", "table type " + type);
        }
        if (tableId >= ids.count(type)) {
            throw tableMod ? tableModFailed(3, "POFTMFC_BAD_TABLE_ID", "table id " + tableId)
                    : flowModFailed(2, "POFFMFC_BAD_TABLE_ID", "table id " + tableId);
        }
        FlowTable table = tables.get(ids.globalId(type, tableId));
        if (table == null) {
            throw tableMod ? tableModFailed(5, "POFTMFC_TABLE_UNEXIST", "type " + type + " id " + tableId)
                    : flowModFailed(2, "POFFMFC_BAD_TABLE_ID", "table type " + type + " id " + tableId
                            + " does not exist");
        }
        return table;
    }

    /** The table a FLOW_MOD addresses, after POFSwitch's checks (type, id, existence, index < size). */
    public FlowTable tableFor(FlowMod mod) throws SwitchError {
        FlowTable table = existing(mod.tableType(), mod.tableId(), false);
        if (mod.index() >= table.spec().size()) {
            throw flowModFailed(11, "POFFMFC_BAD_ENTRY_ID", "index " + mod.index() + " >= table size "
                    + table.spec().size());
        }
        return table;
    }

    /** The existing entry a MODIFY/DELETE addresses. */
    public FlowEntry entryFor(FlowTable table, FlowMod mod) throws SwitchError {
        FlowEntry e = table.byIndex(mod.index());
        if (e == null) {
            throw flowModFailed(9, "POFFMFC_ENTRY_UNEXIST", "no entry with index " + mod.index() + " in global table "
                    + table.spec().globalId());
        }
        return e;
    }

    /**
     * Builds an entry for {@code table}: the key value and mask are the entry's match fields
     * concatenated; their lengths must add up to the table's key length (else POFSwitch answers
     * TABLE_MOD_FAILED/BAD_KEY_LEN and then FLOW_MOD_FAILED/UNKNOWN).
     */
    public static FlowEntry buildEntry(FlowTable table, FlowMod mod, List<Instruction> program, EntryRuntime runtime)
            throws SwitchError {
        int keyLen = table.spec().keyLengthBits();
        byte[] value = new byte[(keyLen + 7) / 8 + 16];
        byte[] mask = new byte[value.length];
        int sum = 0;
        List<MatchX> matches = mod.matches();
        if (table.spec().type() != 3) {
            for (MatchX m : matches) {
                int len = m.field().lengthBits();
                if (sum + len > keyLen) {
                    sum += len;
                    break;
                }
                Bits.cover(value, 0, sum, m.value(), 0, len);
                Bits.cover(mask, 0, sum, m.mask(), 0, len);
                sum += len;
            }
            if (sum != keyLen) {
                throw flowModFailed(0, "POFFMFC_UNKNOWN", "entry match lengths add up to " + sum
                        + " bits, the table key has " + keyLen).after(tableModFailed(7, "POFTMFC_BAD_KEY_LEN",
                                "match lengths " + sum + " != key length " + keyLen));
            }
        }
        return new FlowEntry(table.spec().globalId(), mod, value, mask, program, runtime);
    }

    /** The table with a global id, or null. */
    public FlowTable byGlobalId(int globalId) {
        return tables.get(globalId);
    }

    /** All tables by global id. */
    public Collection<FlowTable> all() {
        return Collections.unmodifiableCollection(tables.values());
    }

    /**
     * Assembles a lookup key from the table's match fields: packet fields relative to
     * {@code packetBase} (the current packet offset) or metadata fields (field id 0xFFFF).
     */
    public static byte[] assembleKey(TableSpec spec, byte[] packet, int packetBase, byte[] metadata) {
        byte[] key = new byte[(spec.keyLengthBits() + 7) / 8 + 16];
        byte[] tmp = new byte[17];
        int at = 0;
        for (Match m : spec.matches()) {
            int len = Math.min(m.lengthBits(), 128);
            if (at + len > key.length * 8) {
                break; // POFSwitch would overrun its key buffer; the fields beyond are ignored
            }
            if (m.isMetadata()) {
                Bits.copy(metadata, 0, m.offsetBits(), len, tmp, 0);
            } else {
                Bits.copy(packet, packetBase, m.offsetBits(), len, tmp, 0);
            }
            Bits.cover(key, 0, at, tmp, 0, len);
            at += len;
        }
        return key;
    }

    public void clear() {
        tables.clear();
    }
}
