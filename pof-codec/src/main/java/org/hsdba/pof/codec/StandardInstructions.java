package org.hsdba.pof.codec;

import static org.hsdba.pof.codec.WireFormat.pad;
import static org.hsdba.pof.codec.WireFormat.readMatch;
import static org.hsdba.pof.codec.WireFormat.readOperand;
import static org.hsdba.pof.codec.WireFormat.readOperandType;
import static org.hsdba.pof.codec.WireFormat.writeMatch;
import static org.hsdba.pof.codec.WireFormat.writeOperand;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.hsdba.pof.action.Action;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.instruction.CalculateField;
import org.hsdba.pof.instruction.ConditionalJump;
import org.hsdba.pof.instruction.GotoDirectTable;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.InstructionType;
import org.hsdba.pof.instruction.Jump;
import org.hsdba.pof.instruction.Meter;
import org.hsdba.pof.instruction.MovePacketOffset;
import org.hsdba.pof.instruction.WriteMetadata;
import org.hsdba.pof.instruction.WriteMetadataFromPacket;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.Operand;

/** Data-area layouts of the nine 1.4.0 instructions (pof_global.h, POF_SD2N + AFTER1015). */
final class StandardInstructions {
    private StandardInstructions() {
    }

    static List<SlotCodec<? extends Instruction>> all() {
        return List.of(
                SlotCodec.of(InstructionType.GOTO_TABLE, GotoTable.class,
                        StandardInstructions::writeGotoTable, StandardInstructions::readGotoTable),
                SlotCodec.of(InstructionType.WRITE_METADATA, WriteMetadata.class,
                        StandardInstructions::writeWriteMetadata, StandardInstructions::readWriteMetadata),
                SlotCodec.of(InstructionType.APPLY_ACTIONS, ApplyActions.class,
                        StandardInstructions::writeApplyActions, StandardInstructions::readApplyActions),
                SlotCodec.of(InstructionType.METER, Meter.class,
                        (m, out, c) -> out.putInt((int) m.meterId()),
                        (len, in, c) -> new Meter(len, in.u32("meter_id"))),
                SlotCodec.of(InstructionType.WRITE_METADATA_FROM_PACKET, WriteMetadataFromPacket.class,
                        (w, out, c) -> out.putShort((short) w.metadataOffsetBits())
                                .putShort((short) w.packetOffsetBits()).putShort((short) w.lengthBits()),
                        (len, in, c) -> new WriteMetadataFromPacket(len, in.u16("metadata_offset"),
                                in.u16("packet_offset"), in.u16("len"))),
                SlotCodec.of(InstructionType.GOTO_DIRECT_TABLE, GotoDirectTable.class,
                        StandardInstructions::writeGotoDirectTable, StandardInstructions::readGotoDirectTable),
                SlotCodec.of(InstructionType.CONDITIONAL_JMP, ConditionalJump.class,
                        StandardInstructions::writeConditionalJump, StandardInstructions::readConditionalJump),
                SlotCodec.of(InstructionType.CALCULATE_FIELD, CalculateField.class,
                        StandardInstructions::writeCalculateField, StandardInstructions::readCalculateField),
                SlotCodec.of(InstructionType.MOVE_PACKET_OFFSET, MovePacketOffset.class,
                        StandardInstructions::writeMovePacketOffset, StandardInstructions::readMovePacketOffset));
    }

    // u8 next_table_id | u8 match_field_num | u16 packet_offset | pad[4] | pof_match[8]
    private static void writeGotoTable(GotoTable g, ByteBuffer out, PofCodec codec) {
        out.put((byte) g.nextTableId()).put((byte) g.matches().size()).putShort((short) g.packetOffset());
        pad(out, 4);
        for (Match m : g.matches()) {
            writeMatch(out, m);
        }
    }

    private static GotoTable readGotoTable(int len, WireReader in, PofCodec codec) throws PofDecodeException {
        int next = in.u8("next_table_id");
        int count = in.checkMax(in.u8("match_field_num"), GotoTable.MAX_MATCHES, "match_field_num", 1);
        int offset = (short) in.u16("packet_offset");
        in.skip(4, "pad");
        List<Match> matches = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            matches.add(readMatch(in, "match[" + i + "]"));
        }
        return new GotoTable(len, next, offset, matches);
    }

    // u16 metadata_offset | u16 len | u8 value[16] | pad[4]
    private static void writeWriteMetadata(WriteMetadata w, ByteBuffer out, PofCodec codec) {
        out.putShort((short) w.metadataOffsetBits()).putShort((short) w.lengthBits()).put(w.value());
    }

    private static WriteMetadata readWriteMetadata(int len, WireReader in, PofCodec codec) throws PofDecodeException {
        int offset = in.u16("metadata_offset");
        int bits = in.u16("len");
        return new WriteMetadata(len, offset, bits, in.bytes(WriteMetadata.VALUE_BYTES, "value"));
    }

    // u8 action_num | pad[7] | pof_action[6]
    private static void writeApplyActions(ApplyActions a, ByteBuffer out, PofCodec codec) {
        out.put((byte) a.actions().size());
        pad(out, 7);
        for (Action action : a.actions()) {
            codec.encodeAction(action, out);
        }
    }

    private static ApplyActions readApplyActions(int len, WireReader in, PofCodec codec) throws PofDecodeException {
        int count = in.checkMax(in.u8("action_num"), ApplyActions.MAX_ACTIONS, "action_num", 1);
        in.skip(7, "pad");
        List<Action> actions = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            actions.add(codec.decodeAction(in.slice(Action.SLOT_LENGTH, in.context() + " action[" + i + "]")));
        }
        return new ApplyActions(len, actions);
    }

    // u8 next_table_id | u8 index_type | u16 packet_offset | pad[4] | imm/field index
    private static void writeGotoDirectTable(GotoDirectTable g, ByteBuffer out, PofCodec codec) {
        out.put((byte) g.nextTableId()).put((byte) g.index().typeCode()).putShort((short) g.packetOffset());
        pad(out, 4);
        writeOperand(out, g.index());
    }

    private static GotoDirectTable readGotoDirectTable(int len, WireReader in, PofCodec codec)
            throws PofDecodeException {
        int next = in.u8("next_table_id");
        int indexType = readOperandType(in, "index_type");
        int offset = (short) in.u16("packet_offset");
        in.skip(4, "pad");
        return new GotoDirectTable(len, next, offset, readOperand(indexType, in, "table_entry_index"));
    }

    // u8 field2_type, off1_dir, off1_type, off2_dir, off2_type, off3_dir, off3_type, pad |
    // pof_match field1 | imm/field field2 | imm/field off1 (<) | off2 (==) | off3 (>)
    private static void writeConditionalJump(ConditionalJump j, ByteBuffer out, PofCodec codec) {
        out.put((byte) j.field2().typeCode());
        for (Jump target : new Jump[] {j.lessThan(), j.equal(), j.greaterThan()}) {
            out.put((byte) (target.isBackward() ? Jump.BACKWARD : Jump.FORWARD)).put((byte) target.count().typeCode());
        }
        pad(out, 1);
        writeMatch(out, j.field1());
        writeOperand(out, j.field2());
        writeOperand(out, j.lessThan().count());
        writeOperand(out, j.equal().count());
        writeOperand(out, j.greaterThan().count());
    }

    private static ConditionalJump readConditionalJump(int len, WireReader in, PofCodec codec)
            throws PofDecodeException {
        int field2Type = readOperandType(in, "field2_type");
        boolean[] backward = new boolean[3];
        int[] types = new int[3];
        for (int i = 0; i < 3; i++) {
            backward[i] = WireFormat.readDirection(in, "offset" + (i + 1) + "_direction");
            types[i] = readOperandType(in, "offset" + (i + 1) + "_type");
        }
        in.skip(1, "pad");
        Match field1 = readMatch(in, "compare_field1");
        Operand field2 = readOperand(field2Type, in, "compare_field2");
        Jump[] jumps = new Jump[3];
        for (int i = 0; i < 3; i++) {
            jumps[i] = Jump.of(backward[i], readOperand(types[i], in, "offset" + (i + 1)));
        }
        return new ConditionalJump(len, field1, field2, jumps[0], jumps[1], jumps[2]);
    }

    // u16 calc_type | u8 src_type | pad[5] | pof_match dst | imm/field src
    private static void writeCalculateField(CalculateField c, ByteBuffer out, PofCodec codec) {
        out.putShort((short) c.calcType()).put((byte) c.source().typeCode());
        pad(out, 5);
        writeMatch(out, c.destination());
        writeOperand(out, c.source());
    }

    private static CalculateField readCalculateField(int len, WireReader in, PofCodec codec)
            throws PofDecodeException {
        int calcType = in.u16("calc_type");
        int srcType = readOperandType(in, "src_type");
        in.skip(5, "pad");
        Match dst = readMatch(in, "dst_field");
        return new CalculateField(len, calcType, dst, readOperand(srcType, in, "src_operand"));
    }

    // u8 direction | u8 value_type | pad[6] | imm/field movement
    private static void writeMovePacketOffset(MovePacketOffset m, ByteBuffer out, PofCodec codec) {
        out.put((byte) (m.isBackward() ? Jump.BACKWARD : Jump.FORWARD)).put((byte) m.movement().typeCode());
        pad(out, 6);
        writeOperand(out, m.movement());
    }

    private static MovePacketOffset readMovePacketOffset(int len, WireReader in, PofCodec codec)
            throws PofDecodeException {
        boolean backward = WireFormat.readDirection(in, "direction");
        int type = readOperandType(in, "value_type");
        in.skip(6, "pad");
        return new MovePacketOffset(len, backward, readOperand(type, in, "movement"));
    }
}
