package org.hsdba.cli;

import java.util.Collection;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.PortState;
import org.hsdba.api.json.LiveJson;
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

    /** As the REST API's {@code GET .../state}: with {@code enforcement} (null if the device is unknown). */
    static ObjectNode state(PortState s, org.hsdba.api.Enforcement enforcement) {
        ObjectNode o = LiveJson.portState(s);
        if (enforcement == null) {
            o.putNull("enforcement");
        } else {
            o.set("enforcement", LiveJson.enforcement(enforcement));
        }
        return o;
    }

    static ArrayNode events(Collection<HsdbaEvent> events) {
        ArrayNode out = F.arrayNode();
        events.forEach(e -> out.add(LiveJson.event(e)));
        return out;
    }
}
