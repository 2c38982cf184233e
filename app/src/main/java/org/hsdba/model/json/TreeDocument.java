package org.hsdba.model.json;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Violation;
import org.hsdba.model.ViolationCode;

/**
 * One tree object read WITHOUT admission: its members are checked (types, units, unknown
 * members, keys against their levels), the tree is built on demand ({@link #build}: structure
 * checked, rates not admitted), and {@link #pointerOf} places any broken rule in the document.
 * For callers that must tell value problems from broken tree rules, or that need a tree which
 * breaks admission rules (a preview); {@link ConfigJson#treeFromJson} is this plus admission.
 */
public final class TreeDocument {

    private final String pointer;
    private final BandwidthTree.Builder builder;
    private final Map<String, List<String>> pointersById;

    TreeDocument(String pointer, BandwidthTree.Builder builder, Map<String, List<String>> pointersById) {
        this.pointer = pointer;
        this.builder = builder;
        this.pointersById = pointersById;
    }

    /**
     * Reads a tree object of the config file at {@code pointer}; throws a {@link ConfigException}
     * listing every problem (kinds {@code VALUE} and {@code UNKNOWN_FIELD}).
     */
    public static TreeDocument read(JsonNode json, String pointer) {
        return read(new TreeReader(new Problems()), json, pointer);
    }

    /**
     * Reads a tree object in the API's forms: the config format, plus keys as {@code {"value",
     * "mask"}} objects and the {@code guaranteedBps} / {@code peakBps} companions of join template
     * rates. If {@code impliedPort} is not null, {@code device} and {@code port} may be omitted
     * (they are its) and must agree with it when given.
     */
    public static TreeDocument readApi(JsonNode json, String pointer, PortRef impliedPort) {
        return read(new TreeReader(new Problems(), true, impliedPort), json, pointer);
    }

    private static TreeDocument read(TreeReader reader, JsonNode json, String pointer) {
        TreeDocument doc = reader.document(json, pointer);
        reader.problems().throwIfAny();
        return doc;
    }

    /** One level object in the API's forms (see {@link #readApi}); null with problems recorded. */
    public static LevelSpec readApiLevel(JsonNode json, String pointer, Problems problems) {
        return new TreeReader(problems, true, null).level(json, pointer);
    }

    /**
     * The tree, structurally checked but not admitted. Throws {@link InvalidTreeException} with
     * every structural violation; {@link #pointerOf} places them in the document.
     */
    public BandwidthTree build() {
        return builder.build();
    }

    /**
     * Where a violation of this document's tree lies: the member of the node (or of the tree) it
     * is about; for a duplicate id, the second node with that id. Null if it is about a node the
     * document does not have.
     */
    public String pointerOf(Violation v) {
        String base = base(v, v.code() == ViolationCode.DUPLICATE_ID ? 1 : 0);
        return base == null ? null : member(base, v);
    }

    /** The pointer of the violation's node ({@code occurrence}-th with its id) or of the tree; null for an unknown node. */
    private String base(Violation v, int occurrence) {
        if (v.nodeId() == null) {
            return pointer;
        }
        List<String> same = pointersById.get(v.nodeId());
        return same == null ? null : same.get(Math.min(occurrence, same.size() - 1));
    }

    private static String member(String base, Violation v) {
        return v.field().isEmpty() ? base : base + "/" + v.field();
    }

    /**
     * Records violations of this document's tree as {@code RULE} problems at their members; the
     * k-th duplicate-id violation of an id goes to its (k+1)-th node.
     */
    void report(List<Violation> violations, Problems problems) {
        Map<String, Integer> duplicatesSeen = new HashMap<>();
        for (Violation v : violations) {
            int occurrence = v.code() == ViolationCode.DUPLICATE_ID ? duplicatesSeen.merge(v.nodeId(), 1, Integer::sum) : 0;
            String base = base(v, occurrence);
            problems.add(member(base == null ? pointer : base, v), v);
        }
    }
}
