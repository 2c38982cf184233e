package org.hsdba.rest.resources;

import java.io.InputStream;
import java.util.List;
import java.util.function.BiFunction;

import javax.inject.Singleton;
import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.HeaderParam;
import javax.ws.rs.POST;
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
import org.hsdba.api.OperatorHistory;
import org.hsdba.api.Precondition;
import org.hsdba.api.TreeTag;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.json.TreeDocument;
import org.hsdba.rest.codec.LevelCodec;
import org.hsdba.rest.codec.LiveCodecs;
import org.hsdba.rest.codec.TreeViews;
import org.hsdba.rest.error.ApiException;

/** A port's bandwidth tree as a whole, its levels, and its live state. */
@Path("devices/{device}/ports/{port}")
@Produces(MediaType.APPLICATION_JSON)
@Singleton
public class TreeResource extends HsdbaResource {

    private static final LevelCodec LEVELS = new LevelCodec();
    private static final LiveCodecs.PortStateCodec STATE = new LiveCodecs.PortStateCodec();

    /** The tree in the config format with its version; ETag its tag; 304 if If-None-Match names it (or is *). */
    @GET
    @Path("tree")
    public Response getTree(@PathParam("device") String device, @PathParam("port") String port,
                            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        BandwidthTree tree = tree(portRef(device, port));
        if (ifNoneMatch != null && noneMatchHits(ifNoneMatch, tree)) {
            return Response.notModified(etag(tree)).build();
        }
        return versioned(Response.ok(TreeViews.json(tree)), tree).build();
    }

    /** True if an If-None-Match list (or *) names the tree's current tag; weak comparison, as RFC 9110 wants for it. */
    private static boolean noneMatchHits(String header, BandwidthTree tree) {
        String tag = "\"" + TreeTag.of(tree).text() + "\"";
        for (String t : header.split(",")) {
            String s = t.trim();
            if (s.equals("*") || (s.startsWith("W/") ? s.substring(2) : s).equals(tag)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Creates or replaces the tree. Replacing needs If-Match (the tag it is based on, or *);
     * creating takes none, or If-None-Match: * to make sure it creates.
     */
    @PUT
    @Path("tree")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response putTree(@PathParam("device") String device, @PathParam("port") String port,
                            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
                            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch, InputStream body) {
        PortRef where = portRef(device, port);
        Precondition expected = ifMatch(ifMatch);
        boolean bothPreconditions = false;
        if (ifNoneMatch != null && !ifNoneMatch.trim().isEmpty()) {
            if (!ifNoneMatch.trim().equals("*")) {
                throw ApiException.badValue("If-None-Match on PUT tree takes only * (create, never replace)");
            }
            bothPreconditions = expected.isPresent();
            expected = Precondition.NO_TREE;
        }
        RequestBody request = Bodies.json(body);
        JsonNode json = request.json();
        TreeDocument doc = decode(request, () -> TreeDocument.readApi(json, "", where));
        BandwidthTree proposed = rules(doc::build, doc::pointerOf);
        requireNoViolations(Admission.check(proposed), doc::pointerOf);
        if (bothPreconditions) {
            // A body the rules accept, but If-Match needs the tree and If-None-Match: * its absence: one of
            // the two preconditions fails whatever the state (RFC 9110 13.1.1, 13.1.2): 412.
            throw new ApiException(org.hsdba.rest.error.ApiError.of(org.hsdba.rest.error.ErrorCode.PRECONDITION,
                    "If-Match and If-None-Match: * cannot both hold (one needs the tree of port "
                            + where.port() + ", the other its absence); send one of them"));
        }
        if (!expected.isPresent()) {
            // No precondition: only a creation may go without one (and then must stay one).
            if (service().tree(where).isPresent()) {
                requiredIfMatch(ifMatch, "replacing the tree of port " + where.port());
            }
            expected = Precondition.NO_TREE;
        }
        Precondition p = expected;
        BandwidthTree stored = rules(() -> service().putTree(proposed, p), doc::pointerOf);
        return versioned(Response.ok(withWarnings(TreeViews.json(stored), where)), stored).build();
    }

    /** Removes the tree and its entries in the switch; If-Match required. */
    @DELETE
    @Path("tree")
    public Response deleteTree(@PathParam("device") String device, @PathParam("port") String port,
                               @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        PortRef where = portRef(device, port);
        Precondition expected = requiredIfMatch(ifMatch, "deleting a tree");
        tree(where);
        service().removeTree(where, expected);
        TreeViews.forget(where);
        return Response.noContent().build();
    }

    /** Takes back the operator's last write of the tree (not joins or prunes); If-Match required. */
    @POST
    @Path("tree/undo")
    public Response undo(@PathParam("device") String device, @PathParam("port") String port,
                         @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        return historyStep(device, port, ifMatch, "undo", (where, expected) -> service().undo(where, expected));
    }

    /** Re-applies what the last undo took back; If-Match required. */
    @POST
    @Path("tree/redo")
    public Response redo(@PathParam("device") String device, @PathParam("port") String port,
                         @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        return historyStep(device, port, ifMatch, "redo", (where, expected) -> service().redo(where, expected));
    }

    /** Undo and redo alike: If-Match required, the tree must exist, the stored tree answered with its tag. */
    private Response historyStep(String device, String port, String ifMatch, String what,
                                 BiFunction<PortRef, Precondition, BandwidthTree> step) {
        PortRef where = portRef(device, port);
        Precondition expected = requiredIfMatch(ifMatch, what);
        tree(where);
        BandwidthTree stored = rules(() -> step.apply(where, expected), v -> null);
        return versioned(Response.ok(withWarnings(TreeViews.json(stored), where)), stored).build();
    }

    /** {@code {"undo": [labels], "redo": [labels]}}, most recent first, and the tree's tag. */
    @GET
    @Path("tree/history")
    public Response operatorHistory(@PathParam("device") String device, @PathParam("port") String port) {
        PortRef where = portRef(device, port);
        BandwidthTree tree = tree(where);
        OperatorHistory h = service().operatorHistory(where);
        ObjectNode o = mapper().createObjectNode();
        h.undo().forEach(o.putArray("undo")::add);
        h.redo().forEach(o.putArray("redo")::add);
        o.put("version", tree.operatorVersion());
        return versioned(Response.ok(o), tree).build();
    }

    /** {@code {"levels": [...], "version"}}. */
    @GET
    @Path("levels")
    public Response getLevels(@PathParam("device") String device, @PathParam("port") String port) {
        BandwidthTree tree = tree(portRef(device, port));
        ObjectNode o = LEVELS.encodeLevels(tree.levels(), this);
        o.put("version", tree.operatorVersion());
        return versioned(Response.ok(o), tree).build();
    }

    /** Replaces the levels (field specs and join templates) of the tree; If-Match required. */
    @PUT
    @Path("levels")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response putLevels(@PathParam("device") String device, @PathParam("port") String port,
                              @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch, InputStream body) {
        PortRef where = portRef(device, port);
        Precondition expected = requiredIfMatch(ifMatch, "replacing the levels");
        RequestBody request = Bodies.json(body);
        JsonNode json = request.json();
        List<LevelSpec> levels = decode(request, () -> LevelCodec.readLevels(json));
        tree(where);
        BandwidthTree stored = rules(() -> service().setLevels(where, levels, expected),
                v -> v.nodeId() == null && v.field().startsWith("levels") ? "/" + v.field() : null);
        ObjectNode o = LEVELS.encodeLevels(stored.levels(), this);
        o.put("version", stored.operatorVersion());
        return versioned(Response.ok(withWarnings(o, where)), stored).build();
    }

    /** Live state of the port and every node, and which version of the tree the switch enforces. */
    @GET
    @Path("state")
    public ObjectNode state(@PathParam("device") String device, @PathParam("port") String port) {
        PortRef where = portRef(device, port);
        tree(where);
        ObjectNode o = STATE.encode(service().state(where), this);
        o.set("enforcement", service().device(where.deviceId()).flatMap(d -> d.tree(where.port()))
                .<com.fasterxml.jackson.databind.JsonNode>map(org.hsdba.api.json.LiveJson::enforcement)
                .orElse(mapper().nullNode()));
        return o;
    }
}
