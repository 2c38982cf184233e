package org.hsdba.container;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.hsdba.container.oar.OarArchive;
import org.junit.rules.TemporaryFolder;

/** A one-bundle .oar whose one component (org.example.Server) has the given property elements. */
final class OarFixture {

    private OarFixture() {
    }

    static OarArchive withComponentProperties(TemporaryFolder tmp, String propertyElements) throws IOException {
        String component = "<scr:component xmlns:scr=\"http://www.osgi.org/xmlns/scr/v1.3.0\" name=\"org.example.Server\">"
                + propertyElements + "<implementation class=\"org.example.Server\"/></scr:component>";
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue("Bundle-SymbolicName", "org.example.core");
        m.getMainAttributes().putValue("Bundle-Version", "1.0.0");
        m.getMainAttributes().putValue("Service-Component", "OSGI-INF/server.xml");
        ByteArrayOutputStream jar = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(jar, m)) {
            out.putNextEntry(new JarEntry("OSGI-INF/server.xml"));
            out.write(component.getBytes(StandardCharsets.UTF_8));
        }
        Path file = tmp.newFile("fixture.oar").toPath();
        try (OutputStream os = Files.newOutputStream(file); ZipOutputStream out = new ZipOutputStream(os)) {
            out.putNextEntry(new ZipEntry("app.xml"));
            out.write(("<app name=\"org.example.app\" featuresRepo=\"mvn:org.example/example-oar/1.0/xml/features\""
                    + " features=\"example\"><artifact>mvn:org.example/example-core/1.0</artifact></app>")
                    .getBytes(StandardCharsets.UTF_8));
            out.putNextEntry(new ZipEntry("m2/org/example/example-core/1.0/example-core-1.0.jar"));
            out.write(jar.toByteArray());
        }
        return OarArchive.read(file);
    }
}
