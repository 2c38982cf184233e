package org.hsdba.container;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.hsdba.container.karaf.KarafPorts;
import org.hsdba.container.karaf.KarafProcess;
import org.hsdba.container.karaf.KarafSetup;

/**
 * One ONOS node of the test cluster: its own Karaf copy (home {@code <dir>/karaf}, ONOS's apps
 * beside it), its cluster metadata, its HTTP/SSH ports on 127.0.0.1 and its JVM, which can be
 * killed ({@code kill -9}) and started again from the same home, as an operator restarts a node.
 */
final class ClusterNode {

    final String ip;
    final KarafPorts ports;
    final Http http;
    private final Path home;
    private final List<String> flags;
    private final String heap;
    private KarafProcess karaf;

    private ClusterNode(String ip, KarafPorts ports, Path home, List<String> flags, String heap) {
        this.ip = ip;
        this.ports = ports;
        this.http = new Http(KarafPorts.HOST, ports.http());
        this.home = home;
        this.flags = flags;
        this.heap = heap;
    }

    /** A fresh Karaf at {@code dir}/karaf configured as the node {@code metadata} describes (not started). */
    static ClusterNode prepare(OnosCore onos, Path distribution, Path dir, ClusterMetadata metadata, String heap)
            throws IOException {
        KarafPorts ports = KarafPorts.free();
        Path home = dir.resolve("karaf");
        KarafSetup.prepare(distribution, home, ports, Map.of());
        KarafSetup.deleteTree(dir.resolve("apps"));
        return new ClusterNode(metadata.self().ip, ports, home, onos.configure(home, metadata), heap);
    }

    synchronized void start() throws IOException {
        if (karaf != null && karaf.isAlive()) {
            throw new IllegalStateException("node " + ip + " is already running");
        }
        karaf = KarafProcess.start(home, ports, flags, heap);
    }

    /** Ends the JVM with SIGKILL, as {@code kill -9 <pid>} does; returns its pid. */
    synchronized long kill() throws InterruptedException {
        long pid = karaf.pid();
        karaf.kill();
        return pid;
    }

    synchronized boolean isAlive() {
        return karaf != null && karaf.isAlive();
    }

    /** Fails with the console's tail if the JVM has exited. */
    void checkAlive() {
        if (!isAlive()) {
            throw new IllegalStateException("ONOS node " + ip + " exited; console:\n"
                    + (karaf == null ? "(never started)" : karaf.consoleTail(40)));
        }
    }

    /** Whether something accepts TCP connections at this node's address and {@code port}. */
    boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(ip, port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    Path log() {
        return home.resolve("data/log/karaf.log");
    }

    synchronized void stop() throws InterruptedException {
        if (karaf != null) {
            karaf.close();
        }
    }

    @Override
    public String toString() {
        return "ONOS " + ip + " (" + ports + ")";
    }
}
