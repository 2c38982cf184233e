package org.hsdba.pof.instruction;

/** Instruction type codes of POFSwitch 1.4.0 ({@code POFIT_*}, pof_global.h). */
public final class InstructionType {
    public static final int GOTO_TABLE = 1;
    public static final int WRITE_METADATA = 2;
    /** Defined but unsupported by the switch (ERROR BAD_INSTRUCTION/UNSUP_INST). */
    public static final int WRITE_ACTIONS = 3;
    public static final int APPLY_ACTIONS = 4;
    /** Defined but unsupported by the switch. */
    public static final int CLEAR_ACTIONS = 5;
    public static final int METER = 6;
    public static final int WRITE_METADATA_FROM_PACKET = 7;
    public static final int GOTO_DIRECT_TABLE = 8;
    public static final int CONDITIONAL_JMP = 9;
    public static final int CALCULATE_FIELD = 10;
    public static final int MOVE_PACKET_OFFSET = 11;
    public static final int EXPERIMENTER = 0xFFFF;

    private InstructionType() {
    }

    /** True for the instruction types the 1.4.0 switch executes (and this codec models). */
    public static boolean isKnown(int type) {
        switch (type) {
            case GOTO_TABLE: case WRITE_METADATA: case APPLY_ACTIONS: case METER:
            case WRITE_METADATA_FROM_PACKET: case GOTO_DIRECT_TABLE: case CONDITIONAL_JMP:
            case CALCULATE_FIELD: case MOVE_PACKET_OFFSET:
                return true;
            default:
                return false;
        }
    }
}
