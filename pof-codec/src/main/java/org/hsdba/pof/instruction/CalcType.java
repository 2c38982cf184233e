package org.hsdba.pof.instruction;

/** CALCULATE_FIELD operators ({@code POFCT_*}); there is no multiply or divide in 1.4.0. */
public final class CalcType {
    public static final int ADD = 0;
    public static final int SUBTRACT = 1;
    public static final int LEFT_SHIFT = 2;
    public static final int RIGHT_SHIFT = 3;
    /** Named BITWISE_ADD in pof_global.h; it is a bitwise AND. */
    public static final int BITWISE_AND = 4;
    public static final int BITWISE_OR = 5;
    public static final int BITWISE_XOR = 6;
    public static final int BITWISE_NOR = 7;

    private CalcType() {
    }

    public static boolean isKnown(int calcType) {
        return calcType >= ADD && calcType <= BITWISE_NOR;
    }
}
