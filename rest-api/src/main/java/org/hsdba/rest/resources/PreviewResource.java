package org.hsdba.rest.resources;

import java.io.InputStream;

import javax.inject.Singleton;
import javax.ws.rs.Consumes;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.PreviewResult;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.json.TreeDocument;
import org.hsdba.rest.codec.PreviewCodec;
import org.hsdba.rest.codec.PreviewRequest;

/**
 * What an edit or a whole proposed tree would give: admission verdict (every violation) and the
 * exact allocation for the given demands. Never changes anything. Broken tree rules are an answer
 * here (200, {@code "ok": false}); only an unreadable request is a 400.
 */
@Path("preview")
@Produces(MediaType.APPLICATION_JSON)
@Singleton
public class PreviewResource extends HsdbaResource {

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public ObjectNode preview(InputStream body) {
        RequestBody requestBody = Bodies.json(body);
        JsonNode json = requestBody.json();
        PreviewRequest request = decode(requestBody, () -> PreviewRequest.read(json, this::tree));
        if (request.tree().isPresent()) {
            TreeDocument doc = request.tree().get();
            BandwidthTree proposed;
            try {
                proposed = doc.build();
            } catch (InvalidTreeException e) {
                return PreviewCodec.refused(e.violations(), doc::pointerOf, this);
            }
            PreviewResult result = service().preview(proposed, request.demands());
            return PreviewCodec.encode(result, doc::pointerOf, this);
        }
        TreeEdit edit = request.edit().get();
        PreviewResult result = service().preview(request.port(), edit, request.demands());
        return PreviewCodec.encode(result, about(edit.nodeId(), prefixOf(edit)), this);
    }

    /** Where the edited node's attributes are in the request. */
    private static String prefixOf(TreeEdit edit) {
        switch (edit.kind()) {
            case ADD:
                return "/edit/node";
            case UPDATE:
                return "/edit/changes";
            default:
                return "/edit";
        }
    }
}
