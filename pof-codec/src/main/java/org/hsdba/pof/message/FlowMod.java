package org.hsdba.pof.message;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.match.MatchX;

/**
 * FLOW_MOD ({@code pof_flow_entry}, always 2192 bytes: 40-byte entry header, 8 match slots of
 * 40 bytes, 6 instruction slots of 304 bytes, unused slots zero). Entries are keyed by
 * {@code (tableType, tableId, index)}; {@code tableId} is the per-type id here, unlike the global
 * ids inside instructions. Also the switch's QUERYALL answer (command QUERY_RESULT).
 */
public final class FlowMod extends PofMessage {
    public static final int MAX_MATCHES = 8;
    public static final int MAX_INSTRUCTIONS = 6;
    /** Body size (the whole message is 2192). */
    public static final int BODY_LENGTH = 2184;

    private final int command;
    private final long counterId;
    private final long cookie;
    private final long cookieMask;
    private final int tableId;
    private final int tableType;
    private final int idleTimeout;
    private final int hardTimeout;
    private final int priority;
    private final long index;
    private final int slotId;
    private final List<MatchX> matches;
    private final List<Instruction> instructions;

    private FlowMod(Builder b) {
        super(b.xid);
        this.command = FieldChecks.u8(b.command, "command");
        this.counterId = FieldChecks.u32(b.counterId, "counter_id");
        this.cookie = b.cookie;
        this.cookieMask = b.cookieMask;
        this.tableId = FieldChecks.u8(b.tableId, "table_id");
        this.tableType = FieldChecks.u8(b.tableType, "table_type");
        this.idleTimeout = FieldChecks.u16(b.idleTimeout, "idle_timeout");
        this.hardTimeout = FieldChecks.u16(b.hardTimeout, "hard_timeout");
        this.priority = FieldChecks.u16(b.priority, "priority");
        this.index = FieldChecks.u32(b.index, "index");
        this.slotId = FieldChecks.u16(b.slotId, "slotID");
        this.matches = List.copyOf(b.matches);
        FieldChecks.count(matches.size(), MAX_MATCHES, "FLOW_MOD match fields");
        this.instructions = List.copyOf(b.instructions);
        FieldChecks.count(instructions.size(), MAX_INSTRUCTIONS, "FLOW_MOD instructions");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder with this entry's values (e.g. to send it again as MODIFY with a new xid). */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.xid = xid();
        b.command = command;
        b.counterId = counterId;
        b.cookie = cookie;
        b.cookieMask = cookieMask;
        b.tableId = tableId;
        b.tableType = tableType;
        b.idleTimeout = idleTimeout;
        b.hardTimeout = hardTimeout;
        b.priority = priority;
        b.index = index;
        b.slotId = slotId;
        b.matches = new ArrayList<>(matches);
        b.instructions = new ArrayList<>(instructions);
        return b;
    }

    @Override
    public int type() {
        return MessageType.FLOW_MOD;
    }

    /** {@link FlowModCommand} code. */
    public int command() {
        return command;
    }

    /** Entry counter id; 0 = none. */
    public long counterId() {
        return counterId;
    }

    public long cookie() {
        return cookie;
    }

    public long cookieMask() {
        return cookieMask;
    }

    /** Per-type table id. */
    public int tableId() {
        return tableId;
    }

    /** {@code TableType} code. */
    public int tableType() {
        return tableType;
    }

    public int idleTimeout() {
        return idleTimeout;
    }

    public int hardTimeout() {
        return hardTimeout;
    }

    /** Priority (MM tables only; highest wins). */
    public int priority() {
        return priority;
    }

    /** Entry index: the key of MODIFY/DELETE and the DT index. */
    public long index() {
        return index;
    }

    public int slotId() {
        return slotId;
    }

    public List<MatchX> matches() {
        return matches;
    }

    public List<Instruction> instructions() {
        return instructions;
    }

    @Override
    protected boolean sameBody(PofMessage other) {
        if (other.getClass() != FlowMod.class) {
            return false;
        }
        FlowMod f = (FlowMod) other;
        return command == f.command && counterId == f.counterId && cookie == f.cookie && cookieMask == f.cookieMask
                && tableId == f.tableId && tableType == f.tableType && idleTimeout == f.idleTimeout
                && hardTimeout == f.hardTimeout && priority == f.priority && index == f.index && slotId == f.slotId
                && matches.equals(f.matches) && instructions.equals(f.instructions);
    }

    @Override
    protected Object[] components() {
        return new Object[] {command, counterId, cookie, cookieMask, tableId, tableType, idleTimeout, hardTimeout,
            priority, index, slotId, matches, instructions};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"command", "counterId", "cookie", "cookieMask", "tableId", "tableType",
            "idleTimeout", "hardTimeout", "priority", "index", "slotId", "matches", "instructions"};
    }

    /** Builder; every field defaults to 0 (command ADD, table MM#0, no matches or instructions). */
    public static final class Builder {
        private long xid;
        private int command = FlowModCommand.ADD;
        private long counterId;
        private long cookie;
        private long cookieMask;
        private int tableId;
        private int tableType;
        private int idleTimeout;
        private int hardTimeout;
        private int priority;
        private long index;
        private int slotId;
        private List<MatchX> matches = new ArrayList<>();
        private List<Instruction> instructions = new ArrayList<>();

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

        public Builder counterId(long v) {
            counterId = v;
            return this;
        }

        public Builder cookie(long v) {
            cookie = v;
            return this;
        }

        public Builder cookieMask(long v) {
            cookieMask = v;
            return this;
        }

        /** Per-type table id and {@code TableType}. */
        public Builder table(int tableType, int tableId) {
            this.tableType = tableType;
            this.tableId = tableId;
            return this;
        }

        public Builder idleTimeout(int v) {
            idleTimeout = v;
            return this;
        }

        public Builder hardTimeout(int v) {
            hardTimeout = v;
            return this;
        }

        public Builder priority(int v) {
            priority = v;
            return this;
        }

        public Builder index(long v) {
            index = v;
            return this;
        }

        public Builder slotId(int v) {
            slotId = v;
            return this;
        }

        public Builder matches(List<MatchX> v) {
            matches = new ArrayList<>(v);
            return this;
        }

        public Builder match(MatchX... v) {
            matches.addAll(Arrays.asList(v));
            return this;
        }

        public Builder instructions(List<Instruction> v) {
            instructions = new ArrayList<>(v);
            return this;
        }

        public Builder instruction(Instruction... v) {
            instructions.addAll(Arrays.asList(v));
            return this;
        }

        public FlowMod build() {
            return new FlowMod(this);
        }
    }
}
