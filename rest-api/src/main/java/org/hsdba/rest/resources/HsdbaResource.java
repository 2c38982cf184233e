package org.hsdba.rest.resources;

import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.Supplier;

import javax.ws.rs.core.EntityTag;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

import org.hsdba.api.EditResult;
import org.hsdba.api.HsdbaService;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.PortRef;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.Violation;
import org.hsdba.model.json.ConfigException;
import org.hsdba.rest.error.ApiException;
import org.hsdba.rest.error.Errors;
import org.onosproject.rest.AbstractWebResource;

/** What every hsdba resource shares: the service, path parameters, versions, and error translation. */
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
     * The version an {@code If-Match} header expects: {@code "3"}, {@code W/"3"} or {@code 3};
     * empty when there is no header.
     */
    protected static OptionalLong expectedVersion(String ifMatch) {
        if (ifMatch == null || ifMatch.trim().isEmpty()) {
            return OptionalLong.empty();
        }
        String t = ifMatch.trim();
        if (t.startsWith("W/")) {
            t = t.substring(2);
        }
        if (t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"")) {
            t = t.substring(1, t.length() - 1);
        }
        if (!t.matches("[0-9]{1,18}")) {
            throw ApiException.badValue("If-Match \"" + ifMatch + "\" is not a tree version; send the ETag a GET answered, e.g. \"3\"");
        }
        return OptionalLong.of(Long.parseLong(t));
    }

    protected static EntityTag etag(long version) {
        return new EntityTag(Long.toString(version));
    }

    /** A JSON answer with the tree version as ETag. */
    protected static Response.ResponseBuilder versioned(Response.ResponseBuilder r, long version) {
        return r.type(MediaType.APPLICATION_JSON_TYPE).tag(etag(version));
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
    protected EditResult edit(PortRef port, TreeEdit edit, OptionalLong expected, String bodyNode) {
        return rules(() -> service().edit(port, edit, expected), about(bodyNode, ""));
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
