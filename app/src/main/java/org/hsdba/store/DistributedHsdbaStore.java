package org.hsdba.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.hsdba.model.json.ConfigJson;
import org.hsdba.model.json.TreeText;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster store: an ONOS {@link ConsistentMap} of JSON strings shared by every ONOS instance.
 *
 * <p>Layout: one immutable entry per tree version, {@code tree/<device>/<port>@<version>#<nonce>}
 * (the tree's {@code hsdba/1} JSON), and one small {@value #INDEX_KEY} entry that names the
 * current entry of every tree and holds the parameters ({@link ParametersJson}):
 * {@code {"parameters": {...}, "trees": ["tree/pof:1/3@7#5f0c2a91", ...]}}. The index is the
 * only mutable entry, so every write, an import of many trees included, becomes visible with one
 * compare-and-set of the index on its map version: a member sees the old configuration or the
 * new one, never a mix. A write first adds the new tree entries (unique keys: the nonce keeps
 * racing writers apart), then swaps the index, then deletes the entries it superseded; if the
 * swap loses a race it deletes its entries and retries on the new index, where the tree-version
 * check may turn the retry into a {@link VersionConflictException}. Trees stay separate entries
 * so that one write costs one tree and no entry grows with the whole configuration.
 *
 * <p>Listeners: on each index change this instance reads the current index and tells what
 * differs from what it told last (changes that follow each other quickly may arrive merged; a
 * write that changes nothing is not written). Decoded trees are cached by entry key (entries never
 * change), so a read costs one map call and no JSON parsing unless something changed.
 *
 * <p>An entry left by a member that died between writing it and swapping the index is never
 * read; entries older than the indexed version of their port are deleted when the store opens.
 */
public final class DistributedHsdbaStore implements HsdbaStore {

    public static final String MAP_NAME = "org.hsdba.config";
    static final String INDEX_KEY = "index";
    static final String TREE_PREFIX = "tree/";
    private static final int WRITE_RETRIES = 20;
    private static final int READ_RETRIES = 5;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Logger LOG = LoggerFactory.getLogger(DistributedHsdbaStore.class);

    private final ConsistentMap<String, String> map;
    private final List<HsdbaStoreListener> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, BandwidthTree> treeCache = new ConcurrentHashMap<>();
    /** Encodes a written tree re-using the text of the nodes it shares with the tree written before (guarded by itself). */
    private final TreeText treeText = new TreeText();
    private final MapEventListener<String, String> mapListener = this::onMapEvent;
    private final Object announceLock = new Object();
    private volatile Snapshot cached = Snapshot.EMPTY;
    /** What the listeners were last told; guarded by {@link #announceLock}. */
    private Snapshot announced;

    /** One version of the index, with its trees decoded. */
    private static final class Snapshot {
        static final Snapshot EMPTY = new Snapshot(-1, HsdbaParameters.DEFAULTS, Map.of(), Map.of());

        /** The index's map version; -1 when there is no index yet. */
        final long indexVersion;
        final HsdbaParameters parameters;
        final Map<PortRef, String> entries;
        final Map<PortRef, BandwidthTree> trees;

        Snapshot(long indexVersion, HsdbaParameters parameters, Map<PortRef, String> entries,
                 Map<PortRef, BandwidthTree> trees) {
            this.indexVersion = indexVersion;
            this.parameters = parameters;
            this.entries = entries;
            this.trees = trees;
        }
    }

    /** What a write changes: the parameters after it, trees to store, ports whose tree goes. */
    private static final class Plan {
        final HsdbaParameters parameters;
        final List<BandwidthTree> puts;
        final Set<PortRef> removes;

        Plan(HsdbaParameters parameters, List<BandwidthTree> puts, Set<PortRef> removes) {
            this.parameters = parameters;
            this.puts = puts;
            this.removes = removes;
        }
    }

    DistributedHsdbaStore(ConsistentMap<String, String> map) {
        this.map = Objects.requireNonNull(map, "map");
        Snapshot start = snapshot();
        collectGarbage(start);
        synchronized (announceLock) {
            announced = start;
        }
        map.addListener(mapListener);
    }

    /** Opens the map {@value #MAP_NAME} (created on first use) with ONOS's API serializer. */
    public static DistributedHsdbaStore create(StorageService storage) {
        ConsistentMap<String, String> map = storage.<String, String>consistentMapBuilder().withName(MAP_NAME)
                .withSerializer(Serializer.using(KryoNamespaces.API)).build();
        return new DistributedHsdbaStore(map);
    }

    /** Stops listening to the map. */
    public void close() {
        map.removeListener(mapListener);
    }

    // ------------------------------------------------------------------ entry keys

    /** A fresh entry key for this tree version. */
    static String entryKey(BandwidthTree tree) {
        String nonce = String.format("%08x", ThreadLocalRandom.current().nextInt());
        return TREE_PREFIX + tree.port().deviceId() + "/" + tree.port().port() + "@" + tree.version() + "#" + nonce;
    }

    /** The port of an entry key, or null if the key is not one of ours. */
    static PortRef portOf(String key) {
        int at = key.lastIndexOf('@');
        int slash = at < 0 ? -1 : key.lastIndexOf('/', at);
        if (!key.startsWith(TREE_PREFIX) || slash <= TREE_PREFIX.length()) {
            return null;
        }
        try {
            return PortRef.of(key.substring(TREE_PREFIX.length(), slash), Long.parseLong(key.substring(slash + 1, at)));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The tree version of an entry key, or -1 if the key is not one of ours. */
    static long versionOf(String key) {
        int at = key.lastIndexOf('@');
        int hash = key.lastIndexOf('#');
        if (at < 0 || hash < at) {
            return -1;
        }
        try {
            return Long.parseLong(key.substring(at + 1, hash));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    // ------------------------------------------------------------------ reading

    /** The current index with its trees, consistent: every tree is the one that index names. */
    private Snapshot snapshot() {
        for (int attempt = 0; ; attempt++) {
            Versioned<String> index = map.get(INDEX_KEY);
            if (index == null) {
                return Snapshot.EMPTY;
            }
            Snapshot s = cached;
            if (s.indexVersion == index.version()) {
                return s;
            }
            Snapshot loaded = load(index);
            if (loaded != null) {
                cached = loaded;
                treeCache.keySet().retainAll(new HashSet<>(loaded.entries.values()));
                return loaded;
            }
            // A tree entry it names was deleted: a newer index superseded it meanwhile.
            if (attempt >= READ_RETRIES) {
                throw new IllegalStateException("the hsdba configuration index names tree entries that are missing"
                        + " and keeps changing; tried " + (attempt + 1) + " times");
            }
        }
    }

    /** Decodes an index and its trees; null if one of its entries is gone. */
    private Snapshot load(Versioned<String> index) {
        JsonNode json;
        try {
            json = MAPPER.readTree(index.value());
        } catch (IOException e) {
            throw new IllegalStateException("stored hsdba index does not read: " + e.getMessage(), e);
        }
        HsdbaParameters parameters;
        try {
            parameters = ParametersJson.fromJson(json.path("parameters"), HsdbaParameters.DEFAULTS);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("stored parameters do not read: " + e.getMessage(), e);
        }
        Map<PortRef, String> entries = new TreeMap<>();
        Map<PortRef, BandwidthTree> trees = new TreeMap<>();
        for (JsonNode k : json.path("trees")) {
            String key = k.asText();
            PortRef port = portOf(key);
            if (port == null || versionOf(key) < 0) {
                throw new IllegalStateException("stored hsdba index names \"" + key + "\", which is not a tree entry");
            }
            BandwidthTree tree = tree(key);
            if (tree == null) {
                return null;
            }
            entries.put(port, key);
            trees.put(port, tree);
        }
        return new Snapshot(index.version(), parameters, entries, trees);
    }

    /** The tree of an entry, from the cache or the map; null if the entry is gone. */
    private BandwidthTree tree(String key) {
        BandwidthTree t = treeCache.get(key);
        if (t != null) {
            return t;
        }
        Versioned<String> v = map.get(key);
        if (v == null) {
            return null;
        }
        try {
            t = ConfigJson.treeFromJson(MAPPER.readTree(v.value()));
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException("stored tree " + key + " does not read: " + e.getMessage(), e);
        }
        if (!t.port().equals(portOf(key)) || t.version() != versionOf(key)) {
            throw new IllegalStateException("stored tree " + key + " holds version " + t.version() + " of " + t.port());
        }
        treeCache.put(key, t);
        return t;
    }

    @Override
    public List<BandwidthTree> trees() {
        return List.copyOf(snapshot().trees.values());
    }

    @Override
    public Optional<BandwidthTree> tree(PortRef port) {
        return Optional.ofNullable(snapshot().trees.get(port));
    }

    @Override
    public HsdbaParameters parameters() {
        return snapshot().parameters;
    }

    // ------------------------------------------------------------------ writing

    @Override
    public void putTree(BandwidthTree tree, long expectedVersion) {
        Objects.requireNonNull(tree, "tree");
        commit(s -> {
            checkVersion(s, tree.port(), expectedVersion);
            return new Plan(s.parameters, List.of(tree), Set.of());
        });
    }

    @Override
    public void removeTree(PortRef port, long expectedVersion) {
        commit(s -> {
            checkVersion(s, port, expectedVersion);
            return s.trees.containsKey(port) ? new Plan(s.parameters, List.of(), Set.of(port)) : null;
        });
    }

    private static void checkVersion(Snapshot s, PortRef port, long expected) {
        BandwidthTree current = s.trees.get(port);
        long version = current == null ? 0 : current.version();
        if (version != expected) {
            throw new VersionConflictException(port, expected, version);
        }
    }

    @Override
    public void setParameters(HsdbaParameters parameters) {
        Objects.requireNonNull(parameters, "parameters");
        commit(s -> s.parameters.equals(parameters) ? null : new Plan(parameters, List.of(), Set.of()));
    }

    @Override
    public void replaceAll(List<BandwidthTree> trees, HsdbaParameters parameters) {
        Objects.requireNonNull(parameters, "parameters");
        Map<PortRef, BandwidthTree> next = new TreeMap<>();
        for (BandwidthTree t : trees) {
            if (next.put(t.port(), t) != null) {
                throw new IllegalArgumentException("two trees for " + t.port());
            }
        }
        commit(s -> {
            List<BandwidthTree> puts = new ArrayList<>();
            for (BandwidthTree t : next.values()) {
                if (!t.equals(s.trees.get(t.port()))) {
                    puts.add(t);
                }
            }
            Set<PortRef> removes = new TreeSet<>(s.trees.keySet());
            removes.removeAll(next.keySet());
            boolean nothing = puts.isEmpty() && removes.isEmpty() && s.parameters.equals(parameters);
            return nothing ? null : new Plan(parameters, puts, removes);
        });
    }

    /**
     * Applies a change to the current snapshot: new entries, then the index swap, then the
     * superseded entries go. {@code change} returns null for "nothing to write" and may throw to
     * refuse; it is called again on the new index if another writer got there first.
     */
    private void commit(Function<Snapshot, Plan> change) {
        for (int attempt = 0; ; attempt++) {
            Snapshot current = snapshot();
            Plan plan = change.apply(current);
            if (plan == null) {
                return;
            }
            Map<PortRef, String> entries = new TreeMap<>(current.entries);
            List<String> written = new ArrayList<>();
            for (BandwidthTree t : plan.puts) {
                String key = entryKey(t);
                treeCache.put(key, t);
                String text;
                synchronized (treeText) {
                    text = treeText.write(t);
                }
                map.put(key, text);
                written.add(key);
                entries.put(t.port(), key);
            }
            plan.removes.forEach(entries::remove);
            synchronized (treeText) {
                plan.removes.forEach(treeText::forget);
            }
            String index = encodeIndex(plan.parameters, entries.values());
            boolean swapped = current.indexVersion < 0 ? map.putIfAbsent(INDEX_KEY, index) == null
                    : map.replace(INDEX_KEY, current.indexVersion, index);
            if (swapped) {
                Set<String> live = new HashSet<>(entries.values());
                for (String old : current.entries.values()) {
                    if (!live.contains(old)) {
                        map.remove(old);
                    }
                }
                return;
            }
            for (String key : written) {
                map.remove(key);
                treeCache.remove(key);
            }
            if (attempt >= WRITE_RETRIES) {
                throw new IllegalStateException("the hsdba configuration changed under " + (attempt + 1)
                        + " attempts of one write; giving up");
            }
        }
    }

    private static String encodeIndex(HsdbaParameters parameters, Collection<String> entries) {
        ObjectNode o = MAPPER.createObjectNode();
        o.set("parameters", ParametersJson.toJson(parameters));
        ArrayNode trees = o.putArray("trees");
        entries.forEach(trees::add);
        return o.toString();
    }

    /** Deletes tree entries older than the indexed version of their port (left by members that died mid-write). */
    private void collectGarbage(Snapshot s) {
        Set<String> live = new HashSet<>(s.entries.values());
        for (String key : new ArrayList<>(map.keySet())) {
            PortRef port = portOf(key);
            String indexed = port == null ? null : s.entries.get(port);
            if (indexed != null && !live.contains(key) && versionOf(key) >= 0 && versionOf(key) <= versionOf(indexed)) {
                map.remove(key);
            }
        }
    }

    // ------------------------------------------------------------------ listeners

    @Override
    public void addListener(HsdbaStoreListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    @Override
    public void removeListener(HsdbaStoreListener listener) {
        listeners.remove(listener);
    }

    private void onMapEvent(MapEvent<String, String> event) {
        if (!event.key().equals(INDEX_KEY)) {
            return;
        }
        synchronized (announceLock) {
            Snapshot now;
            try {
                now = snapshot();
            } catch (IllegalStateException e) {
                LOG.error("hsdba configuration change not applied: {}", e.getMessage());
                return;
            }
            Snapshot before = announced;
            announced = now;
            if (!now.parameters.equals(before.parameters)) {
                listeners.forEach(l -> l.parametersChanged(now.parameters));
            }
            Set<PortRef> ports = new TreeSet<>(before.entries.keySet());
            ports.addAll(now.entries.keySet());
            for (PortRef port : ports) {
                if (!Objects.equals(before.entries.get(port), now.entries.get(port))) {
                    Optional<BandwidthTree> tree = Optional.ofNullable(now.trees.get(port));
                    listeners.forEach(l -> l.treeChanged(port, tree));
                }
            }
        }
    }
}
