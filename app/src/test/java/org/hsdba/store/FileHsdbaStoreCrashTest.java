package org.hsdba.store;

import static org.junit.Assert.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.hsdba.model.BandwidthTree;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * kill -9 in the middle of writes: the store must open afterwards, hold a complete tree, and
 * have kept every write it acknowledged (version at least the last "ack" the child printed).
 */
public class FileHsdbaStoreCrashTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    @Test
    public void survivesKillDashNineWithEveryAcknowledgedWrite() throws Exception {
        Path dir = folder.newFolder().toPath();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                StoreWriterMain.class.getName(), dir.toString()).redirectErrorStream(true).start();
        long lastAck = 0;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while (lastAck < 40 && (line = out.readLine()) != null) {
                if (line.startsWith("ack ")) {
                    lastAck = Long.parseLong(line.substring(4));
                }
            }
            child.destroyForcibly(); // SIGKILL: no shutdown hooks, no flushing
            assertTrue("child did not exit", child.waitFor(10, TimeUnit.SECONDS));
        }
        assertTrue("the child acknowledged writes", lastAck >= 40);
        List<BandwidthTree> trees = FileHsdbaStore.open(dir).trees();
        assertTrue("a tree survived", trees.size() == 1);
        BandwidthTree t = trees.get(0);
        assertTrue("version " + t.version() + " lost acknowledged write " + lastAck, t.version() >= lastAck);
        assertTrue("the tree is the one written at its version", t.size() == (int) (t.version() % 50) + 1);
    }
}
