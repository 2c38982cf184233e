package org.hsdba.rest.resources;

import java.io.InputStream;

import javax.inject.Singleton;
import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.ParametersPreview;
import org.hsdba.rest.codec.ParametersCodec;
import org.hsdba.store.ParametersJson;

/**
 * The service's run-time parameters. A change reaches the switches in place (entries and blocks
 * rewritten, sessions kept) unless it changes a device's enforcement mode, which reprograms that
 * switch; {@code POST parameters/preview} says which, before anything is set.
 */
@Path("parameters")
@Produces(MediaType.APPLICATION_JSON)
@Singleton
public class ParametersResource extends HsdbaResource {

    private static final ParametersCodec CODEC = new ParametersCodec();

    @GET
    public ObjectNode get() {
        return CODEC.encode(service().parameters(), this);
    }

    /** Sets the members given (the others keep their value); answers the parameters now in force. */
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    public ObjectNode put(InputStream body) {
        RequestBody request = Bodies.json(body);
        JsonNode json = request.json();
        HsdbaParameters current = service().parameters();
        HsdbaParameters next = decode(request, () -> ParametersJson.read(json, current));
        return CODEC.encode(service().setParameters(next), this);
    }

    /** What the PUT of this body would do to each connected switch; sets nothing. */
    @POST
    @Path("preview")
    @Consumes(MediaType.APPLICATION_JSON)
    public ObjectNode preview(InputStream body) {
        RequestBody request = Bodies.json(body);
        JsonNode json = request.json();
        HsdbaParameters current = service().parameters();
        HsdbaParameters next = decode(request, () -> ParametersJson.read(json, current));
        ParametersPreview p = service().previewParameters(next);
        ObjectNode o = mapper().createObjectNode();
        o.set("parameters", CODEC.encode(p.parameters(), this));
        o.put("summary", p.summary());
        o.put("reprogram", p.reprogrammed().size());
        o.put("enforcementGapSeconds", p.gapSeconds());
        ArrayNode devices = o.putArray("devices");
        for (ParametersPreview.Device d : p.devices()) {
            ObjectNode j = devices.addObject();
            j.put("device", d.id());
            j.put("change", d.change().jsonName());
            j.put("modeBefore", d.modeBefore().jsonName());
            if (d.modeAfter().isPresent()) {
                j.put("modeAfter", d.modeAfter().get().jsonName());
            } else {
                j.putNull("modeAfter");
            }
            j.put("messages", d.messages());
            j.put("enforcementGapSeconds", d.gapSeconds());
            j.put("detail", d.detail());
        }
        return o;
    }
}
