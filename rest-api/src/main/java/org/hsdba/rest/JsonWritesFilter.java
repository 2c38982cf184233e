package org.hsdba.rest;

import java.io.IOException;
import java.util.Set;

import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerRequestFilter;
import javax.ws.rs.container.PreMatching;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.ext.Provider;

import org.hsdba.rest.error.ApiError;
import org.hsdba.rest.error.ApiException;
import org.hsdba.rest.error.ErrorCode;

/**
 * A write (PUT, POST, PATCH) with a body is JSON: without a JSON Content-Type it is refused with
 * 415 before any resource runs, whatever its If-Match (an empty body goes on, to be refused or
 * accepted by its resource). JAX-RS alone would take a request without
 * a Content-Type as matching any {@code @Consumes} and apply it.
 *
 * <p>A request without a body loses its Content-Type here: it describes nothing, and Jersey would
 * match it against what the container's readers take for methods that read no body. Inside ONOS
 * no reader takes JSON for those, so a DELETE or GET sent with {@code Content-Type:
 * application/json} (as many HTTP helpers send on every request) was refused with 415 there,
 * while the lab's server, with more readers, took it.
 */
@Provider
@PreMatching
public final class JsonWritesFilter implements ContainerRequestFilter {

    private static final Set<String> WRITES = Set.of("PUT", "POST", "PATCH");

    @Override
    public void filter(ContainerRequestContext request) throws IOException {
        if (!request.hasEntity()) {
            request.getHeaders().remove(HttpHeaders.CONTENT_TYPE);
            return;
        }
        if (!WRITES.contains(request.getMethod())) {
            return;
        }
        MediaType type = request.getMediaType();
        boolean json = type != null && (type.isCompatible(MediaType.APPLICATION_JSON_TYPE)
                || type.getSubtype().endsWith("+json") && "application".equals(type.getType()));
        if (!json) {
            throw new ApiException(ApiError.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE, request.getMethod() + " "
                    + request.getUriInfo().getRequestUri().getPath() + " takes application/json (or "
                    + "application/merge-patch+json for PATCH), not " + (type == null ? "a body without Content-Type"
                    : type.toString())));
        }
    }
}
