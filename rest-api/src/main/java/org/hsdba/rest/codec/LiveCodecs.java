package org.hsdba.rest.codec;

import java.util.List;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.HistorySample;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.NodeState;
import org.hsdba.api.PortState;
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
            boolean here = !s.isMasterElsewhere();
            ObjectNode o = context.mapper().createObjectNode();
            o.put("device", s.port().deviceId());
            o.put("port", s.port().port());
            o.put("time", s.timeMillis());
            o.put("version", s.treeVersion());
            o.put("masterElsewhere", !here);
            JsonOut.bps(o, "capacityBps", s.capacityBps());
            JsonOut.bps(o, "guaranteedSumBps", s.guaranteedSumBps());
            JsonOut.bps(o, "measuredBps", here ? s.measuredBps() : Double.NaN);
            ArrayNode nodes = o.putArray("nodes");
            for (NodeState n : s.nodes()) {
                ObjectNode no = nodes.addObject();
                no.put("id", n.id());
                JsonOut.bps(no, "measuredBps", here ? n.measuredBps() : Double.NaN);
                if (here) {
                    no.put("state", n.state().letter());
                } else {
                    no.putNull("state");
                }
                JsonOut.bps(no, "fairShareBps", here ? n.fairShareBps() : Double.NaN);
                JsonOut.bps(no, "dropBps", here ? n.dropBps() : Double.NaN);
                if (here) {
                    no.put("active", n.isActive());
                } else {
                    no.putNull("active");
                }
                if (here && n.lastSeenMillis().isPresent()) {
                    no.put("lastSeen", n.lastSeenMillis().getAsLong());
                } else {
                    no.putNull("lastSeen");
                }
                JsonOut.bps(no, "targetBps", here ? n.targetBps() : Double.NaN);
                JsonOut.bps(no, "effectiveLimitBps", n.effectiveLimitBps());
                if (n.lastError().isPresent()) {
                    no.put("lastError", n.lastError().get());
                } else {
                    no.putNull("lastError");
                }
            }
            return o;
        }
    }

    /** {@code {"time", "type", "device", "port", "node", "message"}} (absent parts null). */
    public static final class EventCodec extends JsonCodec<HsdbaEvent> {
        @Override
        public ObjectNode encode(HsdbaEvent e, CodecContext context) {
            ObjectNode o = context.mapper().createObjectNode();
            o.put("time", e.timeMillis());
            o.put("type", e.type().name());
            o.put("device", e.deviceId().orElse(null));
            if (e.port().isPresent()) {
                o.put("port", e.port().getAsLong());
            } else {
                o.putNull("port");
            }
            o.put("node", e.nodeId().orElse(null));
            o.put("message", e.message());
            return o;
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
