package org.hsdba.api.json;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

import org.hsdba.api.Enforcement;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.NodeState;
import org.hsdba.api.PortState;
import org.hsdba.api.Warning;

/**
 * The JSON of the live, read-only values, one form for the REST API and the CLI's {@code -j}:
 * rates in whole bits/s, and null for what nobody measured here (another cluster instance is the
 * master) or what JSON cannot carry (an unlimited rate). Pure functions.
 */
public final class LiveJson {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private LiveJson() {
    }

    /**
     * {@code {"device", "port", "time", "version", "masterElsewhere", "capacityBps", "guaranteedSumBps",
     * "measuredBps", "nodes": [...]}}. With {@code masterElsewhere} true every measured member is
     * null, not zero.
     */
    public static ObjectNode portState(PortState s) {
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
        o.put("warning", s.warning().orElse(null));
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

    /** {@code {"time", "type", "device", "port", "node", "message"}} (absent parts null). */
    public static ObjectNode event(HsdbaEvent e) {
        ObjectNode o = F.objectNode();
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

    /**
     * {@code {"port", "version", "enforcedVersion", "status", "reason", "summary"}}: which operator
     * version of the port's tree the switch enforces (null: none), {@code status} enforced |
     * pending | failed | not-connected, the error when failed (else null), and one sentence for people.
     */
    public static ObjectNode enforcement(Enforcement e) {
        ObjectNode o = F.objectNode();
        o.put("port", e.port());
        o.put("version", e.version());
        if (e.enforcedVersion().isPresent()) {
            o.put("enforcedVersion", e.enforcedVersion().get());
        } else {
            o.putNull("enforcedVersion");
        }
        o.put("status", e.status().jsonName());
        o.put("reason", e.reason().orElse(null));
        o.put("summary", e.describe());
        return o;
    }

    /** {@code [{"code", "message"}]}. */
    public static ArrayNode warnings(List<Warning> warnings) {
        ArrayNode a = F.arrayNode();
        for (Warning w : warnings) {
            a.addObject().put("code", w.code()).put("message", w.message());
        }
        return a;
    }

    /** A computed rate in bits/s, rounded; null when not finite. */
    public static void bps(ObjectNode o, String member, double bps) {
        if (Double.isFinite(bps)) {
            o.put(member, Math.round(bps));
        } else {
            o.putNull(member);
        }
    }
}
