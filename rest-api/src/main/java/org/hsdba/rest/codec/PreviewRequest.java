package org.hsdba.rest.codec;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.json.JsonText;
import org.hsdba.model.json.ObjectReader;
import org.hsdba.model.json.Problems;
import org.hsdba.model.json.TreeDocument;

/**
 * A preview request: {@code {"device", "port", "edit": {...} | "tree": {...}, "demands": {"leaf":
 * "250M", ...}}}. Edits: {@code {"op": "add", "node": {...}}}, {@code {"op": "update", "id",
 * "changes": {...PATCH members...}}}, {@code {"op": "move", "id", "parent"}}, {@code {"op":
 * "delete", "id"}}, {@code {"op": "replace", "id", "nodes": [...]}}. A tree is a config-format
 * tree object (device and port default to the request's).
 */
public final class PreviewRequest {

    private final PortRef port;
    private final TreeEdit edit;
    private final TreeDocument tree;
    private final Map<String, Double> demands;

    private PreviewRequest(PortRef port, TreeEdit edit, TreeDocument tree, Map<String, Double> demands) {
        this.port = port;
        this.edit = edit;
        this.tree = tree;
        this.demands = demands;
    }

    /**
     * Reads a request; {@code currentTree} gives the stored tree of a port (needed to read an
     * edit's nodes). Throws a {@code ConfigException} listing every problem, or what
     * {@code currentTree} throws for a port without a tree.
     */
    public static PreviewRequest read(JsonNode body, Function<PortRef, BandwidthTree> currentTree) {
        Problems problems = new Problems();
        ObjectReader r = ObjectReader.of(body, "", problems);
        if (r == null) {
            problems.throwIfAny();
        }
        String device = r.string("device", true);
        Long portNumber = r.integer("port", true, 0, PortRef.MAX_PORT);
        JsonNode editJson = r.raw("edit");
        JsonNode treeJson = r.raw("tree");
        ObjectReader demandsReader = r.object("demands", false);
        r.finish();
        if ((editJson == null) == (treeJson == null)) {
            r.problem(null, "give exactly one of \"edit\" (a change to the stored tree) and \"tree\" (a whole proposed tree)");
        }
        Map<String, Double> demands = demandsReader == null ? Map.of() : demands(body.get("demands"), problems);
        problems.throwIfAny();
        PortRef port;
        try {
            port = PortRef.of(device, portNumber);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("preview: " + e.getMessage(), e);
        }
        if (treeJson != null) {
            return new PreviewRequest(port, null, TreeDocument.readApi(treeJson, "/tree", port), demands);
        }
        TreeEdit edit = edit(editJson, currentTree.apply(port), problems);
        problems.throwIfAny();
        return new PreviewRequest(port, edit, null, demands);
    }

    private static Map<String, Double> demands(JsonNode json, Problems problems) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String pointer = "/demands/" + JsonText.escape(e.getKey());
            JsonNode v = e.getValue();
            try {
                if (v.isTextual()) {
                    out.put(e.getKey(), (double) Rate.parse(v.textValue()).bps());
                } else if (v.isNumber() && v.doubleValue() >= 0 && Double.isFinite(v.doubleValue())) {
                    out.put(e.getKey(), v.doubleValue());
                } else {
                    problems.add(pointer, "expected a rate like \"250M\" or a number of bits/s, found "
                            + ObjectReader.describe(v));
                }
            } catch (IllegalArgumentException ex) {
                problems.add(pointer, ex.getMessage());
            }
        }
        return out;
    }

    private static TreeEdit edit(JsonNode json, BandwidthTree tree, Problems problems) {
        ObjectReader r = ObjectReader.of(json, "/edit", problems);
        if (r == null) {
            return null;
        }
        String op = r.string("op", true);
        if (op == null) {
            r.finish();
            return null;
        }
        switch (op) {
            case "add": {
                JsonNode node = r.raw("node");
                r.finish();
                if (node == null) {
                    r.problem("node", "required field \"node\" is missing");
                    return null;
                }
                List<NodeSpec> n = NodeJson.readNodes(List.of(node), List.of("/edit/node"), tree, problems);
                return n.isEmpty() ? null : TreeEdit.add(n.get(0));
            }
            case "update": {
                String id = r.string("id", true);
                JsonNode changes = r.raw("changes");
                r.finish();
                if (changes == null) {
                    r.problem("changes", "required field \"changes\" is missing");
                }
                NodeSpec old = existing(r, tree, id);
                if (old == null || changes == null) {
                    return null;
                }
                NodeSpec updated = NodePatch.apply(changes, "/edit/changes", old, tree, problems);
                return updated == null ? null : TreeEdit.update(updated);
            }
            case "move": {
                String id = r.string("id", true);
                String parent = r.string("parent", false);
                r.finish();
                return id == null ? null : TreeEdit.move(id, parent);
            }
            case "delete": {
                String id = r.string("id", true);
                r.finish();
                return id == null ? null : TreeEdit.deleteSubtree(id);
            }
            case "replace": {
                String id = r.string("id", true);
                List<JsonNode> nodes = r.array("nodes", true);
                r.finish();
                if (id == null || nodes == null) {
                    return null;
                }
                List<String> pointers = new ArrayList<>();
                for (int i = 0; i < nodes.size(); i++) {
                    pointers.add("/edit/nodes/" + i);
                }
                List<NodeSpec> specs = NodeJson.readNodes(nodes, pointers, tree, problems);
                return TreeEdit.replaceSubtree(id, specs);
            }
            default:
                r.raw("id");
                r.finish();
                r.problem("op", "unknown edit \"" + op + "\" (use add, update, move, delete or replace)");
                return null;
        }
    }

    private static NodeSpec existing(ObjectReader r, BandwidthTree tree, String id) {
        if (id == null) {
            return null;
        }
        Optional<NodeSpec> n = tree.node(id);
        if (n.isEmpty()) {
            r.problem("id", "no node \"" + id + "\" under " + tree.rootPath());
            return null;
        }
        return n.get();
    }

    public PortRef port() {
        return port;
    }

    /** The edit, or empty for a whole-tree preview. */
    public Optional<TreeEdit> edit() {
        return Optional.ofNullable(edit);
    }

    /** The proposed whole tree, or empty for an edit preview. */
    public Optional<TreeDocument> tree() {
        return Optional.ofNullable(tree);
    }

    /** Demands in bits/s by leaf id. */
    public Map<String, Double> demands() {
        return demands;
    }
}
