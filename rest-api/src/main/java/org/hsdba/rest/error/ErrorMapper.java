package org.hsdba.rest.error;

import javax.ws.rs.WebApplicationException;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Request;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.UriInfo;
import javax.ws.rs.ext.ExceptionMapper;
import javax.ws.rs.ext.Provider;

import org.hsdba.store.StoreFailure;
import org.onlab.osgi.ServiceNotFoundException;
import org.onosproject.store.service.StorageException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one exception mapper of the API: every failure, whatever threw it, leaves as the uniform
 * error body. One mapper for {@link Throwable} rather than one per type so that no mapper of
 * ONOS's (which write their own body shape) can be closer to an exception than ours.
 */
@Provider
public final class ErrorMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = LoggerFactory.getLogger(ErrorMapper.class);

    @Context
    private UriInfo uriInfo;

    @Context
    private Request request;

    @Override
    public Response toResponse(Throwable t) {
        ApiError error = toError(t);
        Response.ResponseBuilder r = Response.status(error.status()).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(error.toJson());
        if (t instanceof org.hsdba.api.BusyException) {
            r.header("Retry-After", ((org.hsdba.api.BusyException) t).retryAfterSeconds());
        } else if (t instanceof StorageException) {
            r.header("Retry-After", 1);
        }
        if (t instanceof WebApplicationException) {
            // Keep what JAX-RS says about the failure, e.g. Allow on 405.
            Response original = ((WebApplicationException) t).getResponse();
            if (original != null && original.getHeaderString("Allow") != null) {
                r.header("Allow", original.getHeaderString("Allow"));
            }
        }
        return r.build();
    }

    ApiError toError(Throwable t) {
        ApiError known = Errors.fromServiceException(t);
        if (known != null) {
            return known;
        }
        if (t instanceof WebApplicationException) {
            int status = ((WebApplicationException) t).getResponse().getStatus();
            return ApiError.withStatus(status, ErrorCode.forStatus(status), describe(status, t));
        }
        if (t instanceof StorageException) {
            // ONOS's distributed store failed (a timeout, no quorum): the server's trouble, not the
            // request's, and it may pass; the change may or may not have been applied.
            String message = StoreFailure.describe((StorageException) t);
            LOG.warn("request {} failed: {}", where(), message);
            return ApiError.of(ErrorCode.UNAVAILABLE, message);
        }
        if (t instanceof ServiceNotFoundException) {
            return ApiError.of(ErrorCode.UNAVAILABLE, "the hsdba service is not running: " + t.getMessage());
        }
        for (Throwable c = t instanceof javax.ws.rs.ProcessingException ? t : null; c != null; c = c.getCause()) {
            if (c instanceof java.io.IOException) {
                // The container failed to read the request (broken chunked framing, a body shorter
                // than announced), wherever JAX-RS happened to touch the body first: the client's fault.
                return ApiError.of(ErrorCode.MALFORMED_REQUEST, "cannot read the request body: " + c.getMessage()
                        + " (malformed chunked framing or a body shorter than Content-Length)");
            }
        }
        LOG.warn("request {} failed", where(), t);
        return ApiError.of(ErrorCode.INTERNAL, "internal error (" + t.getClass().getSimpleName() + "): "
                + t.getMessage() + "; see the server log");
    }

    private String describe(int status, Throwable t) {
        switch (status) {
            case 404:
                return "no such resource: " + where();
            case 405:
                return "method not allowed: " + where();
            case 406:
                return "cannot produce an acceptable representation for " + where() + "; this API answers JSON";
            case 415:
                return "unsupported content type for " + where() + "; send application/json";
            default:
                return t.getMessage() == null ? "HTTP " + status + " for " + where() : t.getMessage();
        }
    }

    private String where() {
        String method = request == null ? "" : request.getMethod() + " ";
        return method + (uriInfo == null ? "" : uriInfo.getRequestUri().getPath());
    }
}
