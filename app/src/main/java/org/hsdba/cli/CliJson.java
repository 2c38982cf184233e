package org.hsdba.cli;

import java.util.Collection;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.NodeState;
import org.hsdba.api.PortState;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.json.ConfigJson;

/**
 * What the commands print with {@code -j}: pure functions. Trees in the config format (as
 * {@code GET .../tree} answers), state and events with the member names of the REST API, so a
 * script can switch between the two.
 */
final class CliJson {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private CliJson() {
    }

    static ArrayNode trees(Collection<BandwidthTree> trees) {
        ArrayNode out = F.arrayNode();
        trees.forEach(t -> out.add(ConfigJson.treeToJson(t)));
        return out;
    }

    /** Rates in whole b/s; a rate nobody measured (another instance is the master) or an unlimited one is null. */
    static ObjectNode state(PortState s) {
        boolean here = !s.isMasterElsewhere();
        ObjectNode o = F.objectNode();
        o.put("device", s.port().deviceId());
        o.put("port", s.port().port());
        o.put("time", s.timeMillis());
        o.put("version", s.treeVersion());
        o.put("masterElsewhere", !here);
        bps(o, "capacityBps", s.capacityBps());
        bps(o, "guaranteedSumBps", s.guaranteedSumBps());
        bps(o, "measuredBps", here ? s.measuredBps() : Double.NaN);
        ArrayNode nodes = o.putArray("nodes");
        for (NodeState n : s.nodes()) {
            ObjectNode no = nodes.addObject();
            no.put("id", n.id());
            bps(no, "measuredBps", here ? n.measuredBps() : Double.NaN);
            no.put("state", here ? n.state().letter() : null);
            bps(no, "fairShareBps", here ? n.fairShareBps() : Double.NaN);
            bps(no, "dropBps", here ? n.dropBps() : Double.NaN);
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
            bps(no, "targetBps", here ? n.targetBps() : Double.NaN);
            bps(no, "effectiveLimitBps", n.effectiveLimitBps());
            no.put("lastError", n.lastError().orElse(null));
        }
        return o;
    }

    static ArrayNode events(Collection<HsdbaEvent> events) {
        ArrayNode out = F.arrayNode();
        for (HsdbaEvent e : events) {
            ObjectNode o = out.addObject();
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
        }
        return out;
    }

    private static void bps(ObjectNode o, String name, double bps) {
        if (Double.isFinite(bps)) {
            o.put(name, Math.round(bps));
        } else {
            o.putNull(name);
        }
    }
}
