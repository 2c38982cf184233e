package org.hsdba.lab.runtime;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.hsdba.lab.cli.Main;
import org.hsdba.lab.traffic.LabScenario;
import org.hsdba.model.PortRef;
import org.hsdba.store.FileHsdbaStore;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * kill -9 of a running lab right after REST acknowledged an edit: the edit is in the data
 * directory, and a new lab starts on it (the dead one's lock went with its process). The file
 * store's own crash test (app: FileHsdbaStoreCrashTest) kills a writer in the middle of a stream
 * of writes; this one checks the lab's wiring acknowledges only what the store made durable.
 */
public class LabKillTest {

    private static final Pattern READY = Pattern.compile("hsdba lab ready in \\d+ ms: (http://\\S+/onos/hsdba/)ui/");

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    @Test
    public void anAcknowledgedEditSurvivesKillDashNine() throws Exception {
        Path dir = folder.newFolder("data").toPath();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "lab", "--switches", "0", "--http-port", "0", "--pof-port", "0", "--status", "0",
                "--data-dir", dir.toString(), "--scenario", LabTest.shortScenario().toString())
                .redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            URI base = null;
            StringBuilder seen = new StringBuilder();
            for (String line; base == null && (line = out.readLine()) != null; ) {
                seen.append(line).append('\n');
                Matcher m = READY.matcher(line);
                if (m.find()) {
                    base = URI.create(m.group(1));
                }
            }
            assertNotNull("the lab never printed its ready line:\n" + seen, base);
            Http rest = new Http(base.resolve("v1/"), "onos", "rocks");
            HttpResponse<String> r = rest.send("PATCH", LabTest.NODES + "A1", "{\"weight\": 5, \"guaranteed\": \"1M\"}");
            assertEquals(r.body(), 200, r.statusCode());
            child.destroyForcibly(); // SIGKILL: no shutdown hook runs
            assertTrue("child did not die", child.waitFor(10, TimeUnit.SECONDS));
        } finally {
            child.destroyForcibly();
        }
        PortRef port = PortRef.of(LabTest.DEVICE, 2);
        assertEquals(5.0, FileHsdbaStore.open(dir).tree(port).get().get("A1").weight().getAsDouble(), 0);
        try (Lab lab = Lab.start(LabTest.options(dir, 0), LabScenario.read(LabTest.shortScenario()), null)) {
            assertFalse("a killed lab's directory is not seeded again", lab.seeded());
            assertEquals(1e6, lab.service().tree(port).get().get("A1").guaranteed().get().asDouble(), 0);
        }
    }
}
