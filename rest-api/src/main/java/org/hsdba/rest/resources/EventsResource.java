package org.hsdba.rest.resources;

import javax.ws.rs.DefaultValue;
import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.rest.codec.LiveCodecs;
import org.hsdba.rest.error.ApiException;

/** The most recent events, newest first. */
@Path("events")
@Produces(MediaType.APPLICATION_JSON)
public class EventsResource extends HsdbaResource {

    static final int MAX_LIMIT = 10_000;
    private static final LiveCodecs.EventCodec CODEC = new LiveCodecs.EventCodec();

    /** {@code ?limit=N} (1..10000, default 100). */
    @GET
    public ObjectNode events(@QueryParam("limit") @DefaultValue("100") String limit) {
        int n;
        try {
            n = Integer.parseInt(limit.trim());
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < 1 || n > MAX_LIMIT) {
            throw ApiException.badValue("limit \"" + limit + "\" must be a whole number in 1.." + MAX_LIMIT);
        }
        ObjectNode o = mapper().createObjectNode();
        ArrayNode a = o.putArray("events");
        for (HsdbaEvent e : service().events(n)) {
            a.add(CODEC.encode(e, this));
        }
        return o;
    }
}
