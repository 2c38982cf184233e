package org.hsdba.pof.instruction;

import org.hsdba.pof.FieldChecks;

/** WRITE_METADATA_FROM_PACKET: copy {@code lengthBits} packet bits into metadata (all offsets in bits). */
public final class WriteMetadataFromPacket extends Instruction {
    private final int metadataOffsetBits;
    private final int packetOffsetBits;
    private final int lengthBits;

    public WriteMetadataFromPacket(int len, int metadataOffsetBits, int packetOffsetBits, int lengthBits) {
        super(len);
        this.metadataOffsetBits = FieldChecks.u16(metadataOffsetBits, "metadata_offset");
        this.packetOffsetBits = FieldChecks.u16(packetOffsetBits, "packet_offset");
        this.lengthBits = FieldChecks.u16(lengthBits, "len");
    }

    public static WriteMetadataFromPacket of(int metadataOffsetBits, int packetOffsetBits, int lengthBits) {
        return new WriteMetadataFromPacket(DEFAULT_LEN, metadataOffsetBits, packetOffsetBits, lengthBits);
    }

    @Override
    public int type() {
        return InstructionType.WRITE_METADATA_FROM_PACKET;
    }

    public int metadataOffsetBits() {
        return metadataOffsetBits;
    }

    public int packetOffsetBits() {
        return packetOffsetBits;
    }

    public int lengthBits() {
        return lengthBits;
    }

    @Override
    protected Object[] components() {
        return new Object[] {metadataOffsetBits, packetOffsetBits, lengthBits};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"metadataOffsetBits", "packetOffsetBits", "lengthBits"};
    }
}
