package org.hsdba.pof.message;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.match.Match;

/**
 * TABLE_MOD ({@code pof_flow_table}, 144-byte body): {@code u8 command | u8 tid | u8 type |
 * u8 match_field_num | u32 size | u16 key_len | u16 slotID | pad[4] | name[64] | pof_match[8]}.
 * The key is assembled from this match list; key_len must equal the sum of the match lengths.
 * Also the switch's QUERYALL answer (command QUERY_RESULT).
 */
public final class TableMod extends PofMessage {
    public static final int BODY_LENGTH = 144;
    public static final int MAX_MATCHES = 8;
    public static final int NAME_BYTES = 64;

    private final int command;
    private final int tableId;
    private final int tableType;
    private final long size;
    private final int keyLengthBits;
    private final int slotId;
    private final CString name;
    private final List<Match> matches;

    private TableMod(Builder b) {
        super(b.xid);
        this.command = FieldChecks.u8(b.command, "command");
        this.tableId = FieldChecks.u8(b.tableId, "tid");
        this.tableType = FieldChecks.u8(b.tableType, "type");
        this.size = FieldChecks.u32(b.size, "size");
        this.matches = List.copyOf(b.matches);
        FieldChecks.count(matches.size(), MAX_MATCHES, "TABLE_MOD match fields");
        int keyLength = b.keyLengthBits;
        if (keyLength < 0) {
            keyLength = 0;
            for (Match m : matches) {
                keyLength += m.lengthBits();
            }
        }
        this.keyLengthBits = FieldChecks.u16(keyLength, "key_len");
        this.slotId = FieldChecks.u16(b.slotId, "slotID");
        if (b.name.size() != NAME_BYTES) {
            throw new IllegalArgumentException("table_name must be " + NAME_BYTES + " bytes, got " + b.name.size());
        }
        this.name = b.name;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.xid = xid();
        b.command = command;
        b.tableId = tableId;
        b.tableType = tableType;
        b.size = size;
        b.keyLengthBits = keyLengthBits;
        b.slotId = slotId;
        b.name = name;
        b.matches = new ArrayList<>(matches);
        return b;
    }

    @Override
    public int type() {
        return MessageType.TABLE_MOD;
    }

    /** {@link TableModCommand} code. */
    public int command() {
        return command;
    }

    /** Per-type table id. */
    public int tableId() {
        return tableId;
    }

    /** {@code TableType} code. */
    public int tableType() {
        return tableType;
    }

    /** Maximum number of entries. */
    public long size() {
        return size;
    }

    public int keyLengthBits() {
        return keyLengthBits;
    }

    public int slotId() {
        return slotId;
    }

    public CString name() {
        return name;
    }

    public List<Match> matches() {
        return matches;
    }

    @Override
    protected Object[] components() {
        return new Object[] {command, tableId, tableType, size, keyLengthBits, slotId, name, matches};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"command", "tableId", "tableType", "size", "keyLengthBits", "slotId", "name",
            "matches"};
    }

    /** Builder; defaults: command ADD, MM#0, size 0, key length = sum of match lengths, empty name. */
    public static final class Builder {
        private long xid;
        private int command = TableModCommand.ADD;
        private int tableId;
        private int tableType;
        private long size;
        private int keyLengthBits = -1;
        private int slotId;
        private CString name = CString.of("", NAME_BYTES);
        private List<Match> matches = new ArrayList<>();

        private Builder() {
        }

        public Builder xid(long v) {
            xid = v;
            return this;
        }

        public Builder command(int v) {
            command = v;
            return this;
        }

        /** {@code TableType} and per-type table id. */
        public Builder table(int tableType, int tableId) {
            this.tableType = tableType;
            this.tableId = tableId;
            return this;
        }

        public Builder size(long v) {
            size = v;
            return this;
        }

        /** Explicit key length; by default the sum of the match lengths. */
        public Builder keyLengthBits(int v) {
            keyLengthBits = v;
            return this;
        }

        public Builder slotId(int v) {
            slotId = v;
            return this;
        }

        public Builder name(String v) {
            name = CString.of(v, NAME_BYTES);
            return this;
        }

        public Builder name(CString v) {
            name = v;
            return this;
        }

        public Builder matches(List<Match> v) {
            matches = new ArrayList<>(v);
            return this;
        }

        public Builder match(Match... v) {
            matches.addAll(Arrays.asList(v));
            return this;
        }

        public TableMod build() {
            return new TableMod(this);
        }
    }
}
