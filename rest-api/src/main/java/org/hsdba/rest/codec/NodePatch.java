package org.hsdba.rest.codec;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.model.json.KeyText;
import org.hsdba.model.json.ObjectReader;
import org.hsdba.model.json.Problems;

/**
 * A partial update of a node (PATCH): members present replace the node's attribute, JSON null
 * resets it to its default (guaranteed and weight: not given, derived by admission; peak:
 * unlimited; key: none, only valid for a template), members absent keep it. Updatable:
 * {@code guaranteed, weight, peak, key, mask, pinned, template, joined} ({@code "joined": false}
 * adopts a node that joined by packet-in: it is then never pruned); {@code id} may be repeated;
 * the parent is changed with the move resource.
 */
public final class NodePatch {

    private static final String[] UPDATABLE = {"guaranteed", "weight", "peak", "key", "mask", "pinned", "template", "joined"};

    private NodePatch() {
    }

    /** The patched node, at {@code pointer} of the request; throws a {@code ConfigException} listing every problem. */
    public static NodeSpec apply(JsonNode patch, String pointer, NodeSpec old, BandwidthTree tree) {
        Problems problems = new Problems();
        NodeSpec out = apply(patch, pointer, old, tree, problems);
        problems.throwIfAny();
        return out;
    }

    static NodeSpec apply(JsonNode patch, String pointer, NodeSpec old, BandwidthTree tree, Problems problems) {
        ObjectReader r = ObjectReader.of(patch, pointer, problems);
        if (r == null) {
            return null;
        }
        String id = r.string("id", false);
        if (id != null && !id.equals(old.id())) {
            r.problem("id", "a node's id cannot be changed (\"" + old.id() + "\" -> \"" + id + "\")");
        }
        if (r.raw("parent") != null || patch.has("parent")) {
            r.problem("parent", "a node's parent is changed with POST .../nodes/" + old.id() + "/move");
        }
        NodeSpec.Builder b = old.toBuilder();
        boolean any = false;
        for (String f : UPDATABLE) {
            r.has(f); // makes every updatable member known, for unknown-field suggestions
            any |= patch.has(f);
        }
        if (!any) {
            r.problem(null, "nothing to change: give at least one of " + String.join(", ", UPDATABLE));
        }
        if (patch.has("guaranteed")) {
            b.guaranteed(r.rate("guaranteed", false));
        }
        if (patch.has("weight")) {
            b.weight(r.number("weight", false));
        }
        if (patch.has("peak")) {
            Rate l = r.limit("peak", false);
            b.peak(l == null ? Rate.UNLIMITED : l);
        }
        if (patch.has("pinned")) {
            b.pinned(Boolean.TRUE.equals(r.bool("pinned")));
        }
        if (patch.has("template")) {
            b.template(Boolean.TRUE.equals(r.bool("template")));
        }
        if (patch.has("joined")) {
            b.joined(Boolean.TRUE.equals(r.bool("joined")));
        }
        if (patch.has("key") || patch.has("mask")) {
            KeyText key = KeyText.readApiForms(r);
            if (key != null) {
                b.key(key.value() == null ? null : parseKey(r, key, tree.level(old.id())));
            }
        }
        r.finish();
        return b.build();
    }

    private static MatchKey parseKey(ObjectReader r, KeyText key, LevelSpec level) {
        try {
            return MatchKey.parse(key.value(), key.mask(), level.field().lengthBits());
        } catch (IllegalArgumentException e) {
            r.problem("key", e.getMessage() + " (level \"" + level.name() + "\" matches "
                    + level.field().lengthBits() + " bits)");
            return null;
        }
    }
}
