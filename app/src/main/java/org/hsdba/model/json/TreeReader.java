package org.hsdba.model.json;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.admission.Admission;
import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.JoinTemplate;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.PortSelector;
import org.hsdba.model.Rate;
import org.hsdba.model.Violation;
import org.hsdba.model.ViolationCode;

/**
 * Reads one tree object in three stages, each reporting all of its problems: fields (types,
 * units, unknown members), then structure (ids, parents, cycles, depth, keys), then admission.
 * A later stage runs only if the earlier ones found nothing, so that every message is about the
 * file as written rather than a consequence of an earlier error. The first stage alone gives a
 * {@link TreeDocument}.
 *
 * <p>Two dialects: the config file's, and the API's, which also accepts what the REST API
 * answers (keys as {@code {"value", "mask"}} objects, the {@code guaranteedBps} / {@code peakBps}
 * companions of join template rates) and may take device and port from the request.
 */
final class TreeReader {

    private final Problems problems;
    private final boolean apiForms;
    private final PortRef impliedPort;

    /** A reader of the config file's tree objects. */
    TreeReader(Problems problems) {
        this(problems, false, null);
    }

    /**
     * @param apiForms accept the API's forms too
     * @param impliedPort if not null, device and port may be omitted (they are this port's) and must agree with it
     */
    TreeReader(Problems problems, boolean apiForms, PortRef impliedPort) {
        this.problems = problems;
        this.apiForms = apiForms;
        this.impliedPort = impliedPort;
    }

    Problems problems() {
        return problems;
    }

    /** A node's members as read, before its key can be interpreted (that needs its depth). */
    private static final class RawNode {
        final String pointer;
        final String id;
        final String parent;
        final KeyText key;
        final NodeSpec.Builder builder;

        RawNode(String pointer, String id, String parent, KeyText key, NodeSpec.Builder builder) {
            this.pointer = pointer;
            this.id = id;
            this.parent = parent;
            this.key = key;
            this.builder = builder;
        }
    }

    private static final String OCTET = "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
    /** The key notations the OpenAPI document states: hex, decimal, IPv4, CIDR. */
    private static final Pattern KEY_NOTATION = Pattern.compile("\\s*(0[xX][0-9a-fA-F]+|[0-9]+|" + OCTET + "(\\." + OCTET
            + "){3}(/([0-9]|[12][0-9]|3[0-2]))?)\\s*");
    private static final Pattern MASK_NOTATION = Pattern.compile("\\s*(0[xX][0-9a-fA-F]+|[0-9]+)\\s*");

    /**
     * A key (and mask) the level's field cannot take: written in a notation the API allows, it
     * breaks a tree rule ({@code KEY_LENGTH}: admission, 422 over REST: the notation that fits
     * depends on the field's length, which no schema can say); written otherwise, it is a bad
     * value (400).
     */
    private void keyProblem(String pointer, String nodeId, String member, String key, String mask, String message) {
        if (key != null && KEY_NOTATION.matcher(key).matches() && (mask == null || MASK_NOTATION.matcher(mask).matches())) {
            problems.add(pointer, new Violation(ViolationCode.KEY_LENGTH, nodeId, member, message));
        } else {
            problems.add(pointer, message);
        }
    }

    /** The admitted tree, or null with problems recorded. */
    BandwidthTree tree(JsonNode json, String pointer) {
        TreeDocument doc = document(json, pointer);
        if (doc == null) {
            return null;
        }
        BandwidthTree tree;
        try {
            tree = doc.build();
        } catch (InvalidTreeException e) {
            doc.report(e.violations(), problems);
            return null;
        }
        List<Violation> violations = Admission.check(tree);
        if (!violations.isEmpty()) {
            doc.report(violations, problems);
            return null;
        }
        return tree;
    }

    /** The tree object's members, read and checked but not built into a tree; null with problems recorded. */
    TreeDocument document(JsonNode json, String pointer) {
        int before = problems.count();
        ObjectReader r = ObjectReader.of(json, pointer, problems);
        if (r == null) {
            return null;
        }
        String device = r.string("device", impliedPort == null);
        Long port = r.integer("port", impliedPort == null, 0, PortRef.MAX_PORT);
        Rate capacity = r.rate("capacity", true);
        Double eta = r.number("eta", false);
        AllocationMode mode = mode(r);
        Long version = r.integer("version", false, 0, Long.MAX_VALUE);
        Long generation = r.integer("generation", false, 0, Long.MAX_VALUE);
        Long revision = r.integer("revision", false, 0, Long.MAX_VALUE);
        List<JsonNode> levelsJson = r.array("levels", true);
        List<JsonNode> nodesJson = r.array("nodes", true);
        ObjectReader selectorJson = r.object("selector", false);
        r.finish();
        PortSelector selector = selectorJson == null ? null : selector(selectorJson);
        PortRef where = port(r, device, port);
        List<LevelSpec> levels = new ArrayList<>();
        if (levelsJson != null) {
            for (int i = 0; i < levelsJson.size(); i++) {
                levels.add(level(levelsJson.get(i), r.pointer("levels") + "/" + i));
            }
        }
        List<RawNode> raw = new ArrayList<>();
        if (nodesJson != null) {
            for (int j = 0; j < nodesJson.size(); j++) {
                raw.add(rawNode(nodesJson.get(j), r.pointer("nodes") + "/" + j));
            }
        }
        if (problems.count() > before) {
            return null;
        }
        List<NodeSpec> nodes = withKeys(raw, levels);
        if (problems.count() > before) {
            return null;
        }
        BandwidthTree.Builder tree = BandwidthTree.builder(where).capacity(capacity)
                .eta(eta == null ? BandwidthTree.DEFAULT_ETA : eta)
                .mode(mode == null ? AllocationMode.WEIGHTED : mode)
                .operatorVersion(version == null ? 0 : version).generation(generation == null ? 0 : generation)
                .version(revision != null ? revision : version == null ? 0 : version).levels(levels).selector(selector).nodes(nodes);
        Map<String, List<String>> pointersById = new HashMap<>(raw.size() * 2);
        for (RawNode n : raw) {
            pointersById.computeIfAbsent(n.id, k -> new ArrayList<>(1)).add(n.pointer);
        }
        return new TreeDocument(pointer, tree, pointersById);
    }

    /** The tree's port: as given, or the implied one (the given one must then agree with it). */
    private PortRef port(ObjectReader r, String device, Long port) {
        if (device != null && device.trim().isEmpty()) {
            r.problem("device", "device id is empty");
            return null;
        }
        if (impliedPort != null && device != null && !device.equals(impliedPort.deviceId())) {
            r.problem("device", "the tree is for device " + device + " but is given for device "
                    + impliedPort.deviceId());
        }
        if (impliedPort != null && port != null && port != impliedPort.port()) {
            r.problem("port", "the tree is for port " + port + " but is given for port " + impliedPort.port());
        }
        if (device == null || port == null) {
            return impliedPort;
        }
        return PortRef.of(device, port);
    }

    private AllocationMode mode(ObjectReader r) {
        String text = r.string("mode", false);
        if (text == null) {
            return null;
        }
        try {
            return AllocationMode.fromJsonName(text);
        } catch (IllegalArgumentException e) {
            r.problem("mode", e.getMessage());
            return null;
        }
    }

    /** One level object; null with problems recorded. */
    LevelSpec level(JsonNode json, String pointer) {
        ObjectReader r = ObjectReader.of(json, pointer, problems);
        if (r == null) {
            return null;
        }
        String name = r.string("name", true);
        ObjectReader f = r.object("field", true);
        ObjectReader j = r.object("join", false);
        r.finish();
        FieldSpec field = null;
        if (f != null) {
            Long offset = f.integer("offset", true, 0, FieldSpec.MAX_OFFSET_BITS);
            Long length = f.integer("length", true, 1, FieldSpec.MAX_LENGTH_BITS);
            f.finish();
            field = offset == null || length == null ? null : FieldSpec.of(offset.intValue(), length.intValue());
        }
        JoinTemplate join = j == null ? null : join(j);
        if (name != null && name.trim().isEmpty()) {
            r.problem("name", "level name is empty");
            return null;
        }
        return name == null || field == null ? null : LevelSpec.of(name, field, join);
    }

    /** {@code {"field": {"offset", "length"}, "key", "mask"}}: which traffic leaves by the tree's port. */
    static PortSelector selector(ObjectReader s) {
        ObjectReader f = s.object("field", true);
        String key = s.string("key", true);
        String mask = s.string("mask", false);
        s.finish();
        FieldSpec field = null;
        if (f != null) {
            Long offset = f.integer("offset", true, 0, FieldSpec.MAX_OFFSET_BITS);
            Long length = f.integer("length", true, 1, FieldSpec.MAX_LENGTH_BITS);
            f.finish();
            field = offset == null || length == null ? null : FieldSpec.of(offset.intValue(), length.intValue());
        }
        if (field == null || key == null) {
            return null;
        }
        try {
            return PortSelector.of(field, MatchKey.parse(key, mask, field.lengthBits()));
        } catch (IllegalArgumentException e) {
            String member = e.getMessage().startsWith("mask") ? "mask" : "key";
            String message = e.getMessage() + " (the selector's field has " + field.lengthBits() + " bits)";
            if (KEY_NOTATION.matcher(key).matches() && (mask == null || MASK_NOTATION.matcher(mask).matches())) {
                s.problems().add(s.pointer(member), new Violation(ViolationCode.KEY_LENGTH, null, "selector", message));
            } else {
                s.problem(member, message);
            }
            return null;
        }
    }

    private JoinTemplate join(ObjectReader j) {
        JoinTemplate.Builder b = JoinTemplate.builder()
                .guaranteed(j.rate("guaranteed", false))
                .weight(j.number("weight", false))
                .idleTimeout(j.duration("idleTimeout", false))
                .lifetime(j.duration("lifetime", false));
        Rate peak = j.limit("peak", false);
        if (apiForms) {
            // The API answers rates with their number of bits/s beside: accept them back, unread.
            j.raw("guaranteedBps");
            j.raw("peakBps");
        }
        j.finish();
        return b.peak(peak == null ? Rate.UNLIMITED : peak).build();
    }

    private RawNode rawNode(JsonNode json, String pointer) {
        ObjectReader r = ObjectReader.of(json, pointer, problems);
        if (r == null) {
            return null;
        }
        String id = r.string("id", true);
        String parent = r.string("parent", false);
        KeyText key = apiForms ? KeyText.readApiForms(r) : KeyText.read(r);
        Rate g = r.rate("guaranteed", false);
        Double w = r.number("weight", false);
        Rate l = r.limit("peak", false);
        Boolean template = r.bool("template");
        Boolean pinned = r.bool("pinned");
        Boolean joined = r.bool("joined");
        r.finish();
        if (id == null || key == null) {
            return null;
        }
        NodeSpec.Builder b = NodeSpec.builder(id).parent(parent).guaranteed(g).weight(w)
                .peak(l == null ? Rate.UNLIMITED : l)
                .template(Boolean.TRUE.equals(template)).pinned(Boolean.TRUE.equals(pinned))
                .joined(Boolean.TRUE.equals(joined));
        return new RawNode(pointer, id, parent, key, b);
    }

    /** Parses each key with the field length of the level its node sits at (unknown depths are left to the structure check). */
    private List<NodeSpec> withKeys(List<RawNode> raw, List<LevelSpec> levels) {
        Map<String, RawNode> byId = new HashMap<>(raw.size() * 2);
        for (RawNode n : raw) {
            byId.putIfAbsent(n.id, n);
        }
        List<NodeSpec> out = new ArrayList<>(raw.size());
        for (RawNode n : raw) {
            int depth = depth(n, byId, levels.size());
            if (n.key.value() != null && depth > 0) {
                try {
                    n.builder.key(MatchKey.parse(n.key.value(), n.key.mask(), levels.get(depth - 1).field().lengthBits()));
                } catch (IllegalArgumentException e) {
                    String member = n.key.memberOf(e);
                    keyProblem(n.pointer + "/" + member, n.id, member, n.key.value(), n.key.mask(),
                            e.getMessage() + " (level \"" + levels.get(depth - 1).name() + "\" matches "
                                    + levels.get(depth - 1).field().lengthBits() + " bits)");
                }
            }
            out.add(n.builder.build());
        }
        return out;
    }

    /** 1-based depth, or -1 if the parent chain is broken, cyclic or deeper than the levels. */
    private static int depth(RawNode n, Map<String, RawNode> byId, int levels) {
        int d = 1;
        for (String p = n.parent; p != null; p = byId.get(p).parent) {
            if (!byId.containsKey(p) || ++d > levels) {
                return -1;
            }
        }
        return d <= levels ? d : -1; // a tree without levels has no depth for even a top node
    }
}
