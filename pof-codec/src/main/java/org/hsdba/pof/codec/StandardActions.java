package org.hsdba.pof.codec;

import static org.hsdba.pof.codec.WireFormat.pad;
import static org.hsdba.pof.codec.WireFormat.readMatch;
import static org.hsdba.pof.codec.WireFormat.readOperand;
import static org.hsdba.pof.codec.WireFormat.readOperandType;
import static org.hsdba.pof.codec.WireFormat.writeMatch;
import static org.hsdba.pof.codec.WireFormat.writeOperand;

import java.nio.ByteBuffer;
import java.util.List;
import org.hsdba.pof.action.Action;
import org.hsdba.pof.action.ActionType;
import org.hsdba.pof.action.AddFieldAction;
import org.hsdba.pof.action.CalculateChecksumAction;
import org.hsdba.pof.action.CounterAction;
import org.hsdba.pof.action.DeleteFieldAction;
import org.hsdba.pof.action.DropAction;
import org.hsdba.pof.action.GroupAction;
import org.hsdba.pof.action.ModifyFieldAction;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.action.PacketInAction;
import org.hsdba.pof.action.SetFieldAction;
import org.hsdba.pof.action.SetFieldFromMetadataAction;
import org.hsdba.pof.match.Match;

/** Data-area layouts of the eleven 1.4.0 actions (pof_global.h, POF_SD2N + AFTER1015). */
final class StandardActions {
    private StandardActions() {
    }

    static List<SlotCodec<? extends Action>> all() {
        return List.of(
                SlotCodec.of(ActionType.OUTPUT, OutputAction.class,
                        StandardActions::writeOutput, StandardActions::readOutput),
                SlotCodec.of(ActionType.SET_FIELD, SetFieldAction.class,
                        (a, out, c) -> WireFormat.writeMatchX(out, a.field()),
                        (len, in, c) -> new SetFieldAction(len, WireFormat.readMatchX(in, "field_setting"))),
                SlotCodec.of(ActionType.SET_FIELD_FROM_METADATA, SetFieldFromMetadataAction.class,
                        StandardActions::writeSetFieldFromMetadata, StandardActions::readSetFieldFromMetadata),
                SlotCodec.of(ActionType.MODIFY_FIELD, ModifyFieldAction.class,
                        StandardActions::writeModifyField, StandardActions::readModifyField),
                SlotCodec.of(ActionType.ADD_FIELD, AddFieldAction.class,
                        StandardActions::writeAddField, StandardActions::readAddField),
                SlotCodec.of(ActionType.DELETE_FIELD, DeleteFieldAction.class,
                        StandardActions::writeDeleteField, StandardActions::readDeleteField),
                SlotCodec.of(ActionType.CALCULATE_CHECKSUM, CalculateChecksumAction.class,
                        StandardActions::writeChecksum, StandardActions::readChecksum),
                SlotCodec.of(ActionType.GROUP, GroupAction.class,
                        (a, out, c) -> out.putInt((int) a.groupId()),
                        (len, in, c) -> new GroupAction(len, in.u32("group_id"))),
                SlotCodec.of(ActionType.DROP, DropAction.class,
                        (a, out, c) -> out.putInt((int) a.reasonCode()),
                        (len, in, c) -> new DropAction(len, in.u32("reason_code"))),
                SlotCodec.of(ActionType.PACKET_IN, PacketInAction.class,
                        (a, out, c) -> out.putInt((int) a.reasonCode()),
                        (len, in, c) -> new PacketInAction(len, in.u32("reason_code"))),
                SlotCodec.of(ActionType.COUNTER, CounterAction.class,
                        (a, out, c) -> out.putInt((int) a.counterId()),
                        (len, in, c) -> new CounterAction(len, in.u32("counter_id"))));
    }

    // u8 portId_type | pad | u16 metadata_offset | u16 metadata_len | u16 packet_offset | imm/field port
    private static void writeOutput(OutputAction a, ByteBuffer out, PofCodec codec) {
        out.put((byte) a.port().typeCode());
        pad(out, 1);
        out.putShort((short) a.metadataOffsetBits()).putShort((short) a.metadataLengthBits())
                .putShort((short) a.packetOffset());
        writeOperand(out, a.port());
    }

    private static OutputAction readOutput(int len, WireReader in, PofCodec codec) throws PofDecodeException {
        int portType = readOperandType(in, "portId_type");
        in.skip(1, "pad");
        int mdOffset = in.u16("metadata_offset");
        int mdLen = in.u16("metadata_len");
        int pktOffset = in.u16("packet_offset");
        return new OutputAction(len, readOperand(portType, in, "outputPortId"), mdOffset, mdLen, pktOffset);
    }

    // pof_match field | u16 metadata_offset | pad[6]
    private static void writeSetFieldFromMetadata(SetFieldFromMetadataAction a, ByteBuffer out, PofCodec codec) {
        writeMatch(out, a.field());
        out.putShort((short) a.metadataOffsetBits());
    }

    private static SetFieldFromMetadataAction readSetFieldFromMetadata(int len, WireReader in, PofCodec codec)
            throws PofDecodeException {
        Match field = readMatch(in, "field_setting");
        return new SetFieldFromMetadataAction(len, field, in.u16("metadata_offset"));
    }

    // pof_match field | i32 increment | pad[4]
    private static void writeModifyField(ModifyFieldAction a, ByteBuffer out, PofCodec codec) {
        writeMatch(out, a.field());
        out.putInt(a.increment());
    }

    private static ModifyFieldAction readModifyField(int len, WireReader in, PofCodec codec)
            throws PofDecodeException {
        Match field = readMatch(in, "field");
        return new ModifyFieldAction(len, field, in.s32("increment"));
    }

    // u16 tag_id | u16 tag_pos | u32 tag_len | u8 tag_value[16]
    private static void writeAddField(AddFieldAction a, ByteBuffer out, PofCodec codec) {
        out.putShort((short) a.tagId()).putShort((short) a.tagPositionBits()).putInt((int) a.tagLengthBits())
                .put(a.tagValue());
    }

    private static AddFieldAction readAddField(int len, WireReader in, PofCodec codec) throws PofDecodeException {
        int tagId = in.u16("tag_id");
        int tagPos = in.u16("tag_pos");
        long tagLen = in.u32("tag_len");
        return new AddFieldAction(len, tagId, tagPos, tagLen, in.bytes(AddFieldAction.VALUE_BYTES, "tag_value"));
    }

    // u16 tag_pos | u8 len_type | pad[5] | imm/field tag_len
    private static void writeDeleteField(DeleteFieldAction a, ByteBuffer out, PofCodec codec) {
        out.putShort((short) a.tagPositionBits()).put((byte) a.tagLengthBits().typeCode());
        pad(out, 5);
        writeOperand(out, a.tagLengthBits());
    }

    private static DeleteFieldAction readDeleteField(int len, WireReader in, PofCodec codec)
            throws PofDecodeException {
        int tagPos = in.u16("tag_pos");
        int lenType = readOperandType(in, "len_type");
        in.skip(5, "pad");
        return new DeleteFieldAction(len, tagPos, readOperand(lenType, in, "tag_len"));
    }

    // u8 checksum_pos_type | u8 cal_startpos_type | u16 checksum_pos | u16 checksum_len |
    // u16 cal_startpos | u16 cal_len | pad[6]
    private static void writeChecksum(CalculateChecksumAction a, ByteBuffer out, PofCodec codec) {
        out.put((byte) a.checksumPositionType()).put((byte) a.calcStartType())
                .putShort((short) a.checksumPositionBits()).putShort((short) a.checksumLengthBits())
                .putShort((short) a.calcStartBits()).putShort((short) a.calcLengthBits());
    }

    private static CalculateChecksumAction readChecksum(int len, WireReader in, PofCodec codec)
            throws PofDecodeException {
        int posType = in.u8("checksum_pos_type");
        int startType = in.u8("cal_startpos_type");
        int pos = in.u16("checksum_pos");
        int checksumLen = in.u16("checksum_len");
        int start = in.u16("cal_startpos");
        int calLen = in.u16("cal_len");
        return new CalculateChecksumAction(len, posType, startType, pos, checksumLen, start, calLen);
    }
}
