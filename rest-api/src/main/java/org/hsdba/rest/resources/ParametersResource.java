package org.hsdba.rest.resources;

import java.io.InputStream;

import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.rest.codec.ParametersCodec;

/** The service's run-time parameters. */
@Path("parameters")
@Produces(MediaType.APPLICATION_JSON)
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
        HsdbaParameters next = decode(request, () -> ParametersCodec.read(json, current));
        return CODEC.encode(service().setParameters(next), this);
    }
}
