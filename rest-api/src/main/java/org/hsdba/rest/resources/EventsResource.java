package org.hsdba.rest.resources;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.MultivaluedMap;
import javax.ws.rs.core.UriInfo;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.rest.codec.LiveCodecs;
import org.hsdba.rest.error.ApiException;

/** The most recent events, newest first, optionally only of some types, one device or one node. */
@Path("events")
@Produces(MediaType.APPLICATION_JSON)
public class EventsResource extends HsdbaResource {

    static final int MAX_LIMIT = 10_000;
    private static final Set<String> PARAMETERS = Set.of("limit", "type", "device", "node");
    private static final LiveCodecs.EventCodec CODEC = new LiveCodecs.EventCodec();

    @Context
    private UriInfo uriInfo;

    /**
     * {@code ?limit=N} (1..10000, default 100) of the events with {@code type} (one or a
     * comma-separated list), {@code device} and {@code node} (exact ids) when given. Any other
     * query parameter, or one given twice, is a 400.
     */
    @GET
    public ObjectNode events() {
        MultivaluedMap<String, String> q = uriInfo.getQueryParameters();
        for (String name : q.keySet()) {
            if (!PARAMETERS.contains(name)) {
                throw ApiException.badValue("unknown query parameter \"" + name + "\"; /events takes limit, type, device"
                        + " and node");
            }
            if (q.get(name).size() > 1) {
                throw ApiException.badValue("query parameter \"" + name + "\" given " + q.get(name).size()
                        + " times; give it once (type takes a comma-separated list)");
            }
        }
        String limit = q.getFirst("limit") == null ? "100" : q.getFirst("limit");
        int n;
        try {
            n = Integer.parseInt(limit.trim());
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < 1 || n > MAX_LIMIT) {
            throw ApiException.badValue("limit \"" + limit + "\" must be a whole number in 1.." + MAX_LIMIT);
        }
        Set<HsdbaEvent.Type> types = types(q.getFirst("type"));
        String device = q.getFirst("device");
        String node = q.getFirst("node");
        boolean filtered = types.size() < HsdbaEvent.Type.values().length || device != null || node != null;
        ObjectNode o = mapper().createObjectNode();
        ArrayNode a = o.putArray("events");
        for (HsdbaEvent e : select(service().events(filtered ? MAX_LIMIT : n), types, device, node, n)) {
            a.add(CODEC.encode(e, this));
        }
        return o;
    }

    /** The first {@code n} events of the given types, device and node (null: any). */
    static List<HsdbaEvent> select(List<HsdbaEvent> events, Set<HsdbaEvent.Type> types, String device, String node,
                                   int n) {
        List<HsdbaEvent> out = new ArrayList<>();
        for (HsdbaEvent e : events) {
            if (out.size() == n) {
                break;
            }
            if (types.contains(e.type()) && (device == null || device.equals(e.deviceId().orElse(null)))
                    && (node == null || node.equals(e.nodeId().orElse(null)))) {
                out.add(e);
            }
        }
        return out;
    }

    static Set<HsdbaEvent.Type> types(String text) {
        if (text == null) {
            return EnumSet.allOf(HsdbaEvent.Type.class);
        }
        Set<HsdbaEvent.Type> out = EnumSet.noneOf(HsdbaEvent.Type.class);
        for (String t : text.split(",", -1)) {
            try {
                out.add(HsdbaEvent.Type.valueOf(t.trim()));
            } catch (IllegalArgumentException e) {
                throw ApiException.badValue("type \"" + t.trim() + "\" is not an event type; one of "
                        + EnumSet.allOf(HsdbaEvent.Type.class));
            }
        }
        return out;
    }
}
