package org.hsdba.rest.resources;

import java.io.InputStream;

import javax.inject.Singleton;
import javax.servlet.http.HttpServletRequest;
import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.HeaderParam;
import javax.ws.rs.PATCH;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.UriInfo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.glassfish.jersey.internal.inject.InjectionManager;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.api.EditResult;
import org.hsdba.api.Precondition;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.json.ObjectReader;
import org.hsdba.model.json.Problems;
import org.hsdba.rest.codec.LiveCodecs;
import org.hsdba.rest.codec.NodeCodec;
import org.hsdba.rest.codec.NodeJson;
import org.hsdba.rest.codec.NodePatch;
import org.hsdba.rest.codec.TreeNode;
import org.hsdba.rest.codec.TreeViews;
import org.hsdba.rest.error.ApiException;

/** Single nodes of a port's tree: read, add, update, move, delete a subtree, and a node's history. */
@Path("devices/{device}/ports/{port}/nodes")
@Produces(MediaType.APPLICATION_JSON)
@Singleton
public class NodesResource extends HsdbaResource {

    /** PATCH bodies: plain JSON, or JSON merge patch, which our partial update is. */
    static final String MERGE_PATCH_JSON = "application/merge-patch+json";

    private static final NodeCodec NODE = new NodeCodec();

    /** Jersey's, to find whether it can suspend a request ({@link AsyncWrites}); injected once (singleton). */
    @Context
    private InjectionManager injections;

    /**
     * Every node with its effective guarantee and weight ({@code {"nodes": [...]}}, tree order): one
     * request for a view of the whole tree instead of one per node.
     */
    @GET
    public Response getNodes(@PathParam("device") String device, @PathParam("port") String port) {
        BandwidthTree tree = tree(portRef(device, port));
        ObjectNode o = mapper().createObjectNode();
        ArrayNode list = o.putArray("nodes");
        for (TreeNode n : TreeNode.all(tree)) {
            list.add(NODE.encode(n, this));
        }
        return versioned(Response.ok(o), tree).build();
    }

    @GET
    @Path("{node}")
    public Response getNode(@PathParam("device") String device, @PathParam("port") String port,
                            @PathParam("node") String node) {
        BandwidthTree tree = tree(portRef(device, port));
        return answer(Response.ok(), tree, existing(tree, node).id());
    }

    /** Adds a node (its {@code parent} absent or null: under the port); 201 with Location. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Object addNode(@PathParam("device") String device, @PathParam("port") String port,
                          @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch, @Context UriInfo uriInfo,
                          @Context HttpServletRequest http, InputStream body) {
        PortRef where = portRef(device, port);
        Precondition expected = ifMatch(ifMatch);
        RequestBody request = Bodies.json(body);
        JsonNode json = request.json();
        BandwidthTree tree = tree(where);
        NodeSpec node = decode(request, () -> NodeJson.readNode(json, "", tree));
        java.net.URI location = uriInfo.getAbsolutePathBuilder().path(node.id()).build();
        return editAnswer(http, injections, where, TreeEdit.add(node), expected, node.id(),
                result -> written(Response.created(location), result, node.id()));
    }

    /** Partial update of {@code guaranteed, weight, peak, key/mask, pinned, template, joined}; null resets to the default. */
    @PATCH
    @Path("{node}")
    @Consumes({MediaType.APPLICATION_JSON, MERGE_PATCH_JSON})
    public Object updateNode(@PathParam("device") String device, @PathParam("port") String port,
                             @PathParam("node") String node, @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
                             @Context HttpServletRequest http, InputStream body) {
        PortRef where = portRef(device, port);
        Precondition expected = requiredIfMatch(ifMatch, "PATCH of a node");
        RequestBody request = Bodies.json(body);
        JsonNode json = request.json();
        BandwidthTree tree = tree(where);
        NodeSpec old = existing(tree, node);
        // Refused now, before queueing, whatever is wrong with the body on the node as read here; the
        // write applies it again to the node as the writes before it left it (a merge patch with
        // If-Match: * must not undo a concurrent patch of another member).
        decode(request, () -> NodePatch.apply(json, "", old, tree));
        TreeEdit patch = TreeEdit.update(node, (current, currentTree) -> NodePatch.apply(json, "", current, currentTree));
        return editAnswer(http, injections, where, patch, expected, node, request,
                result -> written(Response.ok(), result, node));
    }

    /** Deletes the node and its subtree; {@code X-Hsdba-Deleted} tells how many nodes went. */
    @DELETE
    @Path("{node}")
    public Object deleteNode(@PathParam("device") String device, @PathParam("port") String port,
                             @PathParam("node") String node, @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
                             @Context HttpServletRequest http) {
        PortRef where = portRef(device, port);
        Precondition expected = requiredIfMatch(ifMatch, "DELETE of a node");
        existing(tree(where), node);
        return editAnswer(http, injections, where, TreeEdit.deleteSubtree(node), expected, node,
                result -> Response.noContent().header("X-Hsdba-Deleted", result.removedNodes().size())
                        .tag(etag(result.tree())).build());
    }

    /** Re-parents the node with its subtree: {@code {"parent": "newParent"}} (null: under the port). */
    @POST
    @Path("{node}/move")
    @Consumes(MediaType.APPLICATION_JSON)
    public Object moveNode(@PathParam("device") String device, @PathParam("port") String port,
                           @PathParam("node") String node, @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
                           @Context HttpServletRequest http, InputStream body) {
        PortRef where = portRef(device, port);
        Precondition expected = requiredIfMatch(ifMatch, "a move");
        RequestBody request = Bodies.json(body);
        JsonNode json = request.json();
        String parent = decode(request, () -> parentOf(json));
        existing(tree(where), node);
        return editAnswer(http, injections, where, TreeEdit.move(node, parent), expected, node,
                result -> written(Response.ok(), result, node));
    }

    /** The node's measured, target and drop rates over the last minutes, 1 s apart, oldest first. */
    @GET
    @Path("{node}/history")
    public ObjectNode history(@PathParam("device") String device, @PathParam("port") String port,
                              @PathParam("node") String node) {
        PortRef where = portRef(device, port);
        existing(tree(where), node);
        return LiveCodecs.history(where, node, service().history(where, node), this);
    }

    private static String parentOf(JsonNode json) {
        Problems problems = new Problems();
        ObjectReader r = ObjectReader.of(json, "", problems);
        String parent = null;
        if (r != null) {
            if (!json.has("parent")) {
                r.problem("parent", "required field \"parent\" is missing (null moves the node under the port)");
            }
            parent = r.string("parent", false);
            r.finish();
        }
        problems.throwIfAny();
        return parent;
    }

    private static NodeSpec existing(BandwidthTree tree, String node) {
        return tree.node(node).orElseThrow(() -> ApiException.notFound("no node \"" + node + "\" under "
                + tree.rootPath() + " of " + tree.port().deviceId()));
    }

    private Response answer(Response.ResponseBuilder r, BandwidthTree tree, String node) {
        return versioned(r.entity(NODE.encode(TreeNode.of(tree, node), this)), tree).build();
    }

    /**
     * A write's answer: the node as the write resolved it (the edit's admitted tree, so the answer
     * does not admit the whole tree again), and what the write could not check now ({@code warnings}).
     */
    private Response written(Response.ResponseBuilder r, EditResult result, String node) {
        BandwidthTree tree = result.tree();
        TreeNode shown;
        if (result.resolved().isPresent()) {
            ResolvedTree resolved = result.resolved().get();
            TreeViews.remember(resolved);
            shown = TreeNode.of(resolved, node);
        } else {
            shown = TreeNode.of(tree, node);
        }
        return versioned(r.entity(withWarnings(NODE.encode(shown, this), tree.port())), tree).build();
    }
}
