package org.hsdba.container.oar;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * An ONOS application archive as ONOS reads it: {@code app.xml} (name, features repository,
 * features, artifacts) and a Maven repository under {@code m2/} holding the bundles and the
 * features file. ONOS copies {@code m2/} into Karaf's {@code system/} and installs the features;
 * {@link #extractRepository} does the first half.
 */
public final class OarArchive {

    private static final String M2 = "m2/";

    private final Path file;
    private final String name;
    private final String featuresRepo;
    private final List<String> features;
    private final List<MavenUrl> artifacts;
    private final List<ProjectBundle> bundles;
    private final Set<String> repositoryPaths;

    private OarArchive(Path file, String name, String featuresRepo, List<String> features, List<MavenUrl> artifacts,
                       List<ProjectBundle> bundles, Set<String> repositoryPaths) {
        this.file = file;
        this.name = name;
        this.featuresRepo = featuresRepo;
        this.features = features;
        this.artifacts = artifacts;
        this.bundles = bundles;
        this.repositoryPaths = repositoryPaths;
    }

    public static OarArchive read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("no .oar at " + file + " (module oar builds it: mvn -pl container-test -am verify)");
        }
        try (ZipFile zip = new ZipFile(file.toFile())) {
            ZipEntry appXml = zip.getEntry("app.xml");
            if (appXml == null) {
                throw new IllegalStateException(file + " has no app.xml");
            }
            Element app = parse(zip.getInputStream(appXml), file + "!app.xml").getDocumentElement();
            List<MavenUrl> artifacts = new ArrayList<>();
            for (Element a : children(app, "artifact")) {
                artifacts.add(MavenUrl.parse(a.getTextContent().trim()));
            }
            List<String> features = new ArrayList<>();
            for (String f : app.getAttribute("features").split(",")) {
                if (!f.trim().isEmpty()) {
                    features.add(f.trim());
                }
            }
            List<ProjectBundle> bundles = new ArrayList<>();
            Set<String> paths = new HashSet<>();
            for (ZipEntry e : Collections.list(zip.entries())) {
                if (e.isDirectory() || !e.getName().startsWith(M2)) {
                    continue;
                }
                paths.add(e.getName().substring(M2.length()));
                if (e.getName().endsWith(".jar")) {
                    bundles.add(bundle(e.getName(), zip.getInputStream(e).readAllBytes()));
                }
            }
            return new OarArchive(file, app.getAttribute("name"), app.getAttribute("featuresRepo"),
                    List.copyOf(features), List.copyOf(artifacts), List.copyOf(bundles), Set.copyOf(paths));
        }
    }

    public Path file() {
        return file;
    }

    /** The ONOS application name (app.xml {@code name}). */
    public String name() {
        return name;
    }

    public String featuresRepo() {
        return featuresRepo;
    }

    public List<String> features() {
        return features;
    }

    public List<MavenUrl> artifacts() {
        return artifacts;
    }

    /** Every jar under m2/, each a bundle. */
    public List<ProjectBundle> bundles() {
        return bundles;
    }

    /** What app.xml names that m2/ lacks (the features repository and the artifacts): ONOS would fail on it. */
    public List<String> missingFromRepository() {
        List<String> out = new ArrayList<>();
        if (featuresRepo.isEmpty() || !repositoryPaths.contains(MavenUrl.parse(featuresRepo).path())) {
            out.add("features repository " + (featuresRepo.isEmpty() ? "(app.xml has no featuresRepo)" : featuresRepo));
        }
        for (MavenUrl a : artifacts) {
            if (!repositoryPaths.contains(a.path())) {
                out.add("artifact " + a);
            }
        }
        return out;
    }

    /** Copies m2/ into {@code repository} (Karaf's system/), as ONOS does when installing the app. */
    public void extractRepository(Path repository) throws IOException {
        try (ZipFile zip = new ZipFile(file.toFile())) {
            for (ZipEntry e : Collections.list(zip.entries())) {
                if (e.isDirectory() || !e.getName().startsWith(M2)) {
                    continue;
                }
                Path target = repository.resolve(e.getName().substring(M2.length())).normalize();
                if (!target.startsWith(repository)) {
                    throw new IllegalStateException(file + ": entry " + e.getName() + " points outside m2/");
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = zip.getInputStream(e)) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static ProjectBundle bundle(String location, byte[] jar) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        Manifest manifest;
        try (JarInputStream in = new JarInputStream(new ByteArrayInputStream(jar))) {
            manifest = in.getManifest();
            for (JarEntry e = in.getNextJarEntry(); e != null; e = in.getNextJarEntry()) {
                files.put(e.getName(), e.isDirectory() ? new byte[0] : in.readAllBytes());
            }
        }
        if (manifest == null || manifest.getMainAttributes().getValue("Bundle-SymbolicName") == null) {
            throw new IllegalStateException(location + " in the .oar is not an OSGi bundle (no Bundle-SymbolicName)");
        }
        Attributes main = manifest.getMainAttributes();
        String bsn = main.getValue("Bundle-SymbolicName").split(";")[0].trim();
        List<ComponentDescriptor> components = new ArrayList<>();
        String header = main.getValue("Service-Component");
        if (header != null) {
            for (String xml : header.split(",")) {
                String path = xml.trim();
                byte[] bytes = files.get(path);
                if (bytes == null) {
                    throw new IllegalStateException(location + ": Service-Component names " + path + ", which the jar lacks");
                }
                components.addAll(ComponentXml.read(parse(new ByteArrayInputStream(bytes), location + "!" + path)));
            }
        }
        return new ProjectBundle(location, bsn, main.getValue("Bundle-Version"), main.getValue("Web-ContextPath"),
                components, files.keySet());
    }

    static Document parse(InputStream in, String what) throws IOException {
        try (in) {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            return f.newDocumentBuilder().parse(in);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("cannot parse " + what + ": " + e.getMessage(), e);
        }
    }

    /** Child elements with this local name, whatever their namespace. */
    static List<Element> children(Element parent, String localName) {
        List<Element> out = new ArrayList<>();
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            Node n = nodes.item(i);
            if (n instanceof Element && localName.equals(localNameOf(n))) {
                out.add((Element) n);
            }
        }
        return out;
    }

    static String localNameOf(Node n) {
        return n.getLocalName() != null ? n.getLocalName() : n.getNodeName();
    }

    @Override
    public String toString() {
        return file + " (" + name + ": " + bundles + ")";
    }
}
