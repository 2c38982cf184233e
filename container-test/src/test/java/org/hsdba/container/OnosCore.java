package org.hsdba.container;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.container.karaf.KarafSetup;
import org.hsdba.container.karaf.KarafUsers;

/**
 * A real ONOS 2.7.0 core booted in the test's Karaf: ONOS's own features (onos-api, onos-core,
 * onos-cli, onos-rest, the default drivers) from a Maven repository layout holding the core bundles
 * Maven Central lacks ({@code ../shared/onos-2.7.0/m2} next to the checkout, or {@code HSDBA_ONOS_M2};
 * the build copies every bundle into Karaf's system/), with the cluster metadata, boot features and
 * JVM options ONOS needs on JDK 17 (see ../shared/onos-2.7.0/README.md).
 */
final class OnosCore {

    static final String VERSION = "2.7.0";
    private static final String KARAF_VERSION = "4.2.9";
    private static final int SCR_LOCK_TIMEOUT_MS = 120_000;
    /** Karaf's own boot features (without management: JMX/RMI ports are not needed). */
    private static final String KARAF_BOOT = "instance, package, log, ssh, framework, system, eventadmin, feature,"
            + " shell, service, jaas, deployer, diagnostic, wrap, bundle, config, kar, scr, war";
    private static final List<String> ONOS_FEATURES = List.of("onos-api", "onos-core", "onos-cli", "onos-rest",
            "onos-drivers");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path featuresFile;

    private OnosCore(Path featuresFile) {
        this.featuresFile = featuresFile;
    }

    /** The ONOS core's files if the build found them (failsafe passes onos.m2), else empty. */
    static Optional<OnosCore> find() {
        return missing() == null ? Optional.of(new OnosCore(Paths.get(System.getProperty("onos.features.file"))))
                : Optional.empty();
    }

    /** What is missing for a real ONOS core, or null if nothing. */
    static String missing() {
        String m2 = System.getProperty("onos.m2", "");
        if (m2.isBlank() || m2.contains("${")) {
            return "no ONOS 2.7 core: neither ../shared/onos-2.7.0/m2 next to the checkout nor HSDBA_ONOS_M2"
                    + " (a Maven repository with onos-core-net, onos-core-dist, onos-core-primitives,"
                    + " onos-core-persistence, onos-drivers-default and onos-features " + VERSION + ")";
        }
        String features = System.getProperty("onos.features.file", "");
        if (!Files.isRegularFile(Paths.get(features))) {
            return "no ONOS features file at " + features + " (onos.m2 = " + m2 + ")";
        }
        return null;
    }

    /**
     * Makes {@code home} (a Karaf prepared by {@link KarafSetup}) boot ONOS as the node {@code metadata}
     * describes. Returns the JVM flags to start it with.
     */
    List<String> configure(Path home, ClusterMetadata metadata) throws IOException {
        Path etc = home.resolve("etc");
        String boot = "(" + KARAF_BOOT + "), (onos-thirdparty-base/" + VERSION + "), ("
                + ONOS_FEATURES.stream().map(f -> f + "/" + VERSION).collect(Collectors.joining(", ")) + ")";
        String repositories = "mvn:org.apache.karaf.features/standard/" + KARAF_VERSION + "/xml/features, "
                + "mvn:org.apache.karaf.features/framework/" + KARAF_VERSION + "/xml/features, " + featuresFile.toUri();
        KarafSetup.editProperties(etc.resolve("org.apache.karaf.features.cfg"), t -> KarafSetup.setProperty(
                KarafSetup.setProperty(t, "featuresRepositories", repositories), "featuresBoot", boot));
        // no shutdown port: Karaf would open a random one
        KarafSetup.editProperties(etc.resolve("config.properties"), t -> KarafSetup.setProperty(t,
                "karaf.shutdown.port", "-1"));
        Path file = home.resolve("cluster.json");
        Files.writeString(file, metadata.json(), StandardCharsets.UTF_8);
        return List.of("-Donos.cluster.metadata.uri=" + file.toUri(),
                "-Dio.netty.tryReflectionSetAccessible=true",
                // ONOS sets 10 s; on a loaded 2-core machine Atomix's bootstrap keeps SCR's lock longer
                // ("Could not obtain lock": ClusterManager never activates, the node never READY)
                "-Dds.lock.timeout.milliseconds=" + SCR_LOCK_TIMEOUT_MS);
    }

    /** Waits until ONOS's REST API reports node {@code self} READY (the core and its stores are up). */
    static void awaitReady(Http http, String self, Duration timeout, Runnable aliveCheck) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            aliveCheck.run();
            try {
                HttpResponse<String> r = http.get("/onos/v1/cluster", KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD);
                last = r.statusCode() + " " + r.body();
                if (r.statusCode() == 200) {
                    for (JsonNode n : JSON.readTree(r.body()).path("nodes")) {
                        if (self.equals(n.path("id").asText()) && "READY".equals(n.path("status").asText())) {
                            return;
                        }
                    }
                }
            } catch (IOException notYet) {
                last = notYet.toString();
            }
            Thread.sleep(1000);
        }
        throw new IllegalStateException("ONOS node " + self + " was not READY within " + timeout
                + "; GET /onos/v1/cluster: " + last);
    }

    /** Installs and activates the .oar through ONOS's application service, as an operator does. */
    static JsonNode installApp(Http http, Path oar) throws Exception {
        HttpResponse<String> r = http.postFile("/onos/v1/applications?activate=true", oar,
                KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD);
        if (r.statusCode() != 200) {
            throw new IllegalStateException("POST /onos/v1/applications?activate=true (" + oar + ") answered "
                    + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body());
    }
}
