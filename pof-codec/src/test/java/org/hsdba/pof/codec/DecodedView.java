package org.hsdba.pof.codec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hsdba.pof.message.CounterMessage;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.FeaturesReply;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.GetConfigReply;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.PortStatus;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.message.TableResource;

/**
 * A decoded message as a map with the key names the vector file's {@code decoded} objects use,
 * so a test can compare every key the file gives. Header keys (version, length, xid) are added
 * by the caller from the bytes and the message.
 */
final class DecodedView {
    private DecodedView() {
    }

    static Map<String, Object> of(PofMessage m) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("xid", m.xid());
        if (m instanceof FeaturesReply) {
            FeaturesReply f = (FeaturesReply) m;
            v.put("dev_id", f.deviceId());
            v.put("slotID", (long) f.slotId());
            v.put("port_num", (long) f.portCount());
            v.put("table_num", (long) f.tableCount());
            v.put("capabilities", f.capabilities());
            v.put("vendor", f.vendor().text());
            v.put("fw", f.forwardingEngine().text());
            v.put("lkup", f.lookupEngine().text());
        } else if (m instanceof GetConfigReply) {
            GetConfigReply g = (GetConfigReply) m;
            v.put("dev_id", g.config().deviceId());
            v.put("flags", (long) g.config().flags());
            v.put("miss_send_len", (long) g.config().missSendLength());
        } else if (m instanceof ResourceReport) {
            ResourceReport r = (ResourceReport) m;
            v.put("resourceType", (long) r.resourceType());
            v.put("slotID", (long) r.slotId());
            v.put("counter_num", r.counterCount());
            v.put("meter_num", r.meterCount());
            v.put("group_num", r.groupCount());
            List<Object> tables = new ArrayList<>();
            for (TableResource t : r.tables()) {
                Map<String, Object> tv = new LinkedHashMap<>();
                tv.put("dev", t.deviceId());
                tv.put("type", (long) t.tableType());
                tv.put("tbl_num", (long) t.tableCount());
                tv.put("key_len", (long) t.keyLengthBits());
                tv.put("total_size", t.totalSize());
                tables.add(tv);
            }
            v.put("tables", tables);
        } else if (m instanceof PortStatus) {
            PortStatus p = (PortStatus) m;
            v.put("reason", (long) p.reason());
            v.put("port", port(p.port()));
        } else if (m instanceof PacketIn) {
            PacketIn p = (PacketIn) m;
            v.put("buffer_id", p.bufferId());
            v.put("total_len", (long) p.totalLength());
            v.put("reason", (long) p.reason());
            v.put("table_id", (long) p.tableId());
            v.put("cookie", p.cookie());
            v.put("device_id", p.deviceId());
            v.put("slotID", (long) p.slotId());
            v.put("port_id", (long) p.portId());
            v.put("data", Hex.of(p.data()));
        } else if (m instanceof CounterMessage) {
            CounterMessage c = (CounterMessage) m;
            v.put("command", (long) c.command());
            v.put("slotID", (long) c.slotId());
            v.put("counter_id", c.counterId());
            v.put("value", c.packets());
            v.put("byte_value", c.bytes());
        } else if (m instanceof ErrorMessage) {
            ErrorMessage e = (ErrorMessage) m;
            v.put("err_type", (long) e.errorType());
            v.put("code", (long) e.code());
            v.put("device_id", e.deviceId());
            v.put("slotID", (long) e.slotId());
            v.put("err_str", e.errorString());
        } else if (m instanceof TableMod) {
            TableMod t = (TableMod) m;
            v.put("command", (long) t.command());
            v.put("tid", (long) t.tableId());
            v.put("ttype", (long) t.tableType());
            v.put("match_field_num", (long) t.matches().size());
            v.put("size", t.size());
            v.put("key_len", (long) t.keyLengthBits());
            v.put("slotID", (long) t.slotId());
            v.put("name", t.name().text());
        } else if (m instanceof FlowMod) {
            FlowMod f = (FlowMod) m;
            v.put("command", (long) f.command());
            v.put("match_field_num", (long) f.matches().size());
            v.put("instruction_num", (long) f.instructions().size());
            v.put("counter_id", f.counterId());
            v.put("table_id", (long) f.tableId());
            v.put("table_type", (long) f.tableType());
            v.put("priority", (long) f.priority());
            v.put("index", f.index());
            v.put("slotID", (long) f.slotId());
        }
        return v;
    }

    private static Map<String, Object> port(PortDesc p) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("slotID", (long) p.slotId());
        v.put("port_id", (long) p.portId());
        v.put("device_id", p.deviceId());
        StringBuilder mac = new StringBuilder();
        for (byte b : p.hwAddr()) {
            mac.append(mac.length() == 0 ? "" : ":").append(String.format("%02x", b & 0xFF));
        }
        v.put("hw_addr", mac.toString());
        v.put("name", p.name().text());
        v.put("config", p.config());
        v.put("state", p.state());
        v.put("curr", p.current());
        v.put("advertised", p.advertised());
        v.put("supported", p.supported());
        v.put("peer", p.peer());
        v.put("curr_speed", p.currentSpeed());
        v.put("max_speed", p.maxSpeed());
        v.put("of_enable", (long) p.openflowEnable());
        return v;
    }
}
