package org.hsdba.pof.action;

import java.util.Objects;
import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.match.Operand;

/**
 * OUTPUT: send metadata bits {@code [metadataOffsetBits, +metadataLengthBits)} (rounded up to
 * bytes) followed by the packet from the current offset + {@code packetOffset} bytes, to the port
 * (u32 = slot &lt;&lt; 16 | port id, immediate or from a field). Does not end processing.
 */
public final class OutputAction extends Action {
    /** Port id that floods to every port but the ingress one. */
    public static final long FLOOD_PORT = 255;

    private final Operand port;
    private final int metadataOffsetBits;
    private final int metadataLengthBits;
    private final int packetOffset;

    public OutputAction(int len, Operand port, int metadataOffsetBits, int metadataLengthBits, int packetOffset) {
        super(len);
        this.port = Objects.requireNonNull(port, "port");
        this.metadataOffsetBits = FieldChecks.u16(metadataOffsetBits, "metadata_offset");
        this.metadataLengthBits = FieldChecks.u16(metadataLengthBits, "metadata_len");
        this.packetOffset = FieldChecks.u16(packetOffset, "packet_offset");
    }

    /** Output the packet (no metadata prefix) to a fixed port. */
    public static OutputAction toPort(long port) {
        return new OutputAction(DEFAULT_LEN, Operand.immediate(port), 0, 0, 0);
    }

    public static OutputAction of(Operand port, int metadataOffsetBits, int metadataLengthBits, int packetOffset) {
        return new OutputAction(DEFAULT_LEN, port, metadataOffsetBits, metadataLengthBits, packetOffset);
    }

    @Override
    public int type() {
        return ActionType.OUTPUT;
    }

    public Operand port() {
        return port;
    }

    public int metadataOffsetBits() {
        return metadataOffsetBits;
    }

    public int metadataLengthBits() {
        return metadataLengthBits;
    }

    public int packetOffset() {
        return packetOffset;
    }

    @Override
    protected Object[] components() {
        return new Object[] {port, metadataOffsetBits, metadataLengthBits, packetOffset};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"port", "metadataOffsetBits", "metadataLengthBits", "packetOffset"};
    }
}
