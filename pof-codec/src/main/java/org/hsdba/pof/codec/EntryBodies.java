package org.hsdba.pof.codec;

import static org.hsdba.pof.codec.WireFormat.pad;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.hsdba.pof.action.Action;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.GroupMod;
import org.hsdba.pof.message.PacketOut;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.TableMod;

/** Body layouts with slot arrays: FLOW_MOD, TABLE_MOD, GROUP_MOD, PACKET_OUT, and the port description. */
final class EntryBodies {
    private static final int FLOW_MATCHES_AT = 40;
    private static final int FLOW_INSTRUCTIONS_AT = FLOW_MATCHES_AT + FlowMod.MAX_MATCHES * MatchX.LENGTH;
    private static final int TABLE_MATCHES_AT = 80;
    private static final int GROUP_ACTIONS_AT = 16;
    private static final int PACKET_OUT_ACTIONS_AT = 16;

    private EntryBodies() {
    }

    // u8 command | u8 match_field_num | u8 instruction_num | pad | u32 counter_id | u64 cookie |
    // u64 cookie_mask | u8 table_id | u8 table_type | u16 idle | u16 hard | u16 priority |
    // u32 index | u16 slotID | pad[2] | pof_match_x[8] | pof_instruction[6]
    static void writeFlowMod(FlowMod m, ByteBuffer out, PofCodec codec) {
        out.put((byte) m.command()).put((byte) m.matches().size()).put((byte) m.instructions().size());
        pad(out, 1);
        out.putInt((int) m.counterId()).putLong(m.cookie()).putLong(m.cookieMask()).put((byte) m.tableId())
                .put((byte) m.tableType()).putShort((short) m.idleTimeout()).putShort((short) m.hardTimeout())
                .putShort((short) m.priority()).putInt((int) m.index()).putShort((short) m.slotId());
        out.position(FLOW_MATCHES_AT);
        for (MatchX match : m.matches()) {
            WireFormat.writeMatchX(out, match);
        }
        out.position(FLOW_INSTRUCTIONS_AT);
        for (Instruction instruction : m.instructions()) {
            codec.encodeInstruction(instruction, out);
        }
    }

    static FlowMod readFlowMod(long xid, WireReader in, PofCodec codec) throws PofDecodeException {
        FlowMod.Builder b = FlowMod.builder().xid(xid).command(in.u8("command"));
        int matchCount = in.checkMax(in.u8("match_field_num"), FlowMod.MAX_MATCHES, "match_field_num", 1);
        int instructionCount = in.checkMax(in.u8("instruction_num"), FlowMod.MAX_INSTRUCTIONS, "instruction_num", 1);
        in.skip(1, "pad");
        b.counterId(in.u32("counter_id")).cookie(in.u64("cookie")).cookieMask(in.u64("cookie_mask"));
        int tableId = in.u8("table_id");
        b.table(in.u8("table_type"), tableId).idleTimeout(in.u16("idle_timeout")).hardTimeout(in.u16("hard_timeout"))
                .priority(in.u16("priority")).index(in.u32("index")).slotId(in.u16("slotID"));
        in.skip(2, "pad2");
        WireReader matches = in.slice(FlowMod.MAX_MATCHES * MatchX.LENGTH, "FLOW_MOD match");
        for (int i = 0; i < matchCount; i++) {
            b.match(WireFormat.readMatchX(matches, "match[" + i + "]"));
        }
        for (int i = 0; i < instructionCount; i++) {
            b.instruction(codec.decodeInstruction(in.slice(Instruction.SLOT_LENGTH, "FLOW_MOD instruction[" + i + "]")));
        }
        return b.build();
    }

    // u8 command | u8 tid | u8 type | u8 match_field_num | u32 size | u16 key_len | u16 slotID |
    // pad[4] | table_name[64] | pof_match[8]
    static void writeTableMod(TableMod m, ByteBuffer out, PofCodec codec) {
        out.put((byte) m.command()).put((byte) m.tableId()).put((byte) m.tableType()).put((byte) m.matches().size())
                .putInt((int) m.size()).putShort((short) m.keyLengthBits()).putShort((short) m.slotId());
        pad(out, 4);
        out.put(m.name().bytes());
        for (Match match : m.matches()) {
            WireFormat.writeMatch(out, match);
        }
    }

    static TableMod readTableMod(long xid, WireReader in, PofCodec codec) throws PofDecodeException {
        TableMod.Builder b = TableMod.builder().xid(xid).command(in.u8("command"));
        int tid = in.u8("tid");
        b.table(in.u8("type"), tid);
        int matchCount = in.checkMax(in.u8("match_field_num"), TableMod.MAX_MATCHES, "match_field_num", 1);
        b.size(in.u32("size")).keyLengthBits(in.u16("key_len")).slotId(in.u16("slotID"));
        in.skip(4, "pad");
        b.name(WireFormat.readString(in, TableMod.NAME_BYTES, "table_name"));
        for (int i = 0; i < matchCount; i++) {
            b.match(WireFormat.readMatch(in, "match[" + i + "]"));
        }
        return b.build();
    }

    // u8 command | u8 type | u8 action_number | pad | u32 group_id | u32 counter_id | u16 slotID |
    // pad[2] | pof_action[4]
    static void writeGroupMod(GroupMod m, ByteBuffer out, PofCodec codec) {
        out.put((byte) m.command()).put((byte) m.groupType()).put((byte) m.actions().size());
        pad(out, 1);
        out.putInt((int) m.groupId()).putInt((int) m.counterId()).putShort((short) m.slotId());
        out.position(GROUP_ACTIONS_AT);
        for (Action action : m.actions()) {
            codec.encodeAction(action, out);
        }
    }

    static GroupMod readGroupMod(long xid, WireReader in, PofCodec codec) throws PofDecodeException {
        int command = in.u8("command");
        int type = in.u8("type");
        int count = in.checkMax(in.u8("action_number"), GroupMod.MAX_ACTIONS, "action_number", 1);
        in.skip(1, "pad");
        long group = in.u32("group_id");
        long counter = in.u32("counter_id");
        int slot = in.u16("slotID");
        in.skip(2, "pad2");
        return new GroupMod(xid, command, type, group, counter, slot, readActions(in, count, GroupMod.MAX_ACTIONS, "GROUP_MOD", codec));
    }

    // u32 bufferId | u32 inPort | u8 actionNum | pad[3] | u32 packetLen | pof_action[6] | data
    static void writePacketOut(PacketOut m, ByteBuffer out, PofCodec codec) {
        out.putInt((int) m.bufferId()).putInt((int) m.inPort()).put((byte) m.actions().size());
        pad(out, 3);
        byte[] data = m.data();
        out.putInt(data.length);
        for (Action action : m.actions()) {
            codec.encodeAction(action, out);
        }
        out.position(PacketOut.FIXED_LENGTH);
        out.put(data);
    }

    static PacketOut readPacketOut(long xid, WireReader in, PofCodec codec) throws PofDecodeException {
        long buffer = in.u32("bufferId");
        long inPort = in.u32("inPort");
        int count = in.checkMax(in.u8("actionNum"), PacketOut.MAX_ACTIONS, "actionNum", 1);
        in.skip(3, "padding");
        long packetLen = in.u32("packetLen");
        int dataBytes = in.remaining() - PacketOut.MAX_ACTIONS * Action.SLOT_LENGTH;
        if (packetLen != dataBytes) {
            throw new PofDecodeException(in.messageType(), in.offset() - 4, "PACKET_OUT packetLen = " + packetLen
                    + " but the message length leaves " + dataBytes + " data bytes");
        }
        List<Action> actions = readActions(in, count, PacketOut.MAX_ACTIONS, "PACKET_OUT", codec);
        return new PacketOut(xid, buffer, inPort, actions, in.rest());
    }

    /** Reads {@code count} actions from a fixed array of {@code slots} slots, consuming the whole array. */
    private static List<Action> readActions(WireReader in, int count, int slots, String owner, PofCodec codec)
            throws PofDecodeException {
        WireReader array = in.slice(slots * Action.SLOT_LENGTH, owner + " actions");
        List<Action> actions = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            actions.add(codec.decodeAction(array.slice(Action.SLOT_LENGTH, owner + " action[" + i + "]")));
        }
        return actions;
    }

    // u8 reason | pad[7] | u16 slotID | u16 port_id | u32 device_id | u8 hw_addr[6] | pad[2] |
    // name[64] | u32 config, state, curr, advertised, supported, peer, curr_speed, max_speed |
    // u8 of_enable | pad[7]
    static void writePort(int reason, PortDesc p, ByteBuffer out) {
        out.put((byte) reason);
        pad(out, 7);
        out.putShort((short) p.slotId()).putShort((short) p.portId()).putInt((int) p.deviceId()).put(p.hwAddr());
        pad(out, 2);
        out.put(p.name().bytes()).putInt((int) p.config()).putInt((int) p.state()).putInt((int) p.current())
                .putInt((int) p.advertised()).putInt((int) p.supported()).putInt((int) p.peer())
                .putInt((int) p.currentSpeed()).putInt((int) p.maxSpeed()).put((byte) p.openflowEnable());
    }

    static PortDesc readPortAfterReason(WireReader in) throws PofDecodeException {
        in.skip(7, "pad");
        PortDesc.Builder b = PortDesc.builder().slotId(in.u16("slotID")).portId(in.u16("port_id"))
                .deviceId(in.u32("device_id")).hwAddr(in.bytes(PortDesc.HW_ADDR_BYTES, "hw_addr"));
        in.skip(2, "pad");
        b.name(WireFormat.readString(in, PortDesc.NAME_BYTES, "name")).config(in.u32("config"))
                .state(in.u32("state")).current(in.u32("curr")).advertised(in.u32("advertised"))
                .supported(in.u32("supported")).peer(in.u32("peer")).currentSpeed(in.u32("curr_speed"))
                .maxSpeed(in.u32("max_speed")).openflowEnable(in.u8("of_enable"));
        in.skip(7, "pad2");
        return b.build();
    }
}
