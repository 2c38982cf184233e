package org.hsdba.rest.resources;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

import javax.servlet.http.HttpServletRequest;
import javax.ws.rs.core.EntityTag;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

import org.glassfish.jersey.internal.inject.InjectionManager;
import org.hsdba.api.EditResult;
import org.hsdba.api.HsdbaService;
import org.hsdba.api.Precondition;
import org.hsdba.api.TreeTag;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.PortRef;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.Violation;
import org.hsdba.model.json.ConfigException;
import org.hsdba.rest.error.ApiError;
import org.hsdba.rest.error.ApiException;
import org.hsdba.rest.error.ErrorCode;
import org.hsdba.rest.error.Errors;
import org.onosproject.rest.AbstractWebResource;

/**
 * What every hsdba resource shares: the service, path parameters, versions, and error translation.
 * Resources are {@code @Singleton} where they can be (all but {@link EventsResource}): one instance
 * serves every request, so path and header values are method parameters and nothing is injected
 * into fields. Created per request, each cost Jersey an HK2 creation with field injection and
 * {@code AbstractWebResource} a new ObjectMapper: about 13 % of a PATCH's CPU on Jetty's threads
 * (docs/benchmarks.md, patch-burst).
 */
public abstract class HsdbaResource extends AbstractWebResource {

    protected HsdbaService service() {
        return get(HsdbaService.class);
    }

    /** The port a URL names; 400 if the port is not a number in range. */
    protected static PortRef portRef(String device, String port) {
        long number;
        try {
            number = Long.parseLong(port);
        } catch (NumberFormatException e) {
            throw ApiException.badValue("port \"" + port + "\" is not a port number (0.." + PortRef.MAX_PORT + ")");
        }
        try {
            return PortRef.of(device, number);
        } catch (IllegalArgumentException e) {
            throw ApiException.badValue(e.getMessage());
        }
    }

    /** The stored tree of a port; 404 naming what is missing (device or tree). */
    protected BandwidthTree tree(PortRef port) {
        return service().tree(port).orElseThrow(() -> ApiException.notFound(
                service().device(port.deviceId()).isPresent()
                        ? "no tree is configured for port " + port.port() + " of " + port.deviceId()
                        : "unknown device " + port.deviceId() + " (no switch connected and no tree configured)"));
    }

    /**
     * What an {@code If-Match} header expects: {@code *} (any tree) or one strong, quoted tag
     * ({@code "5f0c2a91e3-7"}, the ETag a GET answered); {@link Precondition#NONE} without a header.
     * Weak or unquoted tags, lists and anything else are a 400 saying what to send.
     */
    protected static Precondition ifMatch(String header) {
        if (header == null || header.trim().isEmpty()) {
            return Precondition.NONE;
        }
        String t = header.trim();
        if (t.equals("*")) {
            return Precondition.ANY_TREE;
        }
        if (t.startsWith("W/")) {
            throw ApiException.badValue("If-Match " + t + " is a weak tag; writes need the strong tag a GET answered,"
                    + " e.g. \"5f0c2a91e3-7\"");
        }
        if (t.length() < 2 || !t.startsWith("\"") || !t.endsWith("\"") || t.indexOf('"', 1) != t.length() - 1) {
            throw ApiException.badValue("If-Match " + t + " is not one quoted tag; send the ETag a GET answered,"
                    + " quotes included, e.g. \"5f0c2a91e3-7\", or *");
        }
        try {
            return Precondition.of(TreeTag.parse(t.substring(1, t.length() - 1)));
        } catch (IllegalArgumentException e) {
            throw ApiException.badValue("If-Match " + t + ": " + e.getMessage());
        }
    }

    /** {@link #ifMatch}, which a write that replaces or deletes must send: 428 without it. */
    protected static Precondition requiredIfMatch(String header, String what) {
        Precondition p = ifMatch(header);
        if (!p.isPresent()) {
            throw new ApiException(ApiError.of(ErrorCode.PRECONDITION_REQUIRED, what + " needs If-Match: the ETag of"
                    + " the tree it is based on (from a GET), or * for whatever tree is there"));
        }
        return p;
    }

    /** The tree's strong ETag: its {@link TreeTag}. */
    protected static EntityTag etag(BandwidthTree tree) {
        return new EntityTag(TreeTag.of(tree).text());
    }

    /** A JSON answer with the tree's tag as ETag. */
    protected static Response.ResponseBuilder versioned(Response.ResponseBuilder r, BandwidthTree tree) {
        return r.type(MediaType.APPLICATION_JSON_TYPE).tag(etag(tree));
    }

    /**
     * A write's answer: the stored document (one JSON object) with {@code "warnings"}, what the write
     * could not check now ({@link org.hsdba.api.HsdbaService#warnings}), {@code []} when nothing.
     * Spliced into the cached text rather than re-encoding a tree of 10^4 nodes.
     */
    protected byte[] withWarnings(byte[] object, PortRef port) {
        int end = object.length - 1;
        while (end > 0 && object[end] != '}') {
            end--;
        }
        int last = end - 1;
        while (last > 0 && Character.isWhitespace(object[last])) {
            last--;
        }
        if (end <= 0 || object[0] != '{') {
            throw new IllegalStateException("not a JSON object: " + new String(object, 0, Math.min(object.length, 40),
                    java.nio.charset.StandardCharsets.UTF_8));
        }
        byte[] member = ((object[last] == '{' ? "" : ",") + "\"warnings\":"
                + org.hsdba.api.json.LiveJson.warnings(service().warnings(port)) + "}")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] out = java.util.Arrays.copyOf(object, end + member.length);
        System.arraycopy(member, 0, out, end, member.length);
        return out;
    }

    /** {@link #withWarnings(byte[], PortRef)} for an answer built as a tree of nodes. */
    protected <N extends com.fasterxml.jackson.databind.node.ObjectNode> N withWarnings(N object, PortRef port) {
        object.set("warnings", org.hsdba.api.json.LiveJson.warnings(service().warnings(port)));
        return object;
    }

    /** Reads a request document, turning its problems into a 400 that names the tree nodes concerned. */
    protected static <T> T decode(RequestBody body, Supplier<T> reader) {
        try {
            return reader.get();
        } catch (ConfigException e) {
            throw new ApiException(body.error(e));
        }
    }

    /** Runs a write, turning broken tree rules into a 400 admission error with the given pointers. */
    protected static <T> T rules(Supplier<T> write, Function<Violation, String> pointerOf) {
        try {
            return write.get();
        } catch (InvalidTreeException e) {
            throw new ApiException(Errors.fromViolations(e.violations(), pointerOf));
        }
    }

    /** Applies one edit; violations about {@code bodyNode} point into the request body. */
    protected EditResult edit(PortRef port, TreeEdit edit, Precondition expected, String bodyNode) {
        return rules(() -> service().edit(port, edit, expected), about(bodyNode, ""));
    }

    /**
     * A write's answer: where the request can be suspended ({@link AsyncWrites}), a future of the
     * answer that Jersey waits for with no thread held, the edit queued for the service's writer
     * (written in a batch with the edits queued meanwhile); otherwise the answer, made here.
     * Violations about {@code bodyNode} point into the request body, as {@link #edit} does.
     */
    protected Object editAnswer(HttpServletRequest request, InjectionManager injections, PortRef port,
                                TreeEdit edit, Precondition expected, String bodyNode,
                                Function<EditResult, Response> answer) {
        return editAnswer(request, injections, port, edit, expected, bodyNode, null, answer);
    }

    /**
     * {@link #editAnswer}, for an edit that reads {@code body} when it is written (a partial update):
     * the problems it finds in the body then are answered as {@link #decode} answers them.
     */
    protected Object editAnswer(HttpServletRequest request, InjectionManager injections, PortRef port,
                                TreeEdit edit, Precondition expected, String bodyNode, RequestBody body,
                                Function<EditResult, Response> answer) {
        Function<Violation, String> pointers = about(bodyNode, "");
        Function<RuntimeException, RuntimeException> failure = e -> writeFailure(e, pointers, body);
        if (!AsyncWrites.available(request, injections)) {
            EditResult result;
            try {
                result = service().edit(port, edit, expected);
            } catch (RuntimeException e) {
                throw failure.apply(e);
            }
            return answer.apply(result);
        }
        return AsyncWrites.answer(() -> service().editAsync(port, edit, expected), answer, failure);
    }

    /**
     * What a refused write answers, on either path: broken tree rules as an admission error with
     * {@code pointers} ({@link #rules}); problems found in {@code body} when the edit read it (null:
     * it did not) as {@link #decode} answers them; anything else as it is.
     */
    private static RuntimeException writeFailure(RuntimeException e, Function<Violation, String> pointers,
                                                 RequestBody body) {
        if (e instanceof InvalidTreeException) {
            return new ApiException(Errors.fromViolations(((InvalidTreeException) e).violations(), pointers));
        }
        return body != null && e instanceof ConfigException ? new ApiException(body.error((ConfigException) e)) : e;
    }

    /** Pointers for violations of a one-node request: the node's own members are in the body, others have none. */
    protected static Function<Violation, String> about(String nodeId, String prefix) {
        return v -> nodeId != null && nodeId.equals(v.nodeId())
                ? prefix + (v.field().isEmpty() ? "" : "/" + v.field()) : null;
    }

    protected static void requireNoViolations(List<Violation> violations, Function<Violation, String> pointerOf) {
        if (!violations.isEmpty()) {
            throw new ApiException(Errors.fromViolations(violations, pointerOf));
        }
    }
}
