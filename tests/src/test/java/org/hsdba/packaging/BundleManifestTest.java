package org.hsdba.packaging;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * Every bundle in the .oar must resolve inside ONOS 2.7: no java.* imports (Karaf 4.2.9's Felix
 * rejects them), and every other import provided either by another bundle of the archive, by the
 * JRE, or by a jar ONOS 2.7 ships (onos-api 2.7.0 and the third-party versions its build pins:
 * those jars are this module's test class path) at a version inside the import's range.
 */
public class BundleManifestTest {

    private static List<OarFile.BundleJar> bundles;
    private static Map<String, List<String>> exporters;
    private static Set<String> jrePackages;

    @BeforeClass
    public static void load() throws IOException {
        bundles = OarFile.bundles(OarFile.locate());
        exporters = new HashMap<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.endsWith(".jar") && !entry.contains("hsdba-")) {
                try (JarFile jar = new JarFile(entry)) {
                    if (jar.getManifest() != null) {
                        addExports(jar.getManifest().getMainAttributes().getValue("Export-Package"));
                    }
                }
            }
        }
        for (OarFile.BundleJar b : bundles) {
            addExports(b.header("Export-Package"));
        }
        jrePackages = new HashSet<>();
        for (Module m : ModuleLayer.boot().modules()) {
            ModuleDescriptor d = m.getDescriptor();
            d.exports().forEach(e -> jrePackages.add(e.source()));
        }
    }

    private static void addExports(String header) {
        for (OsgiHeader.Clause c : OsgiHeader.parse(header)) {
            exporters.computeIfAbsent(c.name, k -> new ArrayList<>())
                    .add(c.params.getOrDefault("version", "0.0.0"));
        }
    }

    @Test
    public void archiveContainsTheBundles() {
        assertFalse("no bundle jars in the .oar", bundles.isEmpty());
        for (OarFile.BundleJar b : bundles) {
            assertNotNull(b.entry + " has no manifest", b.manifest);
            assertNotNull(b.entry + " is not an OSGi bundle", b.header("Bundle-SymbolicName"));
            assertEquals(b.entry, "2", b.header("Bundle-ManifestVersion"));
        }
    }

    @Test
    public void noBundleImportsJavaPackages() {
        for (OarFile.BundleJar b : bundles) {
            for (OsgiHeader.Clause c : OsgiHeader.parse(b.header("Import-Package"))) {
                assertFalse(b.entry + " imports " + c.name, c.name.startsWith("java."));
            }
        }
    }

    @Test
    public void everyImportResolvesAgainstOnos27() {
        List<String> problems = new ArrayList<>();
        for (OarFile.BundleJar b : bundles) {
            for (OsgiHeader.Clause c : OsgiHeader.parse(b.header("Import-Package"))) {
                boolean optional = "optional".equals(c.params.get("resolution:"));
                if (optional || jrePackages.contains(c.name)) {
                    continue;
                }
                OsgiVersionRange range = OsgiVersionRange.parse(c.params.get("version"));
                List<String> versions = exporters.get(c.name);
                if (versions == null) {
                    problems.add(b.entry + ": nothing exports " + c.name);
                } else if (versions.stream().noneMatch(range::includes)) {
                    problems.add(b.entry + ": " + c.name + " range " + c.params.get("version")
                            + " excludes the available versions " + versions);
                }
            }
        }
        assertTrue(String.join("\n", problems), problems.isEmpty());
    }
}
