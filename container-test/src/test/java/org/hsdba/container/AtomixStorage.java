package org.hsdba.container;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.atomix.cluster.Node;
import io.atomix.cluster.discovery.BootstrapDiscoveryProvider;
import io.atomix.core.Atomix;
import io.atomix.protocols.raft.partition.RaftPartitionGroup;

/**
 * The storage nodes of an ONOS 2.7 cluster: Atomix 3.1 members holding the Raft partitions (a
 * management group "system" and the data group "raft", as ONOS's own atomix configuration names
 * them). ONOS nodes join them as Atomix clients (cluster.json's {@code storage}), so killing an
 * ONOS node loses no storage member, as in ONOS's production layout. They run in the test's JVM,
 * each on its own port; closing stops them.
 */
final class AtomixStorage implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final List<Atomix> members;
    private final List<ClusterMetadata.Member> addresses;

    private AtomixStorage(List<Atomix> members, List<ClusterMetadata.Member> addresses) {
        this.members = members;
        this.addresses = addresses;
    }

    /** Starts the members {@code addresses}, their Raft logs under {@code dataDir}; returns when all are up. */
    static AtomixStorage start(List<ClusterMetadata.Member> addresses, Path dataDir) throws Exception {
        List<Node> bootstrap = addresses.stream()
                .map(m -> Node.builder().withId(m.id).withHost(m.ip).withPort(m.port).build())
                .collect(Collectors.toList());
        String[] ids = addresses.stream().map(m -> m.id).toArray(String[]::new);
        List<Atomix> started = new ArrayList<>();
        List<CompletableFuture<Void>> starting = new ArrayList<>();
        for (ClusterMetadata.Member m : addresses) {
            File dir = dataDir.resolve(m.id).toFile();
            Atomix a = Atomix.builder()
                    .withClusterId("onos")
                    .withMemberId(m.id)
                    .withHost(m.ip)
                    .withPort(m.port)
                    .withMembershipProvider(BootstrapDiscoveryProvider.builder().withNodes(bootstrap).build())
                    .withManagementGroup(RaftPartitionGroup.builder("system").withNumPartitions(1)
                            .withMembers(ids).withDataDirectory(new File(dir, "system")).build())
                    .withPartitionGroups(RaftPartitionGroup.builder("raft").withNumPartitions(addresses.size())
                            .withMembers(ids).withDataDirectory(new File(dir, "raft")).build())
                    .build();
            started.add(a);
            starting.add(a.start());
        }
        AtomixStorage storage = new AtomixStorage(started, List.copyOf(addresses));
        try {
            CompletableFuture.allOf(starting.toArray(new CompletableFuture<?>[0]))
                    .get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            storage.close();
            throw new IllegalStateException("Atomix storage " + addresses + " did not start within " + START_TIMEOUT, e);
        }
        return storage;
    }

    List<ClusterMetadata.Member> addresses() {
        return addresses;
    }

    @Override
    public void close() {
        for (Atomix a : members) {
            try {
                a.stop().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                // stopping anyway: the test is over
            }
        }
    }

    @Override
    public String toString() {
        return "Atomix storage " + addresses;
    }
}
