package org.hsdba.rest.codec;

import java.util.List;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.HistorySample;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.PortState;
import org.hsdba.api.json.LiveJson;
import org.hsdba.model.PortRef;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

/** Codecs of the live, read-only resources: port state, node history and events. */
public final class LiveCodecs {

    private LiveCodecs() {
    }

    /**
     * {@code {"device", "port", "time", "version", "masterElsewhere", "capacityBps", "guaranteedSumBps",
     * "measuredBps", "nodes": [...]}}. With {@code masterElsewhere} true (another cluster instance
     * reads the switch) every measured member is null, not zero.
     */
    public static final class PortStateCodec extends JsonCodec<PortState> {
        @Override
        public ObjectNode encode(PortState s, CodecContext context) {
            return LiveJson.portState(s);
        }
    }

    /** {@code {"time", "type", "device", "port", "node", "message"}} (absent parts null). */
    public static final class EventCodec extends JsonCodec<HsdbaEvent> {
        @Override
        public ObjectNode encode(HsdbaEvent e, CodecContext context) {
            return LiveJson.event(e);
        }
    }

    /** {@code {"device", "port", "node", "samples": [{"t", "measuredBps", "targetBps", "dropBps"}]}}, oldest first. */
    public static ObjectNode history(PortRef port, String node, List<HistorySample> samples, CodecContext context) {
        ObjectNode o = context.mapper().createObjectNode();
        o.put("device", port.deviceId());
        o.put("port", port.port());
        o.put("node", node);
        ArrayNode a = o.putArray("samples");
        for (HistorySample s : samples) {
            ObjectNode so = a.addObject();
            so.put("t", s.timeMillis());
            JsonOut.bps(so, "measuredBps", s.measuredBps());
            JsonOut.bps(so, "targetBps", s.targetBps());
            JsonOut.bps(so, "dropBps", s.dropBps());
        }
        return o;
    }
}
