package org.hsdba.rest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.net.InetSocketAddress;
import java.net.ServerSocket;

import org.hsdba.rest.server.HsdbaRestServer;
import org.junit.Test;

/** The lab's server: custom credentials, URIs, one service per JVM, and a clean stop that frees the port. */
public class EmbeddedServerTest {

    @Test
    public void customCredentialsAndACleanStop() throws Exception {
        int port;
        try (LabService service = new LabService();
             HsdbaRestServer server = HsdbaRestServer.start(service.manager(), new InetSocketAddress("127.0.0.1", 0),
                     "alice", "s3cret")) {
            port = server.port();
            assertEquals("http://127.0.0.1:" + port + "/onos/hsdba/v1/", server.apiUri().toString());
            assertEquals("http://127.0.0.1:" + port + "/onos/hsdba/ui/", server.uiUri().toString());
            Http http = new Http(server.baseUri(), "alice", "s3cret");
            assertEquals(200, http.get("v1/devices").status());
            assertEquals(401, http.withCredentials("onos", "rocks").get("v1/devices").status());
            try (LabService other = new LabService()) {
                HsdbaRestServer.start(other.manager(), new InetSocketAddress("127.0.0.1", 0)).close();
                fail("a second service instance was accepted in the same JVM");
            } catch (IllegalStateException expected) {
                assertTrue(expected.getMessage().contains("one service instance per JVM"));
            }
        }
        try (ServerSocket again = new ServerSocket()) {
            again.bind(new InetSocketAddress("127.0.0.1", port));
        }
    }

    @Test
    public void aBusyPortIsAClearError() throws Exception {
        try (ServerSocket busy = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"));
             LabService service = new LabService()) {
            try {
                HsdbaRestServer.start(service.manager(), new InetSocketAddress("127.0.0.1", busy.getLocalPort())).close();
                fail("started on a busy port");
            } catch (IllegalStateException expected) {
                assertTrue(expected.getMessage(), expected.getMessage().contains("cannot start the REST server"));
            }
            // the failed start left nothing installed: a server for this service starts fine
            HsdbaRestServer.start(service.manager(), new InetSocketAddress("127.0.0.1", 0)).close();
        }
    }
}
