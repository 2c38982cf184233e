package org.hsdba.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.ModePreference;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

/** What every store promises: compare-and-set on versions, listeners told of every change, replaceAll. */
@RunWith(Parameterized.class)
public class StoreContractTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private final String kind;

    public StoreContractTest(String kind) {
        this.kind = kind;
    }

    @Parameterized.Parameters(name = "{0}")
    public static Collection<Object[]> kinds() {
        return Arrays.asList(new Object[][] {{"memory"}, {"file"}, {"distributed"}});
    }

    private HsdbaStore newStore() {
        switch (kind) {
            case "memory":
                return new InMemoryHsdbaStore();
            case "file":
                try {
                    return FileHsdbaStore.open(folder.newFolder().toPath());
                } catch (java.io.IOException e) {
                    throw new AssertionError(e);
                }
            default:
                // Events told on the writer's thread, so that each change is heard on its own (the
                // store's own event thread may merge quick changes).
                return new DistributedHsdbaStore(new SharedMap(), Runnable::run);
        }
    }

    /** Records the listener calls as strings. */
    private static final class Recorder implements HsdbaStoreListener {
        final List<String> calls = new ArrayList<>();

        @Override
        public synchronized void treeChanged(PortRef port, Optional<BandwidthTree> tree) {
            calls.add(port + "=" + tree.map(t -> "v" + t.version()).orElse("gone"));
        }

        @Override
        public synchronized void parametersChanged(HsdbaParameters parameters) {
            calls.add("parameters " + parameters.mode().jsonName());
        }
    }

    @Test
    public void compareAndSetOnTheVersion() {
        HsdbaStore s = newStore();
        s.putTree(StoreTrees.tree(StoreTrees.PORT, 2, 1), 0);
        s.putTree(StoreTrees.tree(StoreTrees.PORT, 3, 2), 1);
        try {
            s.putTree(StoreTrees.tree(StoreTrees.PORT, 4, 2), 1);
            fail("stale write accepted");
        } catch (VersionConflictException e) {
            assertEquals(2, e.currentVersion());
        }
        assertEquals(3, s.tree(StoreTrees.PORT).get().size());
        try {
            s.removeTree(StoreTrees.PORT, 1);
            fail("stale remove accepted");
        } catch (VersionConflictException e) {
            assertEquals(2, e.currentVersion());
        }
        s.removeTree(StoreTrees.PORT, 2);
        assertFalse(s.tree(StoreTrees.PORT).isPresent());
    }

    @Test
    public void listenersHearEveryChangeInOrder() {
        HsdbaStore s = newStore();
        Recorder r = new Recorder();
        s.addListener(r);
        s.putTree(StoreTrees.tree(StoreTrees.PORT, 1, 1), 0);
        s.putTree(StoreTrees.tree(StoreTrees.PORT, 1, 2), 1);
        s.setParameters(HsdbaParameters.DEFAULTS.toBuilder().mode(ModePreference.CONTROLLER_ASSISTED).build());
        s.removeTree(StoreTrees.PORT, 2);
        assertEquals(List.of(StoreTrees.PORT + "=v1", StoreTrees.PORT + "=v2", "parameters controller-assisted",
                StoreTrees.PORT + "=gone"), r.calls);
    }

    @Test
    public void replaceAllSwapsEverythingAndTellsWhatChanged() {
        HsdbaStore s = newStore();
        s.putTree(StoreTrees.tree(StoreTrees.PORT, 1, 1), 0);
        Recorder r = new Recorder();
        s.addListener(r);
        s.replaceAll(List.of(StoreTrees.tree(StoreTrees.OTHER, 2, 1)), HsdbaParameters.DEFAULTS);
        assertFalse(s.tree(StoreTrees.PORT).isPresent());
        assertEquals(2, s.tree(StoreTrees.OTHER).get().size());
        assertTrue(r.calls.contains(StoreTrees.PORT + "=gone"));
        assertTrue(r.calls.contains(StoreTrees.OTHER + "=v1"));
    }

    @Test
    public void treesAreOrderedByPort() {
        HsdbaStore s = newStore();
        s.putTree(StoreTrees.tree(StoreTrees.OTHER, 1, 1), 0);
        s.putTree(StoreTrees.tree(StoreTrees.PORT, 1, 1), 0);
        assertEquals(List.of(StoreTrees.PORT, StoreTrees.OTHER),
                s.trees().stream().map(BandwidthTree::port).collect(java.util.stream.Collectors.toList()));
    }

    @Test
    public void parametersPersistAcrossReopenForTheFileStore() throws Exception {
        if (!kind.equals("file")) {
            return;
        }
        Path dir = folder.newFolder().toPath();
        HsdbaStore s = FileHsdbaStore.open(dir);
        HsdbaParameters p = HsdbaParameters.DEFAULTS.toBuilder().leafLifetime(Duration.ofSeconds(42))
                .joinBurst(7).build();
        s.setParameters(p);
        s.putTree(StoreTrees.tree(StoreTrees.PORT, 3, 1), 0);
        HsdbaStore again = FileHsdbaStore.open(dir);
        assertEquals(p, again.parameters());
        assertEquals(s.tree(StoreTrees.PORT), again.tree(StoreTrees.PORT));
        assertFalse("no temporary file left", Files.exists(dir.resolve(FileHsdbaStore.CONFIG_FILE + ".tmp")));
        assertTrue(Files.readString(dir.resolve(FileHsdbaStore.CONFIG_FILE)).contains("\"format\""));
    }

    @Test
    public void aBrokenConfigurationFileIsRefusedWithItsLocation() throws Exception {
        if (!kind.equals("file")) {
            return;
        }
        Path dir = folder.newFolder().toPath();
        Files.writeString(dir.resolve(FileHsdbaStore.CONFIG_FILE), "{\"format\": \"hsdba/1\", \"trees\": [}");
        try {
            FileHsdbaStore.open(dir);
            fail("a broken file was accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(FileHsdbaStore.CONFIG_FILE));
        }
    }

    /**
     * A configuration file corrupted after the last write (by hand, by a full disk): the start-up
     * error names the previous version the store kept, and that version opens with the tree as it
     * was before the last write.
     */
    @Test
    public void aCorruptedConfigurationIsRecoverableFromThePreviousFile() throws Exception {
        if (!kind.equals("file")) {
            return;
        }
        Path dir = folder.newFolder().toPath();
        HsdbaStore s = FileHsdbaStore.open(dir);
        s.putTree(StoreTrees.tree(StoreTrees.PORT, 3, 1), 0);
        BandwidthTree first = s.tree(StoreTrees.PORT).orElseThrow();
        s.putTree(StoreTrees.tree(StoreTrees.PORT, 4, 2), 1);
        Path config = dir.resolve(FileHsdbaStore.CONFIG_FILE);
        Path prev = dir.resolve(FileHsdbaStore.CONFIG_FILE + ".prev");
        byte[] good = Files.readAllBytes(config);
        byte[] corrupt = java.util.Arrays.copyOf(good, new java.util.Random().nextInt(good.length - 1));
        Files.write(config, corrupt);
        try {
            FileHsdbaStore.open(dir);
            fail("a corrupted file was accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(prev.toString()));
        }
        Files.copy(prev, config, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertEquals(first, FileHsdbaStore.open(dir).tree(StoreTrees.PORT).orElseThrow());
    }
}
