package org.hsdba.store;

import org.hsdba.model.NodeSpec;
import org.hsdba.model.json.ConfigJson;
import org.hsdba.model.json.JsonWriter;

/** JSON text written by hand where the store writes on every join (its entries' keys, ids and a delta's nodes). */
final class Json {

    private Json() {
    }

    /**
     * Appends {@code node} as the text of {@link ConfigJson#nodeToJson} ({@code toString()} of
     * that object), member for member in its order, without building the object: a delta's nodes
     * are written on every join's path, and the object model with its per-member allocation was
     * as large a part of writing a delta as the rest of it.
     */
    static StringBuilder node(StringBuilder out, NodeSpec n) {
        JsonWriter.quote(out.append("{\"id\":"), n.id());
        if (n.parentId() != null) {
            JsonWriter.quote(out.append(",\"parent\":"), n.parentId());
        }
        if (n.key() != null) {
            JsonWriter.quote(out.append(",\"key\":"), n.key().valueText());
            if (n.key().maskText() != null) {
                JsonWriter.quote(out.append(",\"mask\":"), n.key().maskText());
            }
        }
        if (n.guaranteed().isPresent()) {
            JsonWriter.quote(out.append(",\"guaranteed\":"), n.guaranteed().get().toString());
        }
        if (n.weight().isPresent()) {
            double w = n.weight().getAsDouble();
            out.append(",\"weight\":");
            if (w == Math.rint(w) && Math.abs(w) < 1e15) {
                out.append((long) w); // as ConfigWriter puts a whole weight: a long
            } else if (Double.isFinite(w)) {
                out.append(Double.toString(w)); // Jackson's double text (NumberOutput: Double.toString)
            } else {
                JsonWriter.quote(out, Double.toString(w)); // the generator quotes NaN and infinities by default
            }
        }
        if (!n.peak().isUnlimited()) {
            JsonWriter.quote(out.append(",\"peak\":"), n.peak().toString());
        }
        if (n.isTemplate()) {
            out.append(",\"template\":true");
        }
        if (n.isPinned()) {
            out.append(",\"pinned\":true");
        }
        if (n.isJoined()) {
            out.append(",\"joined\":true");
        }
        return out.append('}');
    }
}
