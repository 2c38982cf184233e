package org.hsdba.container.karaf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** The TCP ports the container listens on, all on {@value #HOST}. */
public final class KarafPorts {

    public static final String HOST = "127.0.0.1";

    private final int http;
    private final int ssh;
    private final int rmiRegistry;
    private final int rmiServer;

    private KarafPorts(int http, int ssh, int rmiRegistry, int rmiServer) {
        this.http = http;
        this.ssh = ssh;
        this.rmiRegistry = rmiRegistry;
        this.rmiServer = rmiServer;
    }

    /** Ports free right now, so that the test runs next to a real ONOS or another container. */
    public static KarafPorts free() {
        return new KarafPorts(freePort(), freePort(), freePort(), freePort());
    }

    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free TCP port on " + HOST, e);
        }
    }

    /** Whether {@code port} can be bound on all interfaces (where a default 0.0.0.0 listener binds). */
    public static boolean isFree(int port) {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new java.net.InetSocketAddress(port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    public int http() {
        return http;
    }

    public int ssh() {
        return ssh;
    }

    public int rmiRegistry() {
        return rmiRegistry;
    }

    public int rmiServer() {
        return rmiServer;
    }

    @Override
    public String toString() {
        return "http " + http + ", ssh " + ssh + ", rmi " + rmiRegistry + "/" + rmiServer;
    }
}
