package org.hsdba.rest;

import java.net.InetSocketAddress;
import java.util.List;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.rest.server.HsdbaRestServer;

/**
 * The embedded server on a free loopback port in front of the real service, shared by the tests of
 * one class; {@link #reset()} empties the configuration between tests.
 */
public final class RestFixture implements AutoCloseable {

    public static final String DEVICE = "pof:0000000000000001";
    public static final String PORT_PATH = "v1/devices/" + DEVICE + "/ports/3";

    private final LabService service = new LabService();
    private final HsdbaRestServer server;
    private final Http http;

    public RestFixture() {
        server = HsdbaRestServer.start(service.manager(), new InetSocketAddress("127.0.0.1", 0));
        http = new Http(server.baseUri(), HsdbaRestServer.DEFAULT_USER, HsdbaRestServer.DEFAULT_PASSWORD);
    }

    public Http http() {
        return http;
    }

    public HsdbaRestServer server() {
        return server;
    }

    public LabService service() {
        return service;
    }

    public void reset() {
        service.masterElsewhere(DEVICE, false);
        service.manager().importConfig(HsdbaConfig.of(List.of()));
        service.manager().setParameters(HsdbaParameters.DEFAULTS);
    }

    @Override
    public void close() {
        server.close();
        service.close();
    }
}
