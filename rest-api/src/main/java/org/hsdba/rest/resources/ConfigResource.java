package org.hsdba.rest.resources;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.admission.Admission;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.json.ConfigException;
import org.hsdba.model.json.ConfigJson;
import org.hsdba.rest.codec.TreeDocument;
import org.hsdba.rest.error.ApiError;
import org.hsdba.rest.error.ApiException;
import org.hsdba.rest.error.ErrorCode;
import org.hsdba.rest.error.ErrorDetail;
import org.hsdba.rest.error.Errors;

/** The whole configuration in the config format ({@code "format": "hsdba/1"}): export and all-or-nothing import. */
@Path("config")
@Produces(MediaType.APPLICATION_JSON)
public class ConfigResource extends HsdbaResource {

    /** The canonical text of the configuration, the same as a config file. */
    @GET
    public Response export() {
        return Response.ok(ConfigJson.write(service().exportConfig()), MediaType.APPLICATION_JSON_TYPE).build();
    }

    /** Replaces the whole configuration; on any problem nothing changes. Answers the configuration now in force. */
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    public Response replace(InputStream body) {
        RequestBody request = Bodies.json(body);
        JsonNode json = request.json();
        HsdbaConfig config;
        try {
            config = ConfigJson.fromJson(json);
        } catch (ConfigException e) {
            throw new ApiException(classify(request, e));
        }
        rules(() -> {
            service().importConfig(config);
            return null;
        }, v -> null);
        return export();
    }

    /**
     * The config reader reports value problems and broken tree rules alike; the contract tells
     * them apart (bad-value / unknown-field versus admission). If every tree reads cleanly, the
     * trees' own rule violations are the whole story, with pointers into the body.
     */
    private static ApiError classify(RequestBody request, ConfigException e) {
        JsonNode trees = request.json().get("trees");
        if (trees == null || !trees.isArray()) {
            return request.error(e);
        }
        List<ErrorDetail> details = new ArrayList<>();
        for (int i = 0; i < trees.size(); i++) {
            TreeDocument doc;
            try {
                doc = TreeDocument.read(trees.get(i), "/trees/" + i, null);
            } catch (ConfigException valueProblem) {
                return request.error(e);
            }
            try {
                BandwidthTree t = doc.build();
                Admission.check(t).forEach(v -> details.add(Errors.detail(v, doc.pointerOf(v))));
            } catch (InvalidTreeException structure) {
                structure.violations().forEach(v -> details.add(Errors.detail(v, doc.pointerOf(v))));
            }
        }
        if (details.isEmpty()) {
            return request.error(e);
        }
        return ApiError.of(ErrorCode.ADMISSION,
                details.size() == 1 ? details.get(0).message() : details.size() + " admission violations", details);
    }
}
