package org.hsdba.rest.error;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import javax.ws.rs.core.Response;

import org.junit.Test;
import org.onosproject.store.service.ConsistentMapException;

public class ErrorMapperTest {

    /** ONOS's store timed out: the server's trouble, which may pass, so 503 with Retry-After and what to do. */
    @Test
    public void aStoreTimeoutIsUnavailableWithRetryAfterAndSaysTheChangeMayHaveLanded() {
        Response r = new ErrorMapper().toResponse(new ConsistentMapException.Timeout("org.hsdba.config"));
        assertEquals(503, r.getStatus());
        assertEquals("1", String.valueOf(r.getHeaders().getFirst("Retry-After")));
        String body = r.getEntity().toString();
        assertTrue(body, body.contains("\"unavailable\""));
        assertTrue(body, body.contains("ConsistentMapException.Timeout (org.hsdba.config)"));
        assertTrue(body, body.contains("may or may not have been applied"));
    }
}
