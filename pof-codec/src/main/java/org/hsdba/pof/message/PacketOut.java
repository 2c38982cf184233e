package org.hsdba.pof.message;

import java.util.List;
import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.PofVersion;
import org.hsdba.pof.action.Action;

/**
 * PACKET_OUT ({@code pof_packet_out}): {@code u32 bufferId | u32 inPort | u8 actionNum | pad[3] |
 * u32 packetLen | pof_action[6] | data[packetLen]}; the message is 8 + 304 + packetLen bytes.
 * Use only OUTPUT/SET_FIELD-style actions (the stock switch passes no table context).
 */
public final class PacketOut extends PofMessage {
    /** Size of the body before the frame. */
    public static final int FIXED_LENGTH = 304;
    public static final int MAX_ACTIONS = 6;
    public static final int MAX_DATA = PofVersion.MAX_MESSAGE_LENGTH - PofVersion.HEADER_LENGTH - FIXED_LENGTH;

    private final long bufferId;
    private final long inPort;
    private final List<Action> actions;
    private final byte[] data;

    public PacketOut(long xid, long bufferId, long inPort, List<Action> actions, byte[] data) {
        super(xid);
        this.bufferId = FieldChecks.u32(bufferId, "bufferId");
        this.inPort = FieldChecks.u32(inPort, "inPort");
        this.actions = List.copyOf(actions);
        FieldChecks.count(this.actions.size(), MAX_ACTIONS, "actions in PACKET_OUT");
        this.data = FieldChecks.maxLength(data, MAX_DATA, "packet-out data").clone();
    }

    @Override
    public int type() {
        return MessageType.PACKET_OUT;
    }

    public long bufferId() {
        return bufferId;
    }

    public long inPort() {
        return inPort;
    }

    public List<Action> actions() {
        return actions;
    }

    /** The frame (a copy); packetLen on the wire is its length. */
    public byte[] data() {
        return data.clone();
    }

    @Override
    protected Object[] components() {
        return new Object[] {bufferId, inPort, actions, data};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"bufferId", "inPort", "actions", "data"};
    }
}
