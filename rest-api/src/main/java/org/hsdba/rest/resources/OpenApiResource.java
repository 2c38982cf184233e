package org.hsdba.rest.resources;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

import javax.inject.Singleton;
import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/** The OpenAPI 3 document of this API (a maintained file, checked against the resources by a test). */
@Path("openapi.json")
@Singleton
public class OpenApiResource extends HsdbaResource {

    /** Class-path location of the document. */
    public static final String DOCUMENT = "/org/hsdba/rest/openapi.json";

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response document() {
        try (InputStream in = OpenApiResource.class.getResourceAsStream(DOCUMENT)) {
            if (in == null) {
                throw new IllegalStateException("the OpenAPI document " + DOCUMENT + " is missing from the bundle");
            }
            return Response.ok(in.readAllBytes(), MediaType.APPLICATION_JSON_TYPE).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
