package org.hsdba.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.ModePreference;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.hsdba.model.json.ConfigJson;
import org.junit.Test;
import org.onosproject.store.service.TestConsistentMap;

/**
 * Two cluster members on one ONOS consistent map (ONOS's {@link TestConsistentMap}): an import is
 * seen whole or not at all, racing writers are retried or refused by tree version, and no tree
 * entry is left behind.
 */
public class DistributedHsdbaStoreTest {

    private static final PortRef THIRD = PortRef.of("pof:0000000000000003", 2);
    private static final HsdbaParameters ASSISTED = HsdbaParameters.DEFAULTS.toBuilder()
            .mode(ModePreference.CONTROLLER_ASSISTED).build();

    private final SharedMap map = new SharedMap();
    private final DistributedHsdbaStore a = new DistributedHsdbaStore(map, Runnable::run);
    private final DistributedHsdbaStore b = new DistributedHsdbaStore(map, Runnable::run);

    /** What a member sees: every tree's port and version, and the mode. */
    private static String view(HsdbaStore s) {
        return s.trees().stream().map(t -> t.port().deviceId() + "/" + t.port().port() + "@" + t.version())
                .collect(Collectors.joining(" ")) + " " + s.parameters().mode().jsonName();
    }

    @Test
    public void anImportIsSeenWholeOrNotAtAllByAnotherMember() {
        a.putTree(StoreTrees.tree(StoreTrees.PORT, 2, 1), 0);
        a.putTree(StoreTrees.tree(StoreTrees.OTHER, 1, 1), 0);
        String before = view(b);
        List<String> seen = new ArrayList<>();
        // Member b looks at every single change of the map while member a imports.
        map.inner().addListener(e -> seen.add(view(b)));
        a.replaceAll(List.of(StoreTrees.tree(StoreTrees.OTHER, 3, 2), StoreTrees.tree(THIRD, 2, 1)), ASSISTED);
        String after = view(b);
        assertEquals("pof:0000000000000002/1@2 pof:0000000000000003/2@1 controller-assisted", after);
        assertTrue("the map changed several times: " + seen, seen.size() >= 4);
        for (String s : seen) {
            assertTrue("a mix was visible: " + s, s.equals(before) || s.equals(after));
        }
        assertTrue("the new entries were written before the swap", seen.contains(before));
        // OTHER grew by two nodes with the same settings and versions: a delta on its full entry.
        assertEquals(3, map.treeKeys().size());
    }

    @Test
    public void theOtherMemberHearsWhatChanged() {
        List<String> heard = new ArrayList<>();
        b.addListener(new HsdbaStoreListener() {
            @Override
            public void treeChanged(PortRef port, Optional<BandwidthTree> tree) {
                heard.add(port.port() + "=" + tree.map(t -> "v" + t.version()).orElse("gone"));
            }

            @Override
            public void parametersChanged(HsdbaParameters parameters) {
                heard.add(parameters.mode().jsonName());
            }
        });
        a.putTree(StoreTrees.tree(StoreTrees.PORT, 2, 1), 0);
        a.putTree(StoreTrees.tree(StoreTrees.OTHER, 1, 1), 0);
        a.replaceAll(List.of(StoreTrees.tree(StoreTrees.OTHER, 1, 1), StoreTrees.tree(THIRD, 2, 1)), ASSISTED);
        // PORT goes, OTHER is unchanged (same tree), THIRD is new.
        assertEquals(List.of("3=v1", "1=v1", "controller-assisted", "3=gone", "2=v1"), heard);
    }

    @Test
    public void aWriterThatLosesTheSwapToAnotherTreeRetriesAndBothWritesStay() {
        map.beforeNextSwap = () -> b.putTree(StoreTrees.tree(StoreTrees.OTHER, 1, 1), 0);
        a.putTree(StoreTrees.tree(StoreTrees.PORT, 2, 1), 0);
        assertEquals(1, a.tree(StoreTrees.OTHER).get().version());
        assertEquals(1, a.tree(StoreTrees.PORT).get().version());
        assertEquals("the loser's first entry was deleted", 2, map.treeKeys().size());
    }

    @Test
    public void aWriterThatLosesTheSwapOnTheSameTreeGetsAConflictAndChangesNothing() {
        BandwidthTree theirs = StoreTrees.tree(StoreTrees.PORT, 1, 1);
        map.beforeNextSwap = () -> b.putTree(theirs, 0);
        try {
            a.putTree(StoreTrees.tree(StoreTrees.PORT, 3, 1), 0);
            fail("both writers of version 1 won");
        } catch (VersionConflictException e) {
            assertEquals(1, e.currentVersion());
        }
        assertEquals(theirs, a.tree(StoreTrees.PORT).get());
        assertEquals(1, map.treeKeys().size());
    }

    @Test
    public void supersededEntriesAreDeletedAndNoOpWritesAreNotWritten() {
        a.putTree(StoreTrees.tree(StoreTrees.PORT, 1, 1), 0);
        a.putTree(StoreTrees.tree(StoreTrees.PORT, 2, 2).toBuilder().capacity(org.hsdba.model.Rate.parse("20G")).build(), 1);
        a.putTree(StoreTrees.tree(StoreTrees.OTHER, 1, 1), 0);
        a.removeTree(StoreTrees.OTHER, 1);
        assertEquals(1, map.treeKeys().size());
        assertEquals(2, DistributedHsdbaStore.versionOf(map.treeKeys().iterator().next()));
        long index = map.get(DistributedHsdbaStore.INDEX_KEY).version();
        a.setParameters(HsdbaParameters.DEFAULTS);
        a.replaceAll(a.trees(), HsdbaParameters.DEFAULTS);
        a.removeTree(StoreTrees.OTHER, 0);
        assertEquals(index, map.get(DistributedHsdbaStore.INDEX_KEY).version());
    }

    @Test
    public void openingDeletesEntriesOlderThanTheIndexedVersionOnly() {
        a.putTree(StoreTrees.tree(StoreTrees.PORT, 2, 2), 0);
        String stale = "tree/" + StoreTrees.PORT.deviceId() + "/3@1#0badf00d";
        String inFlight = "tree/" + StoreTrees.PORT.deviceId() + "/3@3#0c0ffee0";
        String otherPort = "tree/" + THIRD.deviceId() + "/2@1#01234567";
        String json = ConfigJson.treeToJson(StoreTrees.tree(StoreTrees.PORT, 1, 1)).toString();
        map.put(stale, json);
        map.put(inFlight, json);
        map.put(otherPort, json);
        new DistributedHsdbaStore(map, Runnable::run);
        assertFalse(map.treeKeys().contains(stale));
        assertTrue("another member may still swap it in", map.treeKeys().contains(inFlight));
        assertTrue("no tree indexed for that port: cannot tell", map.treeKeys().contains(otherPort));
    }

    @Test
    public void entryKeysNameTheirPortAndVersion() {
        String key = DistributedHsdbaStore.entryKey(StoreTrees.tree(StoreTrees.PORT, 1, 7));
        assertTrue(key, key.startsWith("tree/pof:0000000000000001/3@7#"));
        assertEquals(StoreTrees.PORT, DistributedHsdbaStore.portOf(key));
        assertEquals(7, DistributedHsdbaStore.versionOf(key));
        assertEquals(null, DistributedHsdbaStore.portOf("tree/pof:1/3"));
        assertEquals(-1, DistributedHsdbaStore.versionOf("parameters"));
    }

    @Test
    public void aBrokenTreeEntryIsReportedWithItsKey() {
        a.putTree(StoreTrees.tree(StoreTrees.PORT, 1, 1), 0);
        String key = map.treeKeys().iterator().next();
        map.inner().put(key, "{\"device\": 3}");
        DistributedHsdbaStore fresh;
        try {
            fresh = new DistributedHsdbaStore(map, Runnable::run);
            fail("a broken entry was read: " + fresh.trees());
        } catch (IllegalStateException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(key));
        }
    }

    /** A joined user under the tree's first level (one level: at the top). */
    /** {@code t} (stored) joined by {@code count} nodes, each written by {@code store} as its own change; the last tree. */
    private static BandwidthTree joinedInTurn(DistributedHsdbaStore store, BandwidthTree t, int count) {
        for (int i = 0; i < count; i++) {
            BandwidthTree next = joined(t, i);
            store.putTree(next, t.version());
            t = next;
        }
        return t;
    }

    private static BandwidthTree joined(BandwidthTree t, int i) {
        return t.toBuilder().addNode(org.hsdba.model.NodeSpec.builder("joined-" + i)
                .key(org.hsdba.model.MatchKey.exact(32, java.math.BigInteger.valueOf(0x0b000000L + i))).weight(1.0)
                .joined(true).build()).version(t.version() + 1).build();
    }

    @Test
    public void membershipChangesAreSmallDeltasThatAnotherMemberReadsAsTheSameTree() {
        BandwidthTree t = StoreTrees.tree(StoreTrees.PORT, 2000, 1).toBuilder().operatorVersion(1).generation(77).build();
        a.putTree(t, 0);
        java.util.Random rnd = new java.util.Random(5);
        for (int i = 0; i < 20; i++) {
            BandwidthTree next;
            if (i % 4 == 3) {
                // a prune of a random earlier join, or of a random declared user
                String id = t.node(rnd.nextInt(t.size())).id();
                next = org.hsdba.model.TreeEdit.deleteSubtree(id).applyTo(t);
            } else {
                next = joined(t, i);
            }
            a.putTree(next, t.version());
            t = next;
        }
        Set<String> keys = map.treeKeys();
        assertEquals("one full entry and its 20 deltas: " + keys, 21, keys.size());
        for (String k : keys) {
            if (k.startsWith(DistributedHsdbaStore.DELTA_PREFIX)) {
                int bytes = map.get(k).value().length();
                assertTrue(k + " is " + bytes + " characters", bytes < 400);
            }
        }
        DistributedHsdbaStore fresh = new DistributedHsdbaStore(map, Runnable::run);
        assertEquals(t, fresh.tree(StoreTrees.PORT).get());
        assertEquals(t, b.tree(StoreTrees.PORT).get());
        assertEquals(1, fresh.tree(StoreTrees.PORT).get().operatorVersion());
    }

    @Test
    public void aWriterKeepsTheDecodedTreesOfTheEntriesItsIndexNamesOnly() {
        BandwidthTree t = StoreTrees.tree(StoreTrees.PORT, 10, 1);
        a.putTree(t, 0);
        a.putTree(StoreTrees.tree(StoreTrees.OTHER, 2, 1), 0);
        for (int i = 0; i < 3 * (DistributedHsdbaStore.MAX_DELTAS + 1) + 5; i++) {
            BandwidthTree next = joined(t, i);
            a.putTree(next, t.version());
            t = next;
            // superseded entries are deleted at once here (the store's thread runs inline)
            assertTrue("join " + i, map.treeKeys().containsAll(a.cachedEntries()));
        }
        assertEquals(map.treeKeys(), a.cachedEntries());
        a.removeTree(StoreTrees.OTHER, 1);
        assertEquals(map.treeKeys(), a.cachedEntries());
        assertTrue(a.cachedEntries().stream().noneMatch(k -> StoreTrees.OTHER.equals(DistributedHsdbaStore.portOf(k))));
    }

    @Test
    public void aFullEntryIsTheTreesConfigText() {
        BandwidthTree t = StoreTrees.tree(StoreTrees.PORT, 5, 1).toBuilder()
                .addNode(org.hsdba.model.NodeSpec.builder("odd:id_1.x-y").template(true).weight(2.5)
                        .guaranteed(org.hsdba.model.Rate.parse("1.5M")).peak(org.hsdba.model.Rate.parse("1G")).build())
                .addNode(org.hsdba.model.NodeSpec.builder("masked").key(org.hsdba.model.MatchKey.parse("0x0a000000",
                        "0xff00ff00", 32)).weight(1e-3).pinned(true).build())
                .build();
        a.putTree(t, 0);
        assertEquals(ConfigJson.treeToJson(t).toString(), fullEntryText());
        // the full entry after MAX_DELTAS joins: the nodes joined since are new to the writer's text
        t = joinedInTurn(a, t, DistributedHsdbaStore.MAX_DELTAS + 1);
        assertEquals(ConfigJson.treeToJson(t).toString(), fullEntryText());
    }

    private String fullEntryText() {
        List<String> full = map.treeKeys().stream().filter(k -> k.startsWith(DistributedHsdbaStore.TREE_PREFIX))
                .collect(Collectors.toList());
        assertEquals(full.toString(), 1, full.size());
        return map.get(full.get(0)).value();
    }

    @Test
    public void afterManyDeltasOrAnOperatorChangeTheTreeIsWrittenInFullAgain() {
        BandwidthTree t = StoreTrees.tree(StoreTrees.PORT, 10, 1);
        a.putTree(t, 0);
        t = joinedInTurn(a, t, DistributedHsdbaStore.MAX_DELTAS + 1);
        assertEquals("the 65th membership change is a full entry; the deltas went", 1, map.treeKeys().size());
        BandwidthTree joinedOnce = joined(t, 1000);
        a.putTree(joinedOnce, t.version());
        assertEquals(2, map.treeKeys().size());
        BandwidthTree operators = joinedOnce.toBuilder().operatorVersion(2).version(joinedOnce.version() + 1).build();
        a.putTree(operators, joinedOnce.version());
        assertEquals(1, map.treeKeys().size());
        assertTrue(map.treeKeys().iterator().next().startsWith(DistributedHsdbaStore.TREE_PREFIX));
        assertEquals(operators, new DistributedHsdbaStore(map, Runnable::run).tree(StoreTrees.PORT).get());
    }

    /** Index swaps a store made: one per write unless it lost a race. */
    private static final class CountingMap extends SharedMap {
        int swaps;

        @Override
        public boolean replace(String key, long version, String value) {
            if (key.equals(DistributedHsdbaStore.INDEX_KEY)) {
                swaps++;
            }
            return super.replace(key, version, value);
        }
    }

    @Test
    public void aWriterBuildsOnItsOwnWriteWithOneSwapEachAndStillSeesTheOtherMembers() {
        CountingMap counted = new CountingMap();
        DistributedHsdbaStore writer = new DistributedHsdbaStore(counted, Runnable::run);
        DistributedHsdbaStore other = new DistributedHsdbaStore(counted, Runnable::run);
        BandwidthTree t = StoreTrees.tree(StoreTrees.PORT, 3, 1);
        writer.putTree(t, 0);
        t = joinedInTurn(writer, t, 5);
        // the index version the writer's own snapshot lacked was learned from the map, not by losing a swap
        assertEquals(5, counted.swaps);
        assertEquals(t, writer.tree(StoreTrees.PORT).get());
        other.putTree(StoreTrees.tree(StoreTrees.OTHER, 1, 1), 0);
        assertEquals(1, writer.tree(StoreTrees.OTHER).get().version());
        writer.putTree(joined(t, 99), t.version());
        assertEquals(7, counted.swaps);
        assertEquals(joined(t, 99), other.tree(StoreTrees.PORT).get());
    }

    @Test
    public void anIndexWrittenAgainWithTheSameTextByAnotherMemberIsReadWithItsNewVersion() {
        HsdbaParameters first = HsdbaParameters.DEFAULTS.toBuilder().joinBurst(7).build();
        HsdbaParameters second = HsdbaParameters.DEFAULTS.toBuilder().joinBurst(8).build();
        // a member that hears nothing: it reads only when asked
        DistributedHsdbaStore deaf = new DistributedHsdbaStore(map, r -> { });
        deaf.setParameters(first);
        b.setParameters(second);
        b.setParameters(first); // the same index text as deaf's own write, at a newer version
        assertEquals(first, deaf.parameters());
        deaf.setParameters(second);
        assertEquals(second, b.parameters());
        assertEquals(second, deaf.parameters());
    }

    @Test
    public void supersededEntriesAreDeletedOnTheStoresThreadAfterTheWriteReturned() {
        List<Runnable> queued = new ArrayList<>();
        DistributedHsdbaStore writer = new DistributedHsdbaStore(map, queued::add);
        BandwidthTree t = StoreTrees.tree(StoreTrees.PORT, 10, 1);
        writer.putTree(t, 0);
        t = joinedInTurn(writer, t, DistributedHsdbaStore.MAX_DELTAS);
        queued.clear(); // events of the writes so far (no listeners)
        assertEquals(1 + DistributedHsdbaStore.MAX_DELTAS, map.treeKeys().size());
        BandwidthTree full = joined(t, 1000);
        writer.putTree(full, t.version()); // past MAX_DELTAS: a full entry, the chain superseded
        assertEquals("written and swapped; nothing deleted yet", 2 + DistributedHsdbaStore.MAX_DELTAS,
                map.treeKeys().size());
        assertEquals(full, b.tree(StoreTrees.PORT).get());
        new ArrayList<>(queued).forEach(Runnable::run);
        assertEquals(1, map.treeKeys().size());
        assertTrue(map.treeKeys().iterator().next().startsWith(DistributedHsdbaStore.TREE_PREFIX));
        assertEquals(full, new DistributedHsdbaStore(map, Runnable::run).tree(StoreTrees.PORT).get());
    }

    @Test
    public void theIndexIsTheJsonOfItsParametersAndEntriesAndFollowsAParameterChange() throws Exception {
        HsdbaParameters first = HsdbaParameters.DEFAULTS.toBuilder().joinBurst(7).build();
        HsdbaParameters second = HsdbaParameters.DEFAULTS.toBuilder().joinBurst(8).build();
        a.setParameters(first);
        BandwidthTree t = StoreTrees.tree(StoreTrees.PORT, 3, 1);
        a.putTree(t, 0);
        t = joinedInTurn(a, t, 2);
        assertIndex(first, 2);
        a.setParameters(second); // the parameters' text is kept between writes: not the old one here
        assertIndex(second, 2);
        assertEquals(second, new DistributedHsdbaStore(map, Runnable::run).parameters());
        assertEquals(t, b.tree(StoreTrees.PORT).get());
    }

    /** The map's index, parsed, is exactly the parameters, the one full entry and its deltas in revision order. */
    private void assertIndex(HsdbaParameters parameters, int deltas) throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        List<String> keys = new ArrayList<>(map.treeKeys());
        keys.sort(java.util.Comparator.comparingLong(DistributedHsdbaStore::versionOf));
        String full = keys.get(0);
        assertTrue(full, full.startsWith(DistributedHsdbaStore.TREE_PREFIX));
        assertEquals(1 + deltas, keys.size());
        com.fasterxml.jackson.databind.node.ObjectNode expected = mapper.createObjectNode();
        expected.set("parameters", ParametersJson.toJson(parameters));
        expected.putArray("trees").add(full);
        com.fasterxml.jackson.databind.node.ArrayNode d = expected.putObject("deltas").putArray(full);
        keys.subList(1, keys.size()).forEach(d::add);
        assertEquals(mapper.readTree(expected.toString()), // numbers as read
                mapper.readTree(map.get(DistributedHsdbaStore.INDEX_KEY).value()));
    }

    /** The index text for the map's entries as Jackson writes it: per port in order, its full entry, then its deltas by version. */
    private String expectedIndex(HsdbaParameters parameters) {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        java.util.TreeMap<PortRef, List<String>> chains = new java.util.TreeMap<>();
        for (String k : map.treeKeys()) {
            chains.computeIfAbsent(DistributedHsdbaStore.portOf(k), p -> new ArrayList<>()).add(k);
        }
        com.fasterxml.jackson.databind.node.ObjectNode expected = mapper.createObjectNode();
        expected.set("parameters", ParametersJson.toJson(parameters));
        com.fasterxml.jackson.databind.node.ArrayNode trees = expected.putArray("trees");
        com.fasterxml.jackson.databind.node.ObjectNode deltas = mapper.createObjectNode();
        for (List<String> chain : chains.values()) {
            chain.sort(java.util.Comparator.comparingLong(DistributedHsdbaStore::versionOf));
            assertTrue(chain.toString(), chain.get(0).startsWith(DistributedHsdbaStore.TREE_PREFIX));
            trees.add(chain.get(0));
            if (chain.size() > 1) {
                com.fasterxml.jackson.databind.node.ArrayNode d = deltas.putArray(chain.get(0));
                chain.subList(1, chain.size()).forEach(d::add);
            }
        }
        if (deltas.size() > 0) {
            expected.set("deltas", deltas);
        }
        return expected.toString();
    }

    @Test
    public void theIndexTextFollowsEveryChainThroughJoinsFullRewritesRemovalsAndBothMembers() {
        java.util.Random rnd = new java.util.Random(23);
        List<PortRef> ports = List.of(StoreTrees.PORT, StoreTrees.OTHER, THIRD);
        java.util.Map<PortRef, BandwidthTree> trees = new java.util.HashMap<>();
        for (int step = 0; step < 400; step++) {
            PortRef port = ports.get(rnd.nextInt(ports.size()));
            DistributedHsdbaStore writer = rnd.nextInt(4) == 0 ? b : a;
            BandwidthTree t = trees.get(port);
            int op = rnd.nextInt(40);
            if (t == null) {
                t = StoreTrees.tree(port, 2, 1);
                writer.putTree(t, 0);
            } else if (op == 0) {
                writer.removeTree(port, t.version());
                t = null;
            } else if (op == 1) {
                BandwidthTree next = t.toBuilder().operatorVersion(t.operatorVersion() + 1).version(t.version() + 1).build();
                writer.putTree(next, t.version());
                t = next;
            } else {
                BandwidthTree next = joined(t, step);
                writer.putTree(next, t.version());
                t = next;
            }
            if (t == null) {
                trees.remove(port);
            } else {
                trees.put(port, t);
            }
            assertEquals("step " + step, expectedIndex(HsdbaParameters.DEFAULTS),
                    map.get(DistributedHsdbaStore.INDEX_KEY).value());
        }
        DistributedHsdbaStore fresh = new DistributedHsdbaStore(map, Runnable::run);
        for (PortRef port : ports) {
            assertEquals(Optional.ofNullable(trees.get(port)), fresh.tree(port));
        }
    }

    @Test
    public void onlyIndexChangesReachTheStoresThreadAndThoseWaitingThereAreReadTogether() {
        List<Runnable> queued = new ArrayList<>();
        DistributedHsdbaStore member = new DistributedHsdbaStore(map, queued::add);
        List<String> heard = heard(member);
        BandwidthTree t = StoreTrees.tree(StoreTrees.PORT, 3, 1);
        a.putTree(t, 0); // a tree entry and the index: one task
        assertEquals(1, queued.size());
        BandwidthTree next = joined(t, 1);
        a.putTree(next, t.version()); // a delta entry and the index again, while the first task waits
        assertEquals("the second change is read by the waiting task", 1, queued.size());
        queued.remove(0).run();
        assertEquals(List.of("v" + next.version()), heard);
        BandwidthTree third = joined(next, 2);
        a.putTree(third, next.version());
        assertEquals("a change after the read queues again", 1, queued.size());
        queued.remove(0).run();
        assertEquals(List.of("v" + next.version(), "v" + third.version()), heard);
    }

    @Test
    public void anInstancesOwnSwapIsToldWithoutItsThreadUnlessAChangeWaitsThere() {
        List<Runnable> queued = new ArrayList<>();
        DistributedHsdbaStore writer = new DistributedHsdbaStore(map, queued::add);
        List<String> heard = heard(writer);
        BandwidthTree t = StoreTrees.tree(StoreTrees.PORT, 3, 1);
        writer.putTree(t, 0);
        BandwidthTree next = joined(t, 1);
        writer.putTree(next, t.version());
        assertEquals("told during its own writes", List.of("v" + t.version(), "v" + next.version()), heard);
        assertEquals("the store's thread was not needed", List.of(), queued);

        b.putTree(StoreTrees.tree(StoreTrees.OTHER, 1, 1), 0); // another member's change: queued
        assertEquals(1, queued.size());
        BandwidthTree third = joined(next, 2);
        writer.putTree(third, next.version()); // left to the waiting task, which reads both in order
        assertEquals(List.of("v" + t.version(), "v" + next.version()), heard);
        queued.remove(0).run();
        // by port: PORT (pof:...1) before OTHER (pof:...2)
        assertEquals(List.of("v" + t.version(), "v" + next.version(), "v" + third.version(), "v1"), heard);
        assertEquals(List.of(), queued);
    }

    @Test
    public void ownSwapsToldFromEventsThatComeAfterTheWriteAndNeverOlderAfterNewer() {
        // A map that delivers its events only when told to (as Atomix does, after the write returned).
        List<Runnable> delivered = new ArrayList<>();
        SharedMap later = new SharedMap() {
            @Override
            public void addListener(org.onosproject.store.service.MapEventListener<String, String> listener,
                                    java.util.concurrent.Executor executor) {
                super.addListener(listener, r -> delivered.add(() -> executor.execute(r)));
            }
        };
        List<Runnable> queued = new ArrayList<>();
        DistributedHsdbaStore writer = new DistributedHsdbaStore(later, queued::add);
        List<String> heard = heard(writer);
        BandwidthTree t = StoreTrees.tree(StoreTrees.PORT, 3, 1);
        writer.putTree(t, 0);
        List<Runnable> first = new ArrayList<>(delivered);
        delivered.clear();
        first.forEach(Runnable::run);
        assertEquals("told from the event after the write returned", List.of("v" + t.version()), heard);
        assertEquals(List.of(), queued);

        BandwidthTree second = joined(t, 1);
        writer.putTree(second, t.version());
        List<Runnable> older = new ArrayList<>(delivered);
        delivered.clear();
        BandwidthTree third = joined(second, 2);
        writer.putTree(third, second.version());
        new ArrayList<>(delivered).forEach(Runnable::run); // the newer swap's events first
        assertEquals(List.of("v" + t.version(), "v" + third.version()), heard);
        older.forEach(Runnable::run); // then the older one's: not this instance's last swap, so read on its thread
        new ArrayList<>(queued).forEach(Runnable::run);
        assertEquals("nothing older after the newer", List.of("v" + t.version(), "v" + third.version()), heard);
    }

    /** What {@code store} tells its listeners, in order: "v<version>" or "gone" per tree, "parameters". */
    private static List<String> heard(DistributedHsdbaStore store) {
        List<String> heard = new ArrayList<>();
        store.addListener(new HsdbaStoreListener() {
            @Override
            public void treeChanged(PortRef port, Optional<BandwidthTree> tree) {
                heard.add(tree.map(t -> "v" + t.version()).orElse("gone"));
            }

            @Override
            public void parametersChanged(HsdbaParameters parameters) {
                heard.add("parameters");
            }
        });
        return heard;
    }
}
