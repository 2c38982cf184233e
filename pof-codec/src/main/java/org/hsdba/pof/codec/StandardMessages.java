package org.hsdba.pof.codec;

import static org.hsdba.pof.codec.WireFormat.pad;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.LongFunction;
import org.hsdba.pof.PofVersion;
import org.hsdba.pof.message.BarrierRequest;
import org.hsdba.pof.message.ConfigMessage;
import org.hsdba.pof.message.CounterMessage;
import org.hsdba.pof.message.CounterMod;
import org.hsdba.pof.message.CounterReply;
import org.hsdba.pof.message.CounterRequest;
import org.hsdba.pof.message.EchoReply;
import org.hsdba.pof.message.EchoRequest;
import org.hsdba.pof.message.EmptyMessage;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.FeaturesReply;
import org.hsdba.pof.message.FeaturesRequest;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.GetConfigReply;
import org.hsdba.pof.message.GetConfigRequest;
import org.hsdba.pof.message.GroupMod;
import org.hsdba.pof.message.Hello;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.message.MeterMod;
import org.hsdba.pof.message.OpaqueMessage;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PacketOut;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.PortMessage;
import org.hsdba.pof.message.PortMod;
import org.hsdba.pof.message.PortStatus;
import org.hsdba.pof.message.QueryAllFin;
import org.hsdba.pof.message.QueryAllRequest;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.pof.message.SetConfig;
import org.hsdba.pof.message.SwitchConfig;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.message.TableResource;

/**
 * Body layouts of the 1.4.0 messages (pof_global.h with POF_SD2N, POF_SD2N_AFTER1015 and
 * POF_MULTIPLE_SLOTS). Flow-table bodies are in {@link EntryBodies}.
 */
final class StandardMessages {
    private static final int MAX_BODY = PofVersion.MAX_MESSAGE_LENGTH - PofVersion.HEADER_LENGTH;

    private StandardMessages() {
    }

    static List<MessageCodec<?>> all() {
        return List.of(
                opaque(MessageType.HELLO, Hello.class, Hello::new),
                MessageCodec.fixed(MessageType.ERROR, ErrorMessage.class, 272,
                        StandardMessages::writeError, StandardMessages::readError),
                opaque(MessageType.ECHO_REQUEST, EchoRequest.class, EchoRequest::new),
                opaque(MessageType.ECHO_REPLY, EchoReply.class, EchoReply::new),
                empty(MessageType.FEATURES_REQUEST, FeaturesRequest.class, FeaturesRequest::new),
                MessageCodec.fixed(MessageType.FEATURES_REPLY, FeaturesReply.class, 208,
                        StandardMessages::writeFeatures, StandardMessages::readFeatures),
                empty(MessageType.GET_CONFIG_REQUEST, GetConfigRequest.class, GetConfigRequest::new),
                config(MessageType.GET_CONFIG_REPLY, GetConfigReply.class, GetConfigReply::new),
                config(MessageType.SET_CONFIG, SetConfig.class, SetConfig::new),
                MessageCodec.variable(MessageType.PACKET_IN, PacketIn.class, PacketIn.HEADER_LENGTH, MAX_BODY,
                        m -> PacketIn.HEADER_LENGTH + m.data().length,
                        StandardMessages::writePacketIn, StandardMessages::readPacketIn),
                port(MessageType.PORT_STATUS, PortStatus.class, PortStatus::new),
                port(MessageType.PORT_MOD, PortMod.class, PortMod::new),
                MessageCodec.fixed(MessageType.RESOURCE_REPORT, ResourceReport.class, ResourceReport.BODY_LENGTH,
                        StandardMessages::writeResources, StandardMessages::readResources),
                MessageCodec.variable(MessageType.PACKET_OUT, PacketOut.class, PacketOut.FIXED_LENGTH, MAX_BODY,
                        m -> PacketOut.FIXED_LENGTH + m.data().length,
                        EntryBodies::writePacketOut, EntryBodies::readPacketOut),
                MessageCodec.fixed(MessageType.FLOW_MOD, FlowMod.class, FlowMod.BODY_LENGTH,
                        EntryBodies::writeFlowMod, EntryBodies::readFlowMod),
                MessageCodec.fixed(MessageType.GROUP_MOD, GroupMod.class, GroupMod.BODY_LENGTH,
                        EntryBodies::writeGroupMod, EntryBodies::readGroupMod),
                MessageCodec.fixed(MessageType.TABLE_MOD, TableMod.class, TableMod.BODY_LENGTH,
                        EntryBodies::writeTableMod, EntryBodies::readTableMod),
                empty(MessageType.BARRIER_REQUEST, BarrierRequest.class, BarrierRequest::new),
                MessageCodec.fixed(MessageType.METER_MOD, MeterMod.class, MeterMod.BODY_LENGTH,
                        StandardMessages::writeMeter, StandardMessages::readMeter),
                MessageCodec.fixed(MessageType.COUNTER_MOD, CounterMod.class, CounterMessage.BODY_LENGTH,
                        StandardMessages::writeCounter,
                        (xid, in, c) -> readCounter(in, (cmd, slot, id, p, b) -> new CounterMod(xid, cmd, slot, id, p, b))),
                MessageCodec.fixed(MessageType.COUNTER_REQUEST, CounterRequest.class, CounterMessage.BODY_LENGTH,
                        StandardMessages::writeCounter,
                        (xid, in, c) -> readCounter(in,
                                (cmd, slot, id, p, b) -> new CounterRequest(xid, cmd, slot, id, p, b))),
                MessageCodec.fixed(MessageType.COUNTER_REPLY, CounterReply.class, CounterMessage.BODY_LENGTH,
                        StandardMessages::writeCounter,
                        (xid, in, c) -> readCounter(in,
                                (cmd, slot, id, p, b) -> new CounterReply(xid, cmd, slot, id, p, b))),
                MessageCodec.fixed(MessageType.QUERYALL_REQUEST, QueryAllRequest.class, QueryAllRequest.BODY_LENGTH,
                        (m, out, c) -> out.putShort((short) m.slotId()),
                        (xid, in, c) -> new QueryAllRequest(xid, in.u16("slotID"))),
                empty(MessageType.QUERYALL_FIN, QueryAllFin.class, QueryAllFin::new));
    }

    // the whole body is the data, 0..2552 bytes
    private static <T extends OpaqueMessage> MessageCodec<T> opaque(int type, Class<T> cls,
                                                                   BiFunction<Long, byte[], T> create) {
        return MessageCodec.variable(type, cls, 0, MAX_BODY, m -> m.data().length,
                (m, out, c) -> out.put(m.data()), (xid, in, c) -> create.apply(xid, in.rest()));
    }

    private static <T extends EmptyMessage> MessageCodec<T> empty(int type, Class<T> cls, LongFunction<T> create) {
        return MessageCodec.fixed(type, cls, 0, (m, out, c) -> { }, (xid, in, c) -> create.apply(xid));
    }

    private static <T extends ConfigMessage> MessageCodec<T> config(int type, Class<T> cls,
                                                                   BiFunction<Long, SwitchConfig, T> create) {
        return MessageCodec.fixed(type, cls, SwitchConfig.LENGTH, (m, out, c) -> writeConfig(m.config(), out),
                (xid, in, c) -> create.apply(xid, readConfig(in)));
    }

    /** Builds PORT_STATUS or PORT_MOD from the shared body. */
    private interface PortFactory<T> {
        T create(long xid, int reason, PortDesc port);
    }

    private static <T extends PortMessage> MessageCodec<T> port(int type, Class<T> cls, PortFactory<T> create) {
        return MessageCodec.fixed(type, cls, PortMessage.BODY_LENGTH,
                (m, out, c) -> EntryBodies.writePort(m.reason(), m.port(), out),
                (xid, in, c) -> create.create(xid, in.u8("reason"), EntryBodies.readPortAfterReason(in)));
    }

    // u16 type | u16 code | u32 device_id | u16 slotID | pad[6] | char err_str[256]
    private static void writeError(ErrorMessage m, ByteBuffer out, PofCodec codec) {
        out.putShort((short) m.errorType()).putShort((short) m.code()).putInt((int) m.deviceId())
                .putShort((short) m.slotId()).put(m.reserved()).put(m.text().bytes());
    }

    private static ErrorMessage readError(long xid, WireReader in, PofCodec codec) throws PofDecodeException {
        int type = in.u16("type");
        int code = in.u16("code");
        long device = in.u32("device_id");
        int slot = in.u16("slotID");
        byte[] reserved = in.bytes(ErrorMessage.RESERVED_BYTES, "pad");
        return new ErrorMessage(xid, type, code, device, slot, reserved,
                WireFormat.readString(in, ErrorMessage.TEXT_BYTES, "err_str"));
    }

    // u32 dev_id | u16 slotID | u16 port_num | u16 table_num | pad[2] | u32 capabilities | 3 x name[64]
    private static void writeFeatures(FeaturesReply m, ByteBuffer out, PofCodec codec) {
        out.putInt((int) m.deviceId()).putShort((short) m.slotId()).putShort((short) m.portCount())
                .putShort((short) m.tableCount());
        pad(out, 2);
        out.putInt((int) m.capabilities()).put(m.vendor().bytes()).put(m.forwardingEngine().bytes())
                .put(m.lookupEngine().bytes());
    }

    private static FeaturesReply readFeatures(long xid, WireReader in, PofCodec codec) throws PofDecodeException {
        long device = in.u32("dev_id");
        int slot = in.u16("slotID");
        int ports = in.u16("port_num");
        int tables = in.u16("table_num");
        in.skip(2, "pad");
        long capabilities = in.u32("capabilities");
        return new FeaturesReply(xid, device, slot, ports, tables, capabilities,
                WireFormat.readString(in, FeaturesReply.NAME_BYTES, "vendor_id"),
                WireFormat.readString(in, FeaturesReply.NAME_BYTES, "dev_fw_id"),
                WireFormat.readString(in, FeaturesReply.NAME_BYTES, "dev_lkup_id"));
    }

    // u32 dev_id | u16 flags | u16 miss_send_len
    private static void writeConfig(SwitchConfig config, ByteBuffer out) {
        out.putInt((int) config.deviceId()).putShort((short) config.flags()).putShort((short) config.missSendLength());
    }

    private static SwitchConfig readConfig(WireReader in) throws PofDecodeException {
        return new SwitchConfig(in.u32("dev_id"), in.u16("flags"), in.u16("miss_send_len"));
    }

    // u32 buffer_id | u16 total_len | u8 reason | u8 table_id | u64 cookie | u32 device_id |
    // u16 slotID | u16 port_id | data
    private static void writePacketIn(PacketIn m, ByteBuffer out, PofCodec codec) {
        out.putInt((int) m.bufferId()).putShort((short) m.totalLength()).put((byte) m.reason())
                .put((byte) m.tableId()).putLong(m.cookie()).putInt((int) m.deviceId()).putShort((short) m.slotId())
                .putShort((short) m.portId()).put(m.data());
    }

    private static PacketIn readPacketIn(long xid, WireReader in, PofCodec codec) throws PofDecodeException {
        return PacketIn.builder().xid(xid).bufferId(in.u32("buffer_id")).totalLength(in.u16("total_len"))
                .reason(in.u8("reason")).tableId(in.u8("table_id")).cookie(in.u64("cookie"))
                .deviceId(in.u32("device_id")).slotId(in.u16("slotID")).portId(in.u16("port_id"))
                .data(in.rest()).build();
    }

    // u8 resourceType | pad | u16 slotID | u32 counter_num | u32 meter_num | u32 group_num |
    // 4 x {u32 device_id | u8 type | u8 tbl_num | u16 key_len | u32 total_size | pad[4]}
    private static void writeResources(ResourceReport m, ByteBuffer out, PofCodec codec) {
        out.put((byte) m.resourceType());
        pad(out, 1);
        out.putShort((short) m.slotId()).putInt((int) m.counterCount()).putInt((int) m.meterCount())
                .putInt((int) m.groupCount());
        for (TableResource t : m.tables()) {
            out.putInt((int) t.deviceId()).put((byte) t.tableType()).put((byte) t.tableCount())
                    .putShort((short) t.keyLengthBits()).putInt((int) t.totalSize());
            pad(out, 4);
        }
    }

    private static ResourceReport readResources(long xid, WireReader in, PofCodec codec) throws PofDecodeException {
        int resourceType = in.u8("resourceType");
        in.skip(1, "pad");
        int slot = in.u16("slotID");
        long counters = in.u32("counter_num");
        long meters = in.u32("meter_num");
        long groups = in.u32("group_num");
        List<TableResource> tables = new ArrayList<>(4);
        for (int i = 0; i < 4; i++) {
            String t = "tableResourcesDesc[" + i + "]";
            long device = in.u32(t + ".device_id");
            int type = in.u8(t + ".type");
            int count = in.u8(t + ".tbl_num");
            int keyLen = in.u16(t + ".key_len");
            long size = in.u32(t + ".total_size");
            in.skip(4, t + ".pad");
            tables.add(new TableResource(device, type, count, keyLen, size));
        }
        return new ResourceReport(xid, resourceType, slot, counters, meters, groups, tables);
    }

    // u8 command | pad | u16 slotID | u32 meter_id | u32 rate | pad[4]
    private static void writeMeter(MeterMod m, ByteBuffer out, PofCodec codec) {
        out.put((byte) m.command());
        pad(out, 1);
        out.putShort((short) m.slotId()).putInt((int) m.meterId()).putInt((int) m.rate());
    }

    private static MeterMod readMeter(long xid, WireReader in, PofCodec codec) throws PofDecodeException {
        int command = in.u8("command");
        in.skip(1, "pad");
        int slot = in.u16("slotID");
        long id = in.u32("meter_id");
        return new MeterMod(xid, command, slot, id, in.u32("rate"));
    }

    // u8 command | pad | u16 slotID | u32 counter_id | u64 value | u64 byte_value
    private static void writeCounter(CounterMessage m, ByteBuffer out, PofCodec codec) {
        out.put((byte) m.command());
        pad(out, 1);
        out.putShort((short) m.slotId()).putInt((int) m.counterId()).putLong(m.packets()).putLong(m.bytes());
    }

    /** Builds one of the three counter messages from the shared body. */
    private interface CounterFactory<T> {
        T create(int command, int slotId, long counterId, long packets, long bytes);
    }

    private static <T> T readCounter(WireReader in, CounterFactory<T> factory) throws PofDecodeException {
        int command = in.u8("command");
        in.skip(1, "pad");
        int slot = in.u16("slotID");
        long id = in.u32("counter_id");
        long packets = in.u64("value");
        return factory.create(command, slot, id, packets, in.u64("byte_value"));
    }
}
