package org.hsdba.container;

import java.util.List;
import java.util.stream.Collectors;

/**
 * ONOS 2.7's cluster metadata ({@code cluster.json}, read by ConfigFileBasedClusterMetadataProvider:
 * {@code name}, {@code node}, {@code controller}, {@code storage}) for one node. Without storage
 * nodes ONOS starts its own single-member Atomix ("test mode", one node only); with them, every
 * ONOS node is an Atomix client of the storage nodes, ONOS 2.x's cluster layout. Each member needs
 * its own port, as Atomix binds it on all interfaces.
 */
final class ClusterMetadata {

    /** A cluster member: id, address and Atomix port. */
    static final class Member {
        final String id;
        final String ip;
        final int port;

        Member(String id, String ip, int port) {
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("member " + id + ": port must be in 1..65535, got " + port);
            }
            this.id = id;
            this.ip = ip;
            this.port = port;
        }

        String json() {
            return "{\"id\": \"" + id + "\", \"ip\": \"" + ip + "\", \"port\": " + port + "}";
        }

        @Override
        public String toString() {
            return id + "@" + ip + ":" + port;
        }
    }

    private final Member self;
    private final List<Member> controllers;
    private final List<Member> storage;

    ClusterMetadata(Member self, List<Member> controllers, List<Member> storage) {
        if (!controllers.isEmpty() && controllers.stream().noneMatch(m -> m.id.equals(self.id))) {
            throw new IllegalArgumentException("node " + self + " is not among the controllers " + controllers);
        }
        this.self = self;
        this.controllers = List.copyOf(controllers);
        this.storage = List.copyOf(storage);
    }

    /** One ONOS node alone, with its own embedded Atomix. */
    static ClusterMetadata singleNode(String ip, int port) {
        return new ClusterMetadata(new Member(ip, ip, port), List.of(), List.of());
    }

    Member self() {
        return self;
    }

    String json() {
        StringBuilder out = new StringBuilder("{\"name\": \"onos\", \"node\": ").append(self.json());
        if (!controllers.isEmpty()) {
            out.append(", \"controller\": ").append(array(controllers));
        }
        if (!storage.isEmpty()) {
            out.append(", \"storage\": ").append(array(storage));
        }
        return out.append("}\n").toString();
    }

    private static String array(List<Member> members) {
        return members.stream().map(Member::json).collect(Collectors.joining(", ", "[", "]"));
    }
}
