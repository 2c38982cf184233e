package org.hsdba.container.oar;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class OarArchiveTest {

    private static final String APP_XML = "<?xml version=\"1.0\"?>\n"
            + "<app name=\"org.example.app\" featuresRepo=\"mvn:org.example/example-oar/1.0/xml/features\""
            + " features=\"example, example-web\">\n"
            + "  <artifact>mvn:org.example/example-core/1.0</artifact>\n"
            + "  <artifact>mvn:org.example/example-rest/1.0</artifact>\n"
            + "</app>\n";

    private static final String COMPONENT_XML = "<?xml version=\"1.0\"?>\n"
            + "<scr:component xmlns:scr=\"http://www.osgi.org/xmlns/scr/v1.3.0\" name=\"org.example.Server\""
            + " immediate=\"true\">\n"
            + "  <property name=\"listenPort\" type=\"Integer\" value=\"6643\"/>\n"
            + "  <property name=\"listenBindAddress\" value=\"0.0.0.0\"/>\n"
            + "  <property name=\"timeoutMs\" type=\"Integer\" value=\"10\"/>\n"
            + "  <service><provide interface=\"org.example.ServerService\"/></service>\n"
            + "  <reference name=\"core\" interface=\"org.onosproject.core.CoreService\" cardinality=\"1..1\"/>\n"
            + "  <reference name=\"extra\" interface=\"org.example.Extra\" cardinality=\"0..n\"/>\n"
            + "  <implementation class=\"org.example.Server\"/>\n"
            + "</scr:component>\n";

    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    @Test
    public void readsAppXmlBundlesAndTheirComponents() throws IOException {
        OarArchive oar = OarArchive.read(oar(true));
        assertEquals("org.example.app", oar.name());
        assertEquals("mvn:org.example/example-oar/1.0/xml/features", oar.featuresRepo());
        assertEquals(List.of("example", "example-web"), oar.features());
        assertEquals(List.of(), oar.missingFromRepository());
        assertEquals(2, oar.bundles().size());

        ProjectBundle core = bundle(oar, "org.example.core");
        assertEquals("1.0.0", core.version());
        assertFalse(core.webContextPath().isPresent());
        ComponentDescriptor server = core.components().get(0);
        assertEquals("org.example.Server", server.name());
        assertEquals("org.example.Server", server.pid());
        assertEquals("Integer", server.propertyTypes().get("listenPort"));
        assertEquals("String", server.propertyTypes().get("listenBindAddress"));
        assertEquals(List.of("org.example.ServerService"), server.services());
        assertEquals("org.onosproject.core.CoreService", server.references().get(0).serviceInterface());
        assertTrue(server.references().get(0).mandatory());
        assertFalse(server.references().get(1).mandatory());

        ProjectBundle rest = bundle(oar, "org.example.rest");
        assertEquals("/onos/example", rest.webContextPath().get());
        assertTrue(rest.contains("hsdba-ui/index.html"));
        assertTrue(rest.components().isEmpty());
    }

    @Test
    public void reportsWhatAppXmlNamesButM2Lacks() throws IOException {
        OarArchive oar = OarArchive.read(oar(false));
        assertEquals(List.of("artifact mvn:org.example/example-rest/1.0"), oar.missingFromRepository());
    }

    @Test
    public void extractsM2AsARepository() throws IOException {
        Path system = tmp.newFolder("system").toPath();
        OarArchive.read(oar(true)).extractRepository(system);
        assertTrue(Files.isRegularFile(system.resolve("org/example/example-core/1.0/example-core-1.0.jar")));
        assertTrue(Files.isRegularFile(system.resolve("org/example/example-oar/1.0/example-oar-1.0-features.xml")));
        assertFalse(Files.exists(system.resolve("app.xml")));
    }

    @Test
    public void aJarWithoutBundleHeadersIsAnError() throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("app.xml", APP_XML.getBytes(StandardCharsets.UTF_8));
        files.put("m2/org/example/example-core/1.0/example-core-1.0.jar", jar(new Manifest(), Map.of()));
        try {
            OarArchive.read(zip(files));
            fail("a plain jar was taken for a bundle");
        } catch (IllegalStateException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("example-core-1.0.jar")
                    && e.getMessage().contains("Bundle-SymbolicName"));
        }
    }

    private static ProjectBundle bundle(OarArchive oar, String symbolicName) {
        return oar.bundles().stream().filter(b -> b.symbolicName().equals(symbolicName)).findFirst().orElseThrow();
    }

    private Path oar(boolean withRest) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("app.xml", APP_XML.getBytes(StandardCharsets.UTF_8));
        files.put("m2/org/example/example-oar/1.0/example-oar-1.0-features.xml", "<features/>".getBytes(StandardCharsets.UTF_8));
        files.put("m2/org/example/example-core/1.0/example-core-1.0.jar", jar(
                manifest("org.example.core;singleton:=true", Map.of("Service-Component", "OSGI-INF/org.example.Server.xml")),
                Map.of("OSGI-INF/org.example.Server.xml", COMPONENT_XML)));
        if (withRest) {
            files.put("m2/org/example/example-rest/1.0/example-rest-1.0.jar", jar(
                    manifest("org.example.rest", Map.of("Web-ContextPath", "/onos/example")),
                    Map.of("hsdba-ui/index.html", "<html></html>")));
        }
        return zip(files);
    }

    private static Manifest manifest(String symbolicName, Map<String, String> headers) {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-SymbolicName", symbolicName);
        a.putValue("Bundle-Version", "1.0.0");
        headers.forEach(a::putValue);
        return m;
    }

    private static byte[] jar(Manifest manifest, Map<String, String> entries) throws IOException {
        if (manifest.getMainAttributes().isEmpty()) {
            manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes, manifest)) {
            for (Map.Entry<String, String> e : entries.entrySet()) {
                out.putNextEntry(new JarEntry(e.getKey()));
                out.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    private Path zip(Map<String, byte[]> files) throws IOException {
        Path file = tmp.newFile().toPath();
        try (OutputStream os = Files.newOutputStream(file); ZipOutputStream out = new ZipOutputStream(os)) {
            for (Map.Entry<String, byte[]> e : files.entrySet()) {
                out.putNextEntry(new ZipEntry(e.getKey()));
                out.write(e.getValue());
                out.closeEntry();
            }
        }
        return file;
    }
}
