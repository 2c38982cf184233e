package org.hsdba.rest;

import java.net.InetSocketAddress;
import java.util.List;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.rest.server.HsdbaRestServer;
import org.junit.rules.ExternalResource;
import org.junit.rules.TestRule;

/**
 * The embedded server on a free loopback port in front of the real service, shared by the tests of
 * one class: a test class holds it as its {@code @ClassRule} (started before the first test,
 * closed after the last) and, to start every test from an empty configuration,
 * {@link #resetEachTest()} as a {@code @Rule}.
 */
public final class RestFixture extends ExternalResource {

    public static final String DEVICE = "pof:0000000000000001";
    public static final String PORT_PATH = "v1/devices/" + DEVICE + "/ports/3";

    private LabService service;
    private HsdbaRestServer server;
    private Http http;

    @Override
    protected void before() {
        service = new LabService();
        try {
            server = HsdbaRestServer.start(service.manager(), new InetSocketAddress("127.0.0.1", 0));
        } catch (RuntimeException e) {
            service.close();
            throw e;
        }
        http = new Http(server.baseUri(), HsdbaRestServer.DEFAULT_USER, HsdbaRestServer.DEFAULT_PASSWORD);
    }

    @Override
    protected void after() {
        server.close();
        service.close();
    }

    /** A client of the server (BASIC auth with the default credentials). */
    public Http http() {
        return started(http);
    }

    public HsdbaRestServer server() {
        return started(server);
    }

    public LabService service() {
        return started(service);
    }

    /** Empties the configuration (no trees, default parameters, this instance masters the device). */
    public void reset() {
        service().masterElsewhere(DEVICE, false);
        service.disconnectStandIn();
        service.manager().importConfig(HsdbaConfig.of(List.of()));
        service.manager().setParameters(HsdbaParameters.DEFAULTS);
    }

    /** A rule that {@link #reset() resets} before each test (and before its {@code @Before} methods). */
    public TestRule resetEachTest() {
        return new ExternalResource() {
            @Override
            protected void before() {
                reset();
            }
        };
    }

    private static <T> T started(T part) {
        if (part == null) {
            throw new IllegalStateException("RestFixture is not started: hold it in a static @ClassRule field");
        }
        return part;
    }
}
