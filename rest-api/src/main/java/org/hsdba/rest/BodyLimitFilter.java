package org.hsdba.rest;

import java.io.IOException;

import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerRequestFilter;
import javax.ws.rs.container.PreMatching;
import javax.ws.rs.ext.Provider;

import org.hsdba.rest.error.ApiError;
import org.hsdba.rest.error.ApiException;
import org.hsdba.rest.error.ErrorCode;
import org.hsdba.rest.resources.Bodies;

/**
 * Refuses a body announced larger than {@link Bodies#MAX_BYTES} (413); a second line behind
 * {@link BodyLimitServletFilter}, which does it before Jersey touches the request.
 * Bodies without a length are cut off by {@link Bodies#read} at the same limit.
 */
@Provider
@PreMatching
public final class BodyLimitFilter implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) throws IOException {
        if (request.getLength() > Bodies.MAX_BYTES) {
            throw new ApiException(ApiError.of(ErrorCode.TOO_LARGE, "request body of " + request.getLength()
                    + " bytes is larger than the limit of " + (Bodies.MAX_BYTES >> 20) + " MiB"));
        }
    }
}
