package org.hsdba.rest.resources;

import javax.inject.Singleton;
import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.DeviceStatus;
import org.hsdba.rest.codec.DeviceCodec;
import org.hsdba.rest.error.ApiException;

/** Connected switches and devices with configured trees. */
@Path("devices")
@Produces(MediaType.APPLICATION_JSON)
@Singleton
public class DevicesResource extends HsdbaResource {

    private static final DeviceCodec CODEC = new DeviceCodec();

    /** All devices: {@code {"devices": [...]}}. */
    @GET
    public ObjectNode devices() {
        ObjectNode o = mapper().createObjectNode();
        ArrayNode a = o.putArray("devices");
        for (DeviceStatus d : service().devices()) {
            a.add(CODEC.encode(d, this));
        }
        return o;
    }

    /** One device; 404 if the service does not know it. */
    @GET
    @Path("{device}")
    public ObjectNode device(@PathParam("device") String device) {
        return CODEC.encode(service().device(device)
                .orElseThrow(() -> ApiException.notFound("unknown device " + device)), this);
    }
}
