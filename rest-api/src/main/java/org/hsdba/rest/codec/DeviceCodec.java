package org.hsdba.rest.codec;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.DeviceStatus;
import org.hsdba.api.json.LiveJson;
import org.hsdba.api.PortInfo;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

/** A device: id, connection, enforcement mode, ports (with line rate when known), programming status, last error, join counters, and per tree the version the switch enforces. */
public final class DeviceCodec extends JsonCodec<DeviceStatus> {

    @Override
    public ObjectNode encode(DeviceStatus d, CodecContext context) {
        ObjectNode o = context.mapper().createObjectNode();
        o.put("id", d.id());
        o.put("connected", d.isConnected());
        o.put("mode", d.mode().jsonName());
        ArrayNode ports = o.putArray("ports");
        for (PortInfo p : d.ports()) {
            ObjectNode po = ports.addObject();
            po.put("port", p.port());
            po.put("name", p.name());
            po.put("up", p.isUp());
            po.put("managed", p.isManaged());
            if (p.speedBps() > 0) {
                po.put("speedBps", p.speedBps());
            } else {
                po.putNull("speedBps");
            }
        }
        o.put("programmed", d.isProgrammed());
        if (d.lastError().isPresent()) {
            o.put("lastError", d.lastError().get());
        } else {
            o.putNull("lastError");
        }
        ObjectNode joins = o.putObject("joins");
        joins.put("accepted", d.joins().accepted());
        joins.put("refused", d.joins().refused());
        joins.put("rateLimited", d.joins().rateLimited());
        joins.put("ignored", d.joins().ignored());
        ArrayNode trees = o.putArray("trees");
        d.trees().forEach(e -> trees.add(LiveJson.enforcement(e)));
        return o;
    }
}
