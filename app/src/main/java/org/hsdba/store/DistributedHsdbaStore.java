package org.hsdba.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.hsdba.model.json.ConfigJson;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;

/**
 * The cluster store: an ONOS {@link ConsistentMap} of JSON strings, one entry per tree
 * ({@code tree/<device>/<port>}, the tree's {@code hsdba/1} JSON) and one for the parameters
 * ({@code parameters}, {@link ParametersJson}). It survives restarts and is shared by every
 * ONOS instance; each instance's listeners hear every member's changes (map events).
 *
 * <p>Compare-and-set: the expected tree version is checked against the stored tree, then the
 * entry is replaced conditionally on the map's own version of it, so two members racing on one
 * tree cannot both win. {@link #replaceAll} writes entry by entry (a consistent map has no
 * multi-key atomic write without transactions): other members may briefly see a mix.
 * Decoded trees are cached by map version, so reads cost one map call and no JSON parsing
 * unless something changed.
 */
public final class DistributedHsdbaStore implements HsdbaStore {

    public static final String MAP_NAME = "org.hsdba.config";
    static final String PARAMETERS_KEY = "parameters";
    static final String TREE_PREFIX = "tree/";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final ConsistentMap<String, String> map;
    private final List<HsdbaStoreListener> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, Decoded> cache = new ConcurrentHashMap<>();
    private final MapEventListener<String, String> mapListener = this::onMapEvent;

    private static final class Decoded {
        final long mapVersion;
        final BandwidthTree tree;

        Decoded(long mapVersion, BandwidthTree tree) {
            this.mapVersion = mapVersion;
            this.tree = tree;
        }
    }

    private DistributedHsdbaStore(ConsistentMap<String, String> map) {
        this.map = map;
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

    static String key(PortRef port) {
        return TREE_PREFIX + port.deviceId() + "/" + port.port();
    }

    static PortRef port(String key) {
        int slash = key.lastIndexOf('/');
        return PortRef.of(key.substring(TREE_PREFIX.length(), slash), Long.parseLong(key.substring(slash + 1)));
    }

    private BandwidthTree decode(String key, Versioned<String> v) {
        Decoded d = cache.get(key);
        if (d != null && d.mapVersion == v.version()) {
            return d.tree;
        }
        BandwidthTree t;
        try {
            t = ConfigJson.treeFromJson(MAPPER.readTree(v.value()));
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException("stored tree " + key + " does not read: " + e.getMessage(), e);
        }
        cache.put(key, new Decoded(v.version(), t));
        return t;
    }

    private static String encode(BandwidthTree tree) {
        return ConfigJson.treeToJson(tree).toString();
    }

    @Override
    public List<BandwidthTree> trees() {
        List<BandwidthTree> out = new ArrayList<>();
        for (Map.Entry<String, Versioned<String>> e : map.entrySet()) {
            if (e.getKey().startsWith(TREE_PREFIX)) {
                out.add(decode(e.getKey(), e.getValue()));
            }
        }
        out.sort((a, b) -> a.port().compareTo(b.port()));
        return out;
    }

    @Override
    public Optional<BandwidthTree> tree(PortRef port) {
        String key = key(port);
        Versioned<String> v = map.get(key);
        return v == null ? Optional.empty() : Optional.of(decode(key, v));
    }

    @Override
    public void putTree(BandwidthTree tree, long expectedVersion) {
        Objects.requireNonNull(tree, "tree");
        String key = key(tree.port());
        Versioned<String> current = map.get(key);
        checkVersion(tree.port(), current, expectedVersion);
        boolean written = current == null ? map.putIfAbsent(key, encode(tree)) == null
                : map.replace(key, current.version(), encode(tree));
        if (!written) {
            throw conflict(tree.port(), expectedVersion);
        }
    }

    @Override
    public void removeTree(PortRef port, long expectedVersion) {
        String key = key(port);
        Versioned<String> current = map.get(key);
        checkVersion(port, current, expectedVersion);
        if (current != null && !map.remove(key, current.version())) {
            throw conflict(port, expectedVersion);
        }
    }

    private void checkVersion(PortRef port, Versioned<String> current, long expected) {
        long version = current == null ? 0 : decode(key(port), current).version();
        if (version != expected) {
            throw new VersionConflictException(port, expected, version);
        }
    }

    /** Someone else wrote between our read and our conditional write: report what is there now. */
    private VersionConflictException conflict(PortRef port, long expected) {
        return new VersionConflictException(port, expected, tree(port).map(BandwidthTree::version).orElse(0L));
    }

    @Override
    public HsdbaParameters parameters() {
        Versioned<String> v = map.get(PARAMETERS_KEY);
        return v == null ? HsdbaParameters.DEFAULTS : decodeParameters(v.value());
    }

    private static HsdbaParameters decodeParameters(String json) {
        try {
            return ParametersJson.fromJson(MAPPER.readTree(json), HsdbaParameters.DEFAULTS);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException("stored parameters do not read: " + e.getMessage(), e);
        }
    }

    @Override
    public void setParameters(HsdbaParameters parameters) {
        map.put(PARAMETERS_KEY, ParametersJson.toJson(Objects.requireNonNull(parameters, "parameters")).toString());
    }

    @Override
    public void replaceAll(List<BandwidthTree> trees, HsdbaParameters parameters) {
        Set<String> keep = trees.stream().map(t -> key(t.port())).collect(Collectors.toSet());
        if (keep.size() != trees.size()) {
            throw new IllegalArgumentException("two trees for one port");
        }
        setParameters(parameters);
        for (String key : new ArrayList<>(map.keySet())) {
            if (key.startsWith(TREE_PREFIX) && !keep.contains(key)) {
                map.remove(key);
            }
        }
        for (BandwidthTree t : trees) {
            map.put(key(t.port()), encode(t));
        }
    }

    @Override
    public void addListener(HsdbaStoreListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    @Override
    public void removeListener(HsdbaStoreListener listener) {
        listeners.remove(listener);
    }

    private void onMapEvent(MapEvent<String, String> event) {
        String key = event.key();
        Versioned<String> value = event.newValue();
        if (key.equals(PARAMETERS_KEY)) {
            HsdbaParameters p = value == null ? HsdbaParameters.DEFAULTS : decodeParameters(value.value());
            listeners.forEach(l -> l.parametersChanged(p));
        } else if (key.startsWith(TREE_PREFIX)) {
            PortRef port = port(key);
            if (value == null) {
                cache.remove(key);
            }
            Optional<BandwidthTree> tree = value == null ? Optional.empty() : Optional.of(decode(key, value));
            listeners.forEach(l -> l.treeChanged(port, tree));
        }
    }
}
