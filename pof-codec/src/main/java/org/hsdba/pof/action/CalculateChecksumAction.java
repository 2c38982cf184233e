package org.hsdba.pof.action;

import org.hsdba.pof.FieldChecks;

/**
 * CALCULATE_CHECKSUM: ones-complement checksum of {@code [calcStart, +calcLength)} written to
 * {@code [checksumPosition, +checksumLength)}; positions in bits, each in the packet (type 0) or
 * metadata (type 1).
 */
public final class CalculateChecksumAction extends Action {
    /** Position type: the packet. */
    public static final int IN_PACKET = 0;
    /** Position type: metadata. */
    public static final int IN_METADATA = 1;

    private final int checksumPositionType;
    private final int calcStartType;
    private final int checksumPositionBits;
    private final int checksumLengthBits;
    private final int calcStartBits;
    private final int calcLengthBits;

    public CalculateChecksumAction(int len, int checksumPositionType, int calcStartType, int checksumPositionBits,
                                   int checksumLengthBits, int calcStartBits, int calcLengthBits) {
        super(len);
        this.checksumPositionType = FieldChecks.u8(checksumPositionType, "checksum_pos_type");
        this.calcStartType = FieldChecks.u8(calcStartType, "cal_startpos_type");
        this.checksumPositionBits = FieldChecks.u16(checksumPositionBits, "checksum_pos");
        this.checksumLengthBits = FieldChecks.u16(checksumLengthBits, "checksum_len");
        this.calcStartBits = FieldChecks.u16(calcStartBits, "cal_startpos");
        this.calcLengthBits = FieldChecks.u16(calcLengthBits, "cal_len");
    }

    /** A checksum over packet bits, stored in the packet. */
    public static CalculateChecksumAction inPacket(int checksumPositionBits, int checksumLengthBits,
                                                   int calcStartBits, int calcLengthBits) {
        return new CalculateChecksumAction(DEFAULT_LEN, IN_PACKET, IN_PACKET, checksumPositionBits,
                checksumLengthBits, calcStartBits, calcLengthBits);
    }

    @Override
    public int type() {
        return ActionType.CALCULATE_CHECKSUM;
    }

    public int checksumPositionType() {
        return checksumPositionType;
    }

    public int calcStartType() {
        return calcStartType;
    }

    public int checksumPositionBits() {
        return checksumPositionBits;
    }

    public int checksumLengthBits() {
        return checksumLengthBits;
    }

    public int calcStartBits() {
        return calcStartBits;
    }

    public int calcLengthBits() {
        return calcLengthBits;
    }

    @Override
    protected Object[] components() {
        return new Object[] {checksumPositionType, calcStartType, checksumPositionBits, checksumLengthBits,
            calcStartBits, calcLengthBits};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"checksumPositionType", "calcStartType", "checksumPositionBits", "checksumLengthBits",
            "calcStartBits", "calcLengthBits"};
    }
}
