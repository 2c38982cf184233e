package org.hsdba.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.json.ConfigJson;
import org.hsdba.model.json.JsonWriter;

/**
 * A change of a tree's membership only (nodes joined, pruned or changed in place; settings,
 * levels, operator version and generation the same), as the distributed store keeps it: the new
 * revision, the nodes put (added as the last children of their parent, or replacing a node of the
 * same id and parent in place) and the ids removed. Small and independent of the tree's size, so
 * a join writes a few hundred bytes instead of the whole tree. Immutable; pure functions.
 */
final class TreeDelta {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    final long revision;
    final List<NodeSpec> puts;
    final List<String> removes;

    private TreeDelta(long revision, List<NodeSpec> puts, List<String> removes) {
        this.revision = revision;
        this.puts = List.copyOf(puts);
        this.removes = List.copyOf(removes);
    }

    /**
     * The delta from {@code before} to {@code after}, or null if {@code after} is not a
     * membership change of {@code before} that {@link #applyTo} reproduces exactly (other
     * settings or versions, a node moved, an added node not last among its siblings) or if more
     * than {@code maxNodes} nodes differ.
     */
    static TreeDelta between(BandwidthTree before, BandwidthTree after, int maxNodes) {
        if (!sameHead(before, after) || Math.abs(after.size() - before.size()) > maxNodes) {
            return null;
        }
        List<NodeSpec> puts = new ArrayList<>();
        List<String> removes = new ArrayList<>();
        Map<String, List<NodeSpec>> addedByParent = new LinkedHashMap<>();
        int added = 0;
        // Nodes of 'after' not shared with 'before': new objects only (edits share untouched nodes).
        // Walked side by side: a shared node is usually the one after the last shared one, which
        // costs a comparison of references instead of an id lookup (a join touches 1 of n nodes).
        int next = 0;
        for (int i = 0; i < after.size(); i++) {
            NodeSpec n = after.node(i);
            if (next < before.size() && before.node(next) == n) {
                next++;
                continue;
            }
            int j = before.indexOf(n.id());
            if (j >= 0 && before.node(j) == n) {
                next = j + 1;
                continue;
            }
            if (j >= 0 && n.equals(before.node(j))) {
                continue;
            }
            if (j >= 0 && !Objects.equals(n.parentId(), before.node(j).parentId())) {
                return null; // a move: its place among the new siblings is not "last"
            }
            puts.add(n);
            if (j < 0) {
                addedByParent.computeIfAbsent(n.parentId(), p -> new ArrayList<>()).add(n);
                added++;
            }
            if (puts.size() > maxNodes) {
                return null;
            }
        }
        if (before.size() + added != after.size()) {
            for (NodeSpec n : before.nodes()) {
                if (!after.contains(n.id())) {
                    removes.add(n.id());
                    if (removes.size() + puts.size() > maxNodes) {
                        return null;
                    }
                }
            }
        }
        for (Map.Entry<String, List<NodeSpec>> e : addedByParent.entrySet()) {
            int p = e.getKey() == null ? -1 : after.indexOf(e.getKey());
            int count = after.childCount(p);
            List<NodeSpec> last = e.getValue();
            for (int k = 0; k < last.size(); k++) {
                if (after.node(after.child(p, count - last.size() + k)) != last.get(k)) {
                    return null;
                }
            }
        }
        return new TreeDelta(after.version(), puts, removes);
    }

    private static boolean sameHead(BandwidthTree a, BandwidthTree b) {
        return a.port().equals(b.port()) && a.capacity().equals(b.capacity()) && Double.compare(a.eta(), b.eta()) == 0
                && a.mode() == b.mode() && a.levels().equals(b.levels()) && a.selector().equals(b.selector())
                && a.operatorVersion() == b.operatorVersion() && a.generation() == b.generation();
    }

    /** The tree this delta makes of {@code before}: removed ids gone, puts in place or appended, the delta's revision. */
    BandwidthTree applyTo(BandwidthTree before) {
        Set<String> removed = new HashSet<>(removes);
        Map<String, NodeSpec> put = new HashMap<>();
        puts.forEach(n -> put.put(n.id(), n));
        List<NodeSpec> nodes = new ArrayList<>(before.size() + puts.size());
        for (NodeSpec n : before.nodes()) {
            if (!removed.contains(n.id())) {
                NodeSpec replacement = put.remove(n.id());
                nodes.add(replacement != null ? replacement : n);
            }
        }
        for (NodeSpec n : puts) {
            if (put.containsKey(n.id())) {
                nodes.add(n);
            }
        }
        return before.toBuilder().nodes(nodes).version(revision).build();
    }

    /**
     * {@code {"revision":N,"remove":[ids],"put":[nodes]}}, each node as {@link ConfigJson#nodeToJson}
     * writes it. Written as text, the nodes included ({@link Json#node}), rather than as Jackson
     * trees: it is on every join's path in the ONOS store, and the tree model (an object node per
     * member, then its serialiser) was most of the delta's cost.
     */
    String toJson() {
        StringBuilder out = new StringBuilder(64 + 24 * removes.size() + 160 * puts.size());
        out.append("{\"revision\":").append(revision).append(",\"remove\":[");
        for (int i = 0; i < removes.size(); i++) {
            JsonWriter.quote(out.append(i == 0 ? "" : ","), removes.get(i));
        }
        out.append("],\"put\":[");
        for (int i = 0; i < puts.size(); i++) {
            Json.node(out.append(i == 0 ? "" : ","), puts.get(i));
        }
        return out.append("]}").toString();
    }

    /** Reads a delta of {@code before}; keys are read with the length of their level. */
    static TreeDelta fromJson(String text, BandwidthTree before) {
        JsonNode json;
        try {
            json = MAPPER.readTree(text);
        } catch (IOException e) {
            throw new IllegalArgumentException("not JSON: " + e.getMessage(), e);
        }
        if (!json.path("revision").canConvertToLong() || !json.path("remove").isArray() || !json.path("put").isArray()) {
            throw new IllegalArgumentException("a tree delta needs revision, remove and put");
        }
        List<String> removes = new ArrayList<>();
        json.get("remove").forEach(id -> removes.add(id.asText()));
        Map<String, Integer> depthOfPut = new HashMap<>();
        List<NodeSpec> puts = new ArrayList<>();
        for (JsonNode n : json.get("put")) {
            NodeSpec node = ConfigJson.nodeFromJson(n, parent -> {
                int depth = parent == null ? 1 : depthOfPut.containsKey(parent) ? depthOfPut.get(parent) + 1
                        : before.indexOf(parent) >= 0 ? before.depth(parent) + 1 : -1;
                if (depth < 1 || depth > before.levels().size()) {
                    return "parent \"" + parent + "\" is not a node above the last level of " + before.rootPath();
                }
                return before.levels().get(depth - 1).field().lengthBits();
            });
            depthOfPut.put(node.id(), node.parentId() == null ? 1 : depthOfPut.containsKey(node.parentId())
                    ? depthOfPut.get(node.parentId()) + 1 : before.depth(node.parentId()) + 1);
            puts.add(node);
        }
        return new TreeDelta(json.get("revision").asLong(), puts, removes);
    }
}
