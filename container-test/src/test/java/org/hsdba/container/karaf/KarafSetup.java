package org.hsdba.container.karaf;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes the test's Karaf: a fresh copy of the distribution Maven unpacked (whose system/ the build
 * filled with every bundle the test installs), adjusted to run on this JDK (17) as
 * ../shared/onos-notes.md describes, offline (system/ is the only Maven repository), bound to the
 * loopback interface on the given ports, with the user {@code onos}/{@code rocks} in Karaf's realm
 * and the given component configurations (etc/&lt;pid&gt;.cfg).
 */
public final class KarafSetup {

    /** Karaf 4.2.9 knows Java up to 11: newer versions are described as 11 plus their own number. */
    static final int LAST_KNOWN_JAVA = 11;

    private static final String OVERRIDES_RESOURCE = "/karaf/overrides.properties";

    private KarafSetup() {
    }

    /** Copies {@code distribution} to {@code home} (replacing it) and configures the copy. */
    public static void prepare(Path distribution, Path home, KarafPorts ports,
                               Map<String, Map<String, String>> componentConfigs) throws IOException {
        if (!Files.isRegularFile(distribution.resolve("bin/karaf"))) {
            throw new IllegalStateException("no Karaf distribution at " + distribution
                    + " (run the build through pre-integration-test: mvn -pl container-test -am verify)");
        }
        deleteTree(home);
        copyTree(distribution, home);
        Path etc = home.resolve("etc");
        int java = Math.max(Runtime.version().feature(), 17);

        append(etc.resolve("jre.properties"), jreAliases(LAST_KNOWN_JAVA + 1, java));
        append(etc.resolve("config.properties"), eecapBlocks(LAST_KNOWN_JAVA + 1, java));
        try (InputStream in = KarafSetup.class.getResourceAsStream(OVERRIDES_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + OVERRIDES_RESOURCE);
            }
            Files.copy(in, etc.resolve("overrides.properties"), StandardCopyOption.REPLACE_EXISTING);
        }
        write(etc.resolve("org.ops4j.pax.url.mvn.cfg"), offlineMavenConfig());
        // ONOS bundles declare service requirements that only a full ONOS satisfies.
        edit(etc.resolve("org.apache.karaf.features.cfg"), t -> setProperty(t, "serviceRequirements", "disable"));
        edit(etc.resolve("org.apache.karaf.shell.cfg"), t -> setProperty(setProperty(t,
                "sshPort", String.valueOf(ports.ssh())), "sshHost", KarafPorts.HOST));
        edit(etc.resolve("org.apache.karaf.management.cfg"), t -> setProperty(setProperty(t,
                "rmiRegistryPort", String.valueOf(ports.rmiRegistry())), "rmiServerPort", String.valueOf(ports.rmiServer())));
        write(etc.resolve("org.ops4j.pax.web.cfg"), webConfig(ports.http()));
        // pax-web's feature installs etc/jetty.xml at the first boot unless one is there already
        Path jetty = etc.resolve("jetty.xml");
        if (!Files.exists(jetty)) {
            Files.copy(paxWebJettyConfig(home), jetty);
        }
        edit(jetty, KarafSetup::loginServicesWithIdentityService);
        append(etc.resolve("users.properties"), "\n# ONOS's default user, in Karaf's admin group (roles admin, viewer...)\n"
                + KarafUsers.WEB_USER + " = " + KarafUsers.WEB_PASSWORD + ",_g_:admingroup\n");
        for (Map.Entry<String, Map<String, String>> c : componentConfigs.entrySet()) {
            write(etc.resolve(c.getKey() + ".cfg"), properties(c.getValue()));
        }
    }

    /** {@code jre-N = ${jre-11}} for N in [from, to]: newer JREs export what 11 does. */
    static String jreAliases(int from, int to) {
        StringBuilder out = new StringBuilder("\n# Java versions Karaf 4.2.9 does not know\n");
        for (int v = from; v <= to; v++) {
            out.append("jre-").append(v).append(" = ${jre-").append(LAST_KNOWN_JAVA).append("}\n");
        }
        return out.toString();
    }

    /**
     * The execution-environment capabilities of Java {@code from}..{@code to}, in the form of
     * config.properties' {@code eecap-11} block; without them the framework reads an empty
     * {@code eecap-17} ("Exported package names cannot be zero length").
     */
    static String eecapBlocks(int from, int to) {
        StringBuilder out = new StringBuilder("\n# Java versions Karaf 4.2.9 does not know\n");
        for (int v = from; v <= to; v++) {
            StringJoiner javaSe = new StringJoiner(",");
            StringJoiner compact = new StringJoiner(",");
            for (String old : new String[] {"1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8"}) {
                javaSe.add(old);
            }
            compact.add("1.8");
            for (int n = 9; n <= v; n++) {
                javaSe.add(n + ".0");
                compact.add(n + ".0");
            }
            out.append("eecap-").append(v).append("= osgi.ee; osgi.ee=\"OSGi/Minimum\"; version:List<Version>=\"1.0,1.1,1.2\", \\\n")
                    .append(" osgi.ee; osgi.ee=\"JavaSE\"; version:List<Version>=\"").append(javaSe).append("\", \\\n")
                    .append(" osgi.ee; osgi.ee=\"JRE\"; version:List<Version>=\"1.0,1.1\", \\\n");
            for (int profile = 1; profile <= 3; profile++) {
                out.append(" osgi.ee; osgi.ee=\"JavaSE/compact").append(profile).append("\"; version:List<Version>=\"")
                        .append(compact).append(profile < 3 ? "\", \\\n" : "\"\n");
            }
        }
        return out.toString();
    }

    /** Replaces the assignment of {@code key} (with its continuation lines), or appends one. */
    public static String setProperty(String text, String key, String value) {
        Matcher m = Pattern.compile("(?m)^[ \\t]*" + Pattern.quote(key) + "[ \\t]*[=:](?:.*\\\\\n)*.*$").matcher(text);
        String line = key + " = " + value;
        if (m.find()) {
            return text.substring(0, m.start()) + line + text.substring(m.end());
        }
        return text + (text.endsWith("\n") || text.isEmpty() ? "" : "\n") + line + "\n";
    }

    /** Only Karaf's own system/ repository; no local repository, no remote one, no fallback. */
    static String offlineMavenConfig() {
        return "# Written by the container test: every bundle is in system/ (put there by the build).\n"
                + "org.ops4j.pax.url.mvn.offline = true\n"
                + "org.ops4j.pax.url.mvn.useFallbackRepositories = false\n"
                + "org.ops4j.pax.url.mvn.localRepository = ${karaf.data}/repository\n"
                + "org.ops4j.pax.url.mvn.defaultRepositories = ${karaf.home.uri}system@id=system.repository@snapshots\n"
                + "org.ops4j.pax.url.mvn.repositories =\n";
    }

    /** HTTP on loopback; Jetty configured from jetty.xml, which defines the login service of realm karaf. */
    static String webConfig(int port) {
        return "# Written by the container test\n"
                + "org.osgi.service.http.port = " + port + "\n"
                + "org.ops4j.pax.web.listening.addresses = " + KarafPorts.HOST + "\n"
                + "org.ops4j.pax.web.config.file = ${karaf.etc}/jetty.xml\n"
                + "javax.servlet.context.tempdir = ${karaf.data}/pax-web-jsp\n";
    }

    private static final Pattern JAAS_LOGIN_SERVICE =
            Pattern.compile("<New class=\"org\\.eclipse\\.jetty\\.jaas\\.JAASLoginService\">");
    static final String IDENTITY_SERVICE =
            "<Set name=\"identityService\"><New class=\"org.eclipse.jetty.security.DefaultIdentityService\"/></Set>";

    /**
     * Gives each of jetty.xml's JAAS login services its identity service up front, as
     * docs/install-in-onos.md tells operators to. Without it the service gets one only when the
     * server starts it, and a web context that starts meanwhile (ONOS's /onos/v1 and the app's
     * /onos/hsdba when Karaf restarts with the app installed) makes its own: Jetty's
     * SecurityHandler then refuses to start with "LoginService has different IdentityService".
     */
    static String loginServicesWithIdentityService(String jettyXml) {
        Matcher m = JAAS_LOGIN_SERVICE.matcher(jettyXml);
        StringBuilder out = new StringBuilder();
        int count = 0;
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(m.group() + "\n                " + IDENTITY_SERVICE));
            count++;
        }
        if (count == 0) {
            throw new IllegalStateException("jetty.xml defines no JAASLoginService: the realm karaf the"
                    + " app's web.xml names would be missing");
        }
        m.appendTail(out);
        return out.toString();
    }

    /** The jetty.xml pax-web's feature would install (system/.../pax-web-features-*-jettyconfig.xml). */
    private static Path paxWebJettyConfig(Path home) throws IOException {
        Path features = home.resolve("system/org/ops4j/pax/web/pax-web-features");
        try (java.util.stream.Stream<Path> files = Files.walk(features, 2)) {
            return files.filter(f -> f.getFileName().toString().endsWith("-jettyconfig.xml")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no pax-web jettyconfig.xml under " + features));
        }
    }

    static String properties(Map<String, String> values) {
        StringBuilder out = new StringBuilder("# Written by the container test\n");
        values.forEach((k, v) -> out.append(k).append(" = ").append(v).append('\n'));
        return out.toString();
    }

    /** An edit of a properties file's text. */
    public interface TextEdit {
        String apply(String text);
    }

    /** Rewrites {@code file} with {@code edit} applied to its text. */
    public static void editProperties(Path file, TextEdit edit) throws IOException {
        edit(file, edit);
    }

    private static void edit(Path file, TextEdit edit) throws IOException {
        write(file, edit.apply(Files.readString(file, StandardCharsets.UTF_8)));
    }

    private static void append(Path file, String text) throws IOException {
        write(file, Files.readString(file, StandardCharsets.UTF_8) + text);
    }

    private static void write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<Path>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** Copies with file attributes, so bin/ scripts stay executable. */
    private static void copyTree(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<Path>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                try {
                    Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                } catch (IOException e) {
                    throw new UncheckedIOException("copying " + file, e);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
