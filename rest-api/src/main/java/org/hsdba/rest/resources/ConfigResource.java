package org.hsdba.rest.resources;

import java.io.InputStream;

import javax.inject.Singleton;
import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.json.ConfigException;
import org.hsdba.model.json.ConfigJson;
import org.hsdba.rest.error.ApiException;

/** The whole configuration in the config format ({@code "format": "hsdba/1"}): export and all-or-nothing import. */
@Path("config")
@Produces(MediaType.APPLICATION_JSON)
@Singleton
public class ConfigResource extends HsdbaResource {

    /** The canonical text of the configuration, the same as a config file. */
    @GET
    public Response export() {
        return Response.ok(ConfigJson.write(service().exportConfig()), MediaType.APPLICATION_JSON_TYPE).build();
    }

    /**
     * Replaces the whole configuration; on any problem nothing changes. Answers the configuration
     * now in force. Value problems are bad-value / unknown-field errors; if the trees read cleanly
     * but break tree rules, an admission error lists every violation with its pointer.
     */
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    public Response replace(InputStream body) {
        RequestBody request = Bodies.json(body);
        JsonNode json = request.json();
        HsdbaConfig config;
        try {
            config = ConfigJson.fromJson(json);
        } catch (ConfigException e) {
            throw new ApiException(request.error(e));
        }
        rules(() -> {
            service().importConfig(config);
            return null;
        }, v -> null);
        return export();
    }
}
