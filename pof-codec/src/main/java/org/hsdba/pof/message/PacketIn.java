package org.hsdba.pof.message;

import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.PofVersion;

/**
 * PACKET_IN ({@code pof_packet_in}, 24-byte header + frame): the switch sends the whole frame,
 * with reason 0 on a table miss or the PACKET_IN action's reason code.
 */
public final class PacketIn extends PofMessage {
    /** Size of the fixed part before the frame. */
    public static final int HEADER_LENGTH = 24;
    /** buffer_id POFSwitch always sends (no buffering). */
    public static final long NO_BUFFER = 0xFFFFFFFFL;
    /** Reason of a table miss. */
    public static final int REASON_NO_MATCH = 0;
    /** The most frame bytes a 2560-byte message can carry. */
    public static final int MAX_DATA = PofVersion.MAX_MESSAGE_LENGTH - PofVersion.HEADER_LENGTH - HEADER_LENGTH;

    private final long bufferId;
    private final int totalLength;
    private final int reason;
    private final int tableId;
    private final long cookie;
    private final long deviceId;
    private final int slotId;
    private final int portId;
    private final byte[] data;

    private PacketIn(Builder b) {
        super(b.xid);
        this.bufferId = FieldChecks.u32(b.bufferId, "buffer_id");
        this.totalLength = FieldChecks.u16(b.totalLength < 0 ? b.data.length : b.totalLength, "total_len");
        this.reason = FieldChecks.u8(b.reason, "reason");
        this.tableId = FieldChecks.u8(b.tableId, "table_id");
        this.cookie = b.cookie;
        this.deviceId = FieldChecks.u32(b.deviceId, "device_id");
        this.slotId = FieldChecks.u16(b.slotId, "slotID");
        this.portId = FieldChecks.u16(b.portId, "port_id");
        this.data = FieldChecks.maxLength(b.data, MAX_DATA, "packet-in data").clone();
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public int type() {
        return MessageType.PACKET_IN;
    }

    public long bufferId() {
        return bufferId;
    }

    /** total_len as sent (POFSwitch: the frame length). */
    public int totalLength() {
        return totalLength;
    }

    public int reason() {
        return reason;
    }

    /** Global id of the table that was looked up. */
    public int tableId() {
        return tableId;
    }

    public long cookie() {
        return cookie;
    }

    public long deviceId() {
        return deviceId;
    }

    public int slotId() {
        return slotId;
    }

    /** Ingress POF port id. */
    public int portId() {
        return portId;
    }

    /** The frame (a copy). */
    public byte[] data() {
        return data.clone();
    }

    @Override
    protected Object[] components() {
        return new Object[] {bufferId, totalLength, reason, tableId, cookie, deviceId, slotId, portId, data};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"bufferId", "totalLength", "reason", "tableId", "cookie", "deviceId", "slotId",
            "portId", "data"};
    }

    /** Builder; defaults: buffer id 0xFFFFFFFF, total length = data length, everything else 0. */
    public static final class Builder {
        private long xid;
        private long bufferId = NO_BUFFER;
        private int totalLength = -1;
        private int reason;
        private int tableId;
        private long cookie;
        private long deviceId;
        private int slotId;
        private int portId;
        private byte[] data = new byte[0];

        private Builder() {
        }

        public Builder xid(long xid) {
            this.xid = xid;
            return this;
        }

        public Builder bufferId(long bufferId) {
            this.bufferId = bufferId;
            return this;
        }

        public Builder totalLength(int totalLength) {
            this.totalLength = totalLength;
            return this;
        }

        public Builder reason(int reason) {
            this.reason = reason;
            return this;
        }

        public Builder tableId(int tableId) {
            this.tableId = tableId;
            return this;
        }

        public Builder cookie(long cookie) {
            this.cookie = cookie;
            return this;
        }

        public Builder deviceId(long deviceId) {
            this.deviceId = deviceId;
            return this;
        }

        public Builder slotId(int slotId) {
            this.slotId = slotId;
            return this;
        }

        public Builder portId(int portId) {
            this.portId = portId;
            return this;
        }

        public Builder data(byte[] data) {
            this.data = data;
            return this;
        }

        public PacketIn build() {
            return new PacketIn(this);
        }
    }
}
