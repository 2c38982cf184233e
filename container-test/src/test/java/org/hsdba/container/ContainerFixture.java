package org.hsdba.container;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.container.karaf.KarafPorts;
import org.hsdba.container.karaf.KarafProcess;
import org.hsdba.container.karaf.KarafSetup;
import org.hsdba.container.karaf.ShellResult;
import org.hsdba.container.oar.ComponentDescriptor;
import org.hsdba.container.oar.OarArchive;
import org.hsdba.container.oar.ProjectBundle;

/**
 * The one Karaf of a test run, shared by every *IT class (failsafe runs them in one JVM): booted
 * on first use with the ONOS stand-in and the .oar installed the way ONOS installs it, stopped
 * when the JVM exits. A boot takes longer than all the checks together, so there is one.
 */
final class ContainerFixture {

    private static final Duration BOOT_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration INSTALL_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ContainerFixture shared;
    private static RuntimeException bootFailure;

    final OarArchive oar;
    final ComponentListeners listeners;
    final KarafPorts ports;
    final Http http;
    final KarafProcess karaf;
    final ShellResult appInstall;
    /** When the features do not install: the bundles installed one by one, to diagnose each. */
    final ShellResult bundleByBundle;

    /** The running container; a failed boot fails every class that asks, with the same reason. */
    static synchronized ContainerFixture shared() {
        if (bootFailure != null) {
            throw bootFailure;
        }
        if (shared == null) {
            try {
                shared = new ContainerFixture();
            } catch (Exception e) {
                bootFailure = new IllegalStateException("the container did not start: " + e.getMessage(), e);
                throw bootFailure;
            }
            ContainerFixture stopping = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    stopping.karaf.close();
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                }
            }, "stop-karaf"));
        }
        return shared;
    }

    private ContainerFixture() throws Exception {
        List<String> timings = new ArrayList<>();
        oar = OarArchive.read(Paths.get(property("hsdba.oar")));
        ports = KarafPorts.free();
        listeners = new ComponentListeners(oar.bundles(), KarafPorts::freePort);
        Path home = Paths.get(property("karaf.run")).resolve("karaf");
        http = new Http(KarafPorts.HOST, ports.http());
        System.out.println("[container] " + oar);

        long t0 = System.nanoTime();
        KarafSetup.prepare(Paths.get(property("karaf.home")), home, ports, listeners.configurations());
        oar.extractRepository(home.resolve("system"));
        karaf = KarafProcess.start(home, ports);
        karaf.awaitReady(BOOT_TIMEOUT);
        long t1 = time(timings, "boot", t0);

        ShellResult onos = karaf.shell(INSTALL_TIMEOUT,
                "feature:repo-add file:" + property("container.features"),
                "feature:install onos-api onos-thirdparty-web hsdba-container-services");
        if (onos.failed()) {
            karaf.close();
            throw new IllegalStateException("the ONOS stand-in did not install (a problem of this module, not of the .oar): "
                    + onos.rootCause() + "\n" + onos);
        }
        long t2 = time(timings, "ONOS API and stand-in services install", t1);

        appInstall = karaf.shell(INSTALL_TIMEOUT,
                "feature:repo-add " + oar.featuresRepo(),
                "feature:install " + String.join(" ", oar.features()));
        long t3 = time(timings, ".oar features install (" + String.join(", ", oar.features()) + ")", t2);
        // The resolver stops at the first problem; bundle by bundle, every bundle's own shows.
        bundleByBundle = !appInstall.failed() ? null : karaf.shell(INSTALL_TIMEOUT, oar.artifacts().stream()
                .map(a -> "bundle:install -s " + a.url()).toArray(String[]::new));
        awaitSettled();
        time(timings, "project bundles, components and web contexts settle", t3);
        System.out.println("[container] " + String.join("; ", timings));
        Files.writeString(Paths.get(property("karaf.run")).resolve("timings.txt"),
                String.join("\n", timings) + "\n", StandardCharsets.UTF_8);
    }

    /** What the container probe reports now. */
    ContainerState probe() throws IOException, InterruptedException {
        HttpResponse<String> r = http.get("/hsdba-container-probe");
        if (r.statusCode() != 200) {
            throw new IllegalStateException("the container probe answered " + r.statusCode() + " at "
                    + http.url("/hsdba-container-probe") + ": " + r.body());
        }
        return new ContainerState(JSON.readTree(r.body()));
    }

    /** Polls until the .oar's bundles are active, its components satisfied and its web contexts deployed. */
    private void awaitSettled() throws Exception {
        long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (settled()) {
                return;
            }
            Thread.sleep(250);
        }
        System.out.println("[container] not settled after " + SETTLE_TIMEOUT + "; the tests say what is missing");
    }

    private boolean settled() throws Exception {
        ContainerState state;
        try {
            state = probe();
        } catch (IOException | IllegalStateException notYet) {
            return false;
        }
        for (ProjectBundle b : oar.bundles()) {
            if (!state.bundle(b.symbolicName()).map(ContainerState.BundleInfo::active).orElse(false)) {
                return false;
            }
            for (ComponentDescriptor c : b.components()) {
                if (!state.component(c.name()).map(ContainerState.ComponentInfo::satisfied).orElse(false)) {
                    return false;
                }
            }
            if (b.webContextPath().isPresent() && http.get(b.webContextPath().get() + "/").statusCode() == 404) {
                return false;
            }
        }
        return true;
    }

    private static long time(List<String> timings, String what, long since) {
        long now = System.nanoTime();
        timings.add(String.format(Locale.ROOT, "%s: %.1f s", what, (now - since) / 1e9));
        return now;
    }

    static String property(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalStateException("system property " + name + " is not set (run through failsafe: mvn -pl container-test -am verify)");
        }
        return value;
    }
}
