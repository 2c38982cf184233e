package org.hsdba.lifecycle.bench;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.hsdba.store.FileHsdbaStore;
import org.hsdba.store.HsdbaStore;
import org.hsdba.store.InMemoryHsdbaStore;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The join benchmark's inline switch: the store reaches the manager wrapped in a timing store,
 * which hides the file store from the manager's own exclusion, so the benchmark must keep it.
 */
public class JoinLatencyBenchInlineTest {

    @Rule
    public final TemporaryFolder dir = new TemporaryFolder();

    private final String before = System.getProperty("hsdba.bench.inline");

    @After
    public void restore() {
        if (before == null) {
            System.clearProperty("hsdba.bench.inline");
        } else {
            System.setProperty("hsdba.bench.inline", before);
        }
    }

    @Test
    public void offUnlessAsked() {
        System.clearProperty("hsdba.bench.inline");
        assertFalse(JoinLatencyBench.inlineAsked());
        assertFalse(JoinLatencyBench.inline(new InMemoryHsdbaStore(List.of(), JoinLatencyBench.PARAMS)));
    }

    @Test
    public void askedItIsOnExceptOnTheFileStore() throws Exception {
        System.setProperty("hsdba.bench.inline", "true");
        assertTrue(JoinLatencyBench.inline(new InMemoryHsdbaStore(List.of(), JoinLatencyBench.PARAMS)));
        HsdbaStore file = FileHsdbaStore.open(Path.of(dir.getRoot().getPath()));
        assertFalse(JoinLatencyBench.inline(file));
    }
}
