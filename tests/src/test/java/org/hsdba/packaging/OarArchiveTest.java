package org.hsdba.packaging;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.Test;
import org.onosproject.app.ApplicationDescription;
import org.onosproject.common.app.ApplicationArchive;

/**
 * Feeds the built .oar to ONOS's own application archive code (onos-core-common 2.7.0), the
 * code that runs when an operator installs the app, and checks what ONOS would see.
 */
public class OarArchiveTest {

    /** ApplicationArchive with its storage root under a temporary directory. */
    private static final class TempArchive extends ApplicationArchive {
        TempArchive(Path root) {
            setRootPath(root.toString());
        }
    }

    @Test
    public void onosAcceptsTheArchive() throws IOException {
        Path root = Files.createTempDirectory("hsdba-oar");
        ApplicationDescription app;
        try (InputStream in = new FileInputStream(OarFile.locate())) {
            app = new TempArchive(root).saveApplication(in);
        }
        assertEquals("org.hsdba.app", app.name());
        assertTrue(app.title(), app.title().startsWith("HSDBA"));
        assertEquals("Traffic Engineering", app.category());
        assertEquals(List.of("hsdba"), app.features());
        assertTrue("features repo " + app.featuresRepo(), app.featuresRepo().isPresent());

        // ONOS copies the bundles and the features repository into Karaf's system/ tree
        // (relative to the working directory, which the build points into target/).
        List<String> installed;
        try (Stream<Path> files = Files.walk(Path.of("system"))) {
            installed = files.map(p -> p.getFileName().toString()).collect(Collectors.toList());
        }
        for (String expected : List.of("hsdba-pof-codec-1.0.0-SNAPSHOT.jar", "hsdba-pof-adapter-1.0.0-SNAPSHOT.jar",
                "hsdba-app-1.0.0-SNAPSHOT.jar", "hsdba-rest-api-1.0.0-SNAPSHOT.jar",
                "hsdba-oar-1.0.0-SNAPSHOT-features.xml")) {
            assertTrue(expected + " not installed; got " + installed, installed.contains(expected));
        }
        // The reference switch (and JNA, which its real ports use) is a lab tool, never part of the app.
        for (String name : installed) {
            assertTrue("the archive carries " + name, !name.startsWith("jna") && !name.contains("reference-switch"));
        }
    }
}
