package org.hsdba.store;

import java.io.IOException;
import java.util.ArrayList;
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
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.hsdba.model.json.ConfigJson;
import org.hsdba.model.json.JsonWriter;
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
 * <p>Layout: one immutable entry per full tree write, {@code tree/<device>/<port>@<revision>#<nonce>}
 * (the tree's {@code hsdba/1} JSON); one small immutable entry per membership change (joins,
 * prunes: {@link TreeDelta}), {@code delta/<device>/<port>@<revision>#<nonce>}, so that a join
 * never rewrites the operator's tree; and one small {@value #INDEX_KEY} entry that names, per
 * port, the full entry and the deltas on top of it, and holds the parameters
 * ({@link ParametersJson}): {@code {"parameters": {...}, "trees": ["tree/pof:1/3@7#5f0c2a91", ...],
 * "deltas": {"tree/pof:1/3@7#5f0c2a91": ["delta/pof:1/3@8#0c1d2e3f", ...]}}}. After
 * {@value #MAX_DELTAS} deltas (or any other change: an operator write) the next write of the
 * port is a full entry again. The index is the
 * only mutable entry, so every write, an import of many trees included, becomes visible with one
 * compare-and-set of the index on its map version: a member sees the old configuration or the
 * new one, never a mix. A write first adds the new tree entries (unique keys: the nonce keeps
 * racing writers apart), then swaps the index, then has the entries it superseded deleted on the
 * store's event thread (off the writer's path: the write is complete with the swap); if the
 * swap loses a race it deletes its entries and retries on the new index, where the tree-version
 * check may turn the retry into a {@link VersionConflictException}. Trees stay separate entries
 * so that one write costs one tree and no entry grows with the whole configuration.
 *
 * <p>Listeners: on each index change this instance reads the current index and tells what
 * differs from what it told last (changes that follow each other quickly may arrive merged; a
 * write that changes nothing is not written); its own swaps are told from their event, without a
 * read ({@link #onMapEvent}). Decoded trees are cached by entry key (entries never
 * change), so a read costs one map call and no JSON parsing unless something changed.
 *
 * <p>An entry left by a member that died between writing it and swapping the index is never
 * read; entries older than the indexed version of their port are deleted when the store opens.
 */
public final class DistributedHsdbaStore implements HsdbaStore {

    public static final String MAP_NAME = "org.hsdba.config";
    static final String INDEX_KEY = "index";
    static final String TREE_PREFIX = "tree/";
    static final String DELTA_PREFIX = "delta/";
    /** Deltas on one full entry before the next write is a full entry again (reading a port costs at most this many). */
    static final int MAX_DELTAS = 64;
    /** A change of more nodes than this is written in full. */
    static final int MAX_DELTA_NODES = 64;
    private static final int WRITE_RETRIES = 20;
    private static final int READ_RETRIES = 5;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Logger LOG = LoggerFactory.getLogger(DistributedHsdbaStore.class);

    private final ConsistentMap<String, String> map;
    private final List<HsdbaStoreListener> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, BandwidthTree> treeCache = new ConcurrentHashMap<>();
    /**
     * Encodes a written tree re-using the text of the nodes it shares with the tree written before
     * (guarded by itself); new nodes (up to {@value #MAX_DELTAS} joined since the last full entry)
     * are written as a delta's are, without a Jackson object each.
     */
    private final TreeText treeText = new TreeText(n -> Json.node(new StringBuilder(128), n).toString());
    /**
     * Runs where the map delivers its events (in ONOS an Atomix thread: it must not block) and
     * only picks the index's changes, handing them to the store's thread: the tree and delta
     * entries' events (one per join) wake no thread, and changes that come while one is waiting
     * are read together by it.
     */
    private final MapEventListener<String, String> mapListener = this::onMapEvent;
    /** An index change is queued on the store's thread and has not started reading the index yet. */
    private final AtomicBoolean indexChangeQueued = new AtomicBoolean();
    /** The store's thread: handles index changes, and deletes superseded entries after the write that superseded them returned. */
    private final Executor events;
    /** Held while listeners are told (a change read on the store's thread, or this instance's own swap). */
    private final ReentrantLock announceLock = new ReentrantLock();
    private volatile Snapshot cached = Snapshot.EMPTY;
    /** The event thread {@link #open} made, shut down by {@link #close}; null for an executor the caller gave. */
    private final ExecutorService ownExecutor;
    /** What the listeners were last told; guarded by {@link #announceLock}. */
    private Snapshot announced;
    /**
     * The snapshot this instance swapped in last (or is swapping in; null before its first write).
     * An index event whose text is this snapshot's names the same entries, whose trees are here.
     */
    private volatile Snapshot lastSwap;
    /**
     * The text of the parameters last written into an index, with them (null: none yet): the
     * parameters change rarely and every join writes the index, so their JSON is encoded once.
     */
    private volatile ParametersText parametersText;

    /**
     * Per port, its chain as last encoded into an index with the text of its deltas' keys there
     * ({@link #deltasText}); a port's entry goes with its tree.
     */
    private final Map<PortRef, ChainText> deltasText = new ConcurrentHashMap<>();

    /** A chain of entry keys and the JSON text of its deltas' keys in the index. */
    private static final class ChainText {
        final List<String> chain;
        final String text;

        ChainText(List<String> chain, String text) {
            this.chain = chain;
            this.text = text;
        }
    }

    /** Parameters with the JSON text they were written as. */
    private static final class ParametersText {
        final HsdbaParameters parameters;
        final String text;

        ParametersText(HsdbaParameters parameters, String text) {
            this.parameters = parameters;
            this.text = text;
        }
    }

    /** One version of the index, with its trees decoded. */
    private static final class Snapshot {
        static final Snapshot EMPTY = new Snapshot(-1, null, HsdbaParameters.DEFAULTS, Map.of(), Map.of());

        /** The index's map version; -1 when there is no index yet, {@link #WRITTEN} for this instance's own write. */
        final long indexVersion;
        /** The index's text (null: no index); a read that finds the same text has found this snapshot. */
        final String indexText;
        final HsdbaParameters parameters;
        /** Per port: its full entry, then its deltas in order. */
        final Map<PortRef, List<String>> entries;
        final Map<PortRef, BandwidthTree> trees;

        Snapshot(long indexVersion, String indexText, HsdbaParameters parameters, Map<PortRef, List<String>> entries,
                 Map<PortRef, BandwidthTree> trees) {
            this.indexVersion = indexVersion;
            this.indexText = indexText;
            this.parameters = parameters;
            this.entries = entries;
            this.trees = trees;
        }

        Snapshot withVersion(long version) {
            return new Snapshot(version, indexText, parameters, entries, trees);
        }
    }

    /**
     * The index version of a snapshot this instance wrote: the map's compare-and-set does not
     * return the version it made, so the next read learns it by finding the same index text.
     */
    private static final long WRITTEN = -2;

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

    /**
     * A store on {@code map} whose map events are handled on {@code events}, which also deletes
     * the entries a write superseded once the write has returned. Handling an event reads
     * the map (blocking calls), so it must not run on the thread that delivers the event: in ONOS
     * that is a Raft partition thread of Atomix, and a blocking read of a key of that same partition
     * waits for the thread it blocks, until the map's operation timeout.
     */
    DistributedHsdbaStore(ConsistentMap<String, String> map, Executor events) {
        this(map, events, null);
    }

    /** The same, shutting down {@code own} (the events' executor, or null) when closed. */
    private DistributedHsdbaStore(ConsistentMap<String, String> map, Executor events, ExecutorService own) {
        this.map = Objects.requireNonNull(map, "map");
        this.events = Objects.requireNonNull(events, "events");
        this.ownExecutor = own;
        Snapshot start = snapshot();
        collectGarbage(start);
        announceLock.lock();
        try {
            announced = start;
        } finally {
            announceLock.unlock();
        }
        // No executor: the listener only looks at the key and queues (see mapListener).
        map.addListener(mapListener);
    }

    /**
     * Opens the map {@value #MAP_NAME} (created on first use) with ONOS's API serializer; map events
     * are handled in order on a thread of the store's own.
     */
    public static DistributedHsdbaStore create(StorageService storage) {
        return open(storage.<String, String>consistentMapBuilder().withName(MAP_NAME)
                .withSerializer(Serializer.using(KryoNamespaces.API)).build());
    }

    /** A store on {@code map} that handles the map's events in order on a thread of its own. */
    static DistributedHsdbaStore open(ConsistentMap<String, String> map) {
        ExecutorService events = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "hsdba-store-events");
            t.setDaemon(true);
            return t;
        });
        try {
            return new DistributedHsdbaStore(map, events, events);
        } catch (RuntimeException e) {
            events.shutdown();
            throw e;
        }
    }

    /** Stops listening to the map (and the event thread, if the store made it). */
    public void close() {
        map.removeListener(mapListener);
        if (ownExecutor != null) {
            ownExecutor.shutdown();
        }
    }

    // ------------------------------------------------------------------ entry keys

    /** A fresh entry key for this tree version. */
    static String entryKey(BandwidthTree tree) {
        return key(TREE_PREFIX, tree);
    }

    /** A fresh entry key for the delta that makes this tree revision. */
    static String deltaKey(BandwidthTree tree) {
        return key(DELTA_PREFIX, tree);
    }

    /**
     * {@code <prefix><device>/<port>@<version>#<nonce>}, the nonce 8 hex digits. One builder:
     * String.format's parsing, then the string concatenation's method handles (slow until the JIT
     * has compiled them, and a store writes once per join) were visible parts of a join's write.
     */
    private static String key(String prefix, BandwidthTree tree) {
        String nonce = Long.toHexString(0x1_0000_0000L | (ThreadLocalRandom.current().nextInt() & 0xffff_ffffL));
        String device = tree.port().deviceId();
        return new StringBuilder(prefix.length() + device.length() + 40).append(prefix).append(device).append('/')
                .append(tree.port().port()).append('@').append(tree.version()).append('#').append(nonce, 1, 9)
                .toString();
    }

    /** The port of an entry key (a full tree or a delta), or null if the key is not one of ours. */
    static PortRef portOf(String key) {
        int at = key.lastIndexOf('@');
        int slash = at < 0 ? -1 : key.lastIndexOf('/', at);
        String prefix = key.startsWith(TREE_PREFIX) ? TREE_PREFIX : key.startsWith(DELTA_PREFIX) ? DELTA_PREFIX : null;
        if (prefix == null || slash <= prefix.length()) {
            return null;
        }
        try {
            return PortRef.of(key.substring(prefix.length(), slash), Long.parseLong(key.substring(slash + 1, at)));
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
            if (index.value().equals(s.indexText)) {
                // The index this instance wrote last (or one with the same entries and parameters):
                // nothing to decode, only its version to learn.
                Snapshot known = s.withVersion(index.version());
                cached = known;
                return known;
            }
            Snapshot loaded = load(index);
            if (loaded != null) {
                remember(loaded);
                return loaded;
            }
            // A tree entry it names was deleted: a newer index superseded it meanwhile.
            if (attempt >= READ_RETRIES) {
                throw new IllegalStateException("the hsdba configuration index names tree entries that are missing"
                        + " and keeps changing; tried " + (attempt + 1) + " times");
            }
        }
    }

    /** The entries whose decoded trees this instance keeps (tests: only entries an index names are kept). */
    Set<String> cachedEntries() {
        return Set.copyOf(treeCache.keySet());
    }

    /** {@code s} is the snapshot to read next; the decoded trees of entries it does not name are dropped. */
    private void remember(Snapshot s) {
        cached = s;
        Set<String> live = new HashSet<>();
        s.entries.values().forEach(live::addAll);
        treeCache.keySet().retainAll(live);
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
        Map<PortRef, List<String>> entries = new TreeMap<>();
        Map<PortRef, BandwidthTree> trees = new TreeMap<>();
        for (JsonNode k : json.path("trees")) {
            String key = k.asText();
            PortRef port = portOf(key);
            if (port == null || versionOf(key) < 0 || !key.startsWith(TREE_PREFIX)) {
                throw new IllegalStateException("stored hsdba index names \"" + key + "\", which is not a tree entry");
            }
            List<String> chain = new ArrayList<>();
            chain.add(key);
            for (JsonNode d : json.path("deltas").path(key)) {
                String dk = d.asText();
                if (!port.equals(portOf(dk)) || !dk.startsWith(DELTA_PREFIX)) {
                    throw new IllegalStateException("stored hsdba index names \"" + dk + "\" as a delta of " + key);
                }
                chain.add(dk);
            }
            BandwidthTree tree = tree(chain);
            if (tree == null) {
                return null;
            }
            entries.put(port, List.copyOf(chain));
            trees.put(port, tree);
        }
        return new Snapshot(index.version(), index.value(), parameters, entries, trees);
    }

    /** The tree a chain makes (its full entry and deltas), from the cache or the map; null if an entry is gone. */
    private BandwidthTree tree(List<String> chain) {
        String last = chain.get(chain.size() - 1);
        BandwidthTree t = treeCache.get(last);
        if (t != null || chain.size() == 1) {
            return t != null ? t : tree(last);
        }
        BandwidthTree before = tree(chain.subList(0, chain.size() - 1));
        Versioned<String> v = before == null ? null : map.get(last);
        if (v == null) {
            return null;
        }
        try {
            t = TreeDelta.fromJson(v.value(), before).applyTo(before);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("stored tree delta " + last + " does not read: " + e.getMessage(), e);
        }
        if (t.version() != versionOf(last)) {
            throw new IllegalStateException("stored tree delta " + last + " holds revision " + t.version());
        }
        treeCache.put(last, t);
        return t;
    }

    /** The tree of a full entry, from the cache or the map; null if the entry is gone. */
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
     * superseded entries go (on the event thread). {@code change} returns null for "nothing to
     * write" and may throw to refuse; it is called again on the new index if another writer got
     * there first.
     */
    private void commit(Function<Snapshot, Plan> change) {
        for (int attempt = 0; ; attempt++) {
            Snapshot current = snapshot();
            Plan plan = change.apply(current);
            if (plan == null) {
                return;
            }
            Map<PortRef, List<String>> entries = new TreeMap<>(current.entries);
            List<String> written = new ArrayList<>();
            // The entries the new index will no longer name: the chains of the ports rewritten in
            // full or removed (a delta extends its port's chain; the other ports keep theirs).
            List<String> superseded = new ArrayList<>();
            for (BandwidthTree t : plan.puts) {
                List<String> chain = current.entries.get(t.port());
                BandwidthTree before = current.trees.get(t.port());
                TreeDelta delta = chain == null || chain.size() > MAX_DELTAS ? null
                        : TreeDelta.between(before, t, MAX_DELTA_NODES);
                String key;
                String text;
                List<String> next = new ArrayList<>();
                if (delta != null) {
                    key = deltaKey(t);
                    text = delta.toJson();
                    next.addAll(chain);
                } else {
                    key = entryKey(t);
                    synchronized (treeText) {
                        text = treeText.write(t);
                    }
                    if (chain != null) {
                        superseded.addAll(chain);
                    }
                }
                treeCache.put(key, t);
                map.put(key, text);
                written.add(key);
                next.add(key);
                entries.put(t.port(), List.copyOf(next));
            }
            for (PortRef port : plan.removes) {
                entries.remove(port);
                superseded.addAll(current.entries.getOrDefault(port, List.of()));
                deltasText.remove(port);
            }
            synchronized (treeText) {
                plan.removes.forEach(treeText::forget);
            }
            String index = encodeIndex(plan.parameters, entries);
            // What this write makes is known here: readers on this instance (the program update
            // that follows a join, the index event of this swap) need not decode it again.
            Map<PortRef, BandwidthTree> trees = new TreeMap<>(current.trees);
            plan.puts.forEach(t -> trees.put(t.port(), t));
            plan.removes.forEach(trees::remove);
            Snapshot made = new Snapshot(WRITTEN, index, readBack(current.parameters, plan.parameters), entries, trees);
            lastSwap = made; // before the swap: a map may deliver the swap's event before it returns
            boolean swapped = current.indexVersion < 0 ? map.putIfAbsent(INDEX_KEY, index) == null
                    : map.replace(INDEX_KEY, current.indexVersion, index);
            if (swapped) {
                if (superseded.isEmpty()) {
                    // A delta added to its port's chain: the decoded trees cached are all still named.
                    cached = made;
                } else {
                    // Dropping every tree the new index does not name (not only the superseded
                    // ones) also drops what a reader racing this write may have cached from an older
                    // index; done here, a full entry every MAX_DELTAS joins at most, not at each join.
                    remember(made);
                }
                // The write is durable and visible with the swap; deleting what it superseded (a full
                // entry and up to MAX_DELTAS deltas: one map call each, a consensus round each in a
                // cluster) is not part of it, so it runs on the store's thread, not the writer's.
                // An entry left by a crash meanwhile is deleted when a store opens (collectGarbage).
                if (!superseded.isEmpty()) {
                    try {
                        events.execute(() -> superseded.forEach(map::remove));
                    } catch (RejectedExecutionException e) {
                        superseded.forEach(map::remove); // closed: no thread left to do it
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

    /**
     * The written parameters as a reader of the index gets them (the JSON round trip), so that this
     * instance's snapshot equals what another member decodes: the previous ones if unchanged.
     */
    private static HsdbaParameters readBack(HsdbaParameters before, HsdbaParameters written) {
        return written.equals(before) ? before : ParametersJson.fromJson(ParametersJson.toJson(written), HsdbaParameters.DEFAULTS);
    }

    /**
     * The index: {@code {"parameters":{...},"trees":[keys],"deltas":{key:[keys],...}}} ("deltas"
     * only if a port has any). Written as text, with the parameters' text kept from the last
     * write: every join writes the index, and building it as a Jackson tree (the parameters
     * encoded again each time) was the larger part of the store's work on a join's path.
     */
    private String encodeIndex(HsdbaParameters parameters, Map<PortRef, List<String>> entries) {
        ParametersText known = parametersText;
        if (known == null || !known.parameters.equals(parameters)) {
            known = new ParametersText(parameters, ParametersJson.toJson(parameters).toString());
            parametersText = known;
        }
        String params = known.text;
        int keys = 0;
        for (List<String> chain : entries.values()) {
            keys += chain.size();
        }
        StringBuilder out = new StringBuilder(params.length() + 48 + 56 * keys);
        out.append("{\"parameters\":").append(params).append(",\"trees\":[");
        boolean first = true;
        boolean deltas = false;
        for (List<String> chain : entries.values()) {
            JsonWriter.quote(out.append(first ? "" : ","), chain.get(0));
            first = false;
            deltas |= chain.size() > 1;
        }
        out.append(']');
        if (deltas) {
            out.append(",\"deltas\":{");
            first = true;
            for (Map.Entry<PortRef, List<String>> e : entries.entrySet()) {
                List<String> chain = e.getValue();
                if (chain.size() > 1) {
                    JsonWriter.quote(out.append(first ? "" : ","), chain.get(0)).append(":[");
                    out.append(deltasText(e.getKey(), chain)).append(']');
                    first = false;
                }
            }
            out.append('}');
        }
        return out.append('}').toString();
    }

    /**
     * The quoted keys of a chain's deltas, comma-separated (its list in the index). A join adds one
     * delta to a chain of up to {@value #MAX_DELTAS}: the text the port's chain had in the last
     * index encoded is extended by the new key instead of quoting every key again.
     */
    private String deltasText(PortRef port, List<String> chain) {
        ChainText known = deltasText.get(port);
        int n = chain.size();
        int k = known == null ? -1 : known.chain.size();
        if (k == n && startsWith(chain, known.chain)) {
            return known.text;
        }
        StringBuilder text;
        if (k == n - 1 && startsWith(chain, known.chain)) {
            text = new StringBuilder(known.text.length() + chain.get(n - 1).length() + 3).append(known.text);
            JsonWriter.quote(n > 2 ? text.append(',') : text, chain.get(n - 1));
        } else {
            text = new StringBuilder(56 * n);
            for (int i = 1; i < n; i++) {
                JsonWriter.quote(i > 1 ? text.append(',') : text, chain.get(i));
            }
        }
        ChainText made = new ChainText(chain, text.toString());
        deltasText.put(port, made);
        return made.text;
    }

    /** The same keys in the same order, or both null (compared from the end: a join's chain differs there, or in size). */
    private static boolean sameChain(List<String> a, List<String> b) {
        return a == null || b == null ? a == b : a.size() == b.size() && startsWith(a, b);
    }

    /** True if {@code chain} begins with the keys of {@code prefix} (no sub-list made: this is on every join's path). */
    private static boolean startsWith(List<String> chain, List<String> prefix) {
        if (prefix.size() > chain.size()) {
            return false;
        }
        for (int i = prefix.size() - 1; i >= 0; i--) { // a chain differs from an older one at its end
            if (!chain.get(i).equals(prefix.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** Deletes tree and delta entries not newer than the indexed revision of their port (left by members that died mid-write). */
    private void collectGarbage(Snapshot s) {
        Set<String> live = new HashSet<>();
        s.entries.values().forEach(live::addAll);
        for (String key : new ArrayList<>(map.keySet())) {
            PortRef port = portOf(key);
            List<String> indexed = port == null ? null : s.entries.get(port);
            if (indexed != null && !live.contains(key) && versionOf(key) >= 0
                    && versionOf(key) <= versionOf(indexed.get(indexed.size() - 1))) {
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

    /**
     * The map's thread: this instance's own swap is told to the listeners here, without a read
     * (the event carries the index text this instance swapped in, whose trees it knows: the same
     * text names the same immutable entries), if nothing else is being told or waits to be and
     * the event is newer than what was told; any other index change is queued on the store's
     * thread unless one is waiting there. This saves waking the store's thread for every join
     * this instance writes; with a map that tells its listeners inside the write (ONOS's test
     * map), that wake-up came in the middle of the join's write, and on 2 cores the woken thread
     * ran first (0.25 ms median of a 0.5 ms write, 0.03 ms of it the writer's CPU).
     */
    private void onMapEvent(MapEvent<String, String> event) {
        if (!event.key().equals(INDEX_KEY)) {
            return;
        }
        Versioned<String> value = event.newValue();
        Snapshot own = lastSwap;
        if (value != null && own != null && own.indexText.equals(value.value()) && !indexChangeQueued.get()
                && !announceLock.isHeldByCurrentThread() && announceLock.tryLock()) {
            try {
                // Nothing queued meanwhile, and newer than what was told (a delayed event is not).
                if (!indexChangeQueued.get() && value.version() > announced.indexVersion) {
                    announce(own.withVersion(value.version()));
                    return;
                }
            } finally {
                announceLock.unlock();
            }
        }
        if (!indexChangeQueued.compareAndSet(false, true)) {
            return;
        }
        try {
            events.execute(this::onIndexChanged);
        } catch (RejectedExecutionException e) {
            indexChangeQueued.set(false); // closed
        }
    }

    /** The store's thread: reads the index and tells the listeners what differs from what they were told. */
    private void onIndexChanged() {
        // Cleared before the read: a change after this point queues another task, one before it is read here.
        indexChangeQueued.set(false);
        announceLock.lock();
        try {
            Snapshot now;
            try {
                now = snapshot();
            } catch (IllegalStateException e) {
                LOG.error("hsdba configuration change not applied: {}", e.getMessage());
                return;
            }
            if (now.indexVersion >= announced.indexVersion) {
                announce(now);
            }
        } finally {
            announceLock.unlock();
        }
    }

    /** Under the announce lock: tells the listeners what {@code now} changes from what they were told. */
    private void announce(Snapshot now) {
        Snapshot before = announced;
        announced = now;
        if (!now.parameters.equals(before.parameters)) {
            listeners.forEach(l -> l.parametersChanged(now.parameters));
        }
        Set<PortRef> ports = now.entries.keySet();
        if (!ports.equals(before.entries.keySet())) { // else (a join) no set is made
            ports = new TreeSet<>(before.entries.keySet());
            ports.addAll(now.entries.keySet());
        }
        for (PortRef port : ports) {
            if (!sameChain(before.entries.get(port), now.entries.get(port))) {
                Optional<BandwidthTree> tree = Optional.ofNullable(now.trees.get(port));
                listeners.forEach(l -> l.treeChanged(port, tree));
            }
        }
    }
}
