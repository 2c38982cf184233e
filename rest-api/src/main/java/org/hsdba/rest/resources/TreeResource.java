package org.hsdba.rest.resources;

import java.io.InputStream;
import java.util.List;
import java.util.OptionalLong;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.HeaderParam;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.admission.Admission;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.json.TreeDocument;
import org.hsdba.rest.codec.LevelCodec;
import org.hsdba.rest.codec.LiveCodecs;
import org.hsdba.rest.codec.TreeViews;

/** A port's bandwidth tree as a whole, its levels, and its live state. */
@Path("devices/{device}/ports/{port}")
@Produces(MediaType.APPLICATION_JSON)
public class TreeResource extends HsdbaResource {

    private static final LevelCodec LEVELS = new LevelCodec();
    private static final LiveCodecs.PortStateCodec STATE = new LiveCodecs.PortStateCodec();

    @PathParam("device")
    private String device;

    @PathParam("port")
    private String port;

    /** The tree in the config format with its version (also the ETag); 304 if If-None-Match has it. */
    @GET
    @Path("tree")
    public Response getTree(@HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        BandwidthTree tree = tree(portRef(device, port));
        if (ifNoneMatch != null && ifNoneMatch.trim().replace("W/", "").equals(etag(tree.version()).toString())) {
            return Response.notModified(etag(tree.version())).build();
        }
        return versioned(Response.ok(TreeViews.json(tree)), tree.version()).build();
    }

    /** Creates or replaces the tree; with If-Match only if it is still at that version (0 = no tree yet). */
    @PUT
    @Path("tree")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response putTree(@HeaderParam(HttpHeaders.IF_MATCH) String ifMatch, InputStream body) {
        PortRef where = portRef(device, port);
        OptionalLong expected = expectedVersion(ifMatch);
        RequestBody request = Bodies.json(body);
        JsonNode json = request.json();
        TreeDocument doc = decode(request, () -> TreeDocument.readApi(json, "", where));
        BandwidthTree proposed = rules(doc::build, doc::pointerOf);
        requireNoViolations(Admission.check(proposed), doc::pointerOf);
        BandwidthTree stored = rules(() -> service().putTree(proposed, expected), doc::pointerOf);
        return versioned(Response.ok(TreeViews.json(stored)), stored.version()).build();
    }

    /** Removes the tree and its entries in the switch. */
    @DELETE
    @Path("tree")
    public Response deleteTree(@HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        PortRef where = portRef(device, port);
        OptionalLong expected = expectedVersion(ifMatch);
        tree(where);
        service().removeTree(where, expected);
        TreeViews.forget(where);
        return Response.noContent().build();
    }

    /** {@code {"levels": [...], "version"}}. */
    @GET
    @Path("levels")
    public Response getLevels() {
        BandwidthTree tree = tree(portRef(device, port));
        ObjectNode o = LEVELS.encodeLevels(tree.levels(), this);
        o.put("version", tree.version());
        return versioned(Response.ok(o), tree.version()).build();
    }

    /** Replaces the levels (field specs and join templates) of the tree. */
    @PUT
    @Path("levels")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response putLevels(@HeaderParam(HttpHeaders.IF_MATCH) String ifMatch, InputStream body) {
        PortRef where = portRef(device, port);
        OptionalLong expected = expectedVersion(ifMatch);
        RequestBody request = Bodies.json(body);
        JsonNode json = request.json();
        List<LevelSpec> levels = decode(request, () -> LevelCodec.readLevels(json));
        tree(where);
        BandwidthTree stored = rules(() -> service().setLevels(where, levels, expected),
                v -> v.nodeId() == null && v.field().startsWith("levels") ? "/" + v.field() : null);
        ObjectNode o = LEVELS.encodeLevels(stored.levels(), this);
        o.put("version", stored.version());
        return versioned(Response.ok(o), stored.version()).build();
    }

    /** Live state of the port and every node. */
    @GET
    @Path("state")
    public ObjectNode state() {
        PortRef where = portRef(device, port);
        tree(where);
        return STATE.encode(service().state(where), this);
    }
}
