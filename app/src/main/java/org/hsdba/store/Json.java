package org.hsdba.store;

import com.fasterxml.jackson.core.io.JsonStringEncoder;

import org.hsdba.model.NodeSpec;
import org.hsdba.model.json.ConfigJson;
import org.hsdba.model.json.JsonWriter;

/** JSON text written by hand where the store writes on every join (its entries' keys, ids and a delta's nodes). */
final class Json {

    private Json() {
    }

    /** Appends {@code text} as a JSON string (quoted, escaped as Jackson escapes it); returns {@code out}. */
    static StringBuilder quote(StringBuilder out, String text) {
        out.append('"');
        if (JsonWriter.plain(text)) {
            // The store's keys and node ids never need escaping: copied as they are, the
            // encoder's character loop and table look-ups (a quarter of writing the index) skipped.
            out.append(text);
        } else {
            JsonStringEncoder.getInstance().quoteAsString(text, out);
        }
        return out.append('"');
    }


    /**
     * Appends {@code node} as the text of {@link ConfigJson#nodeToJson} ({@code toString()} of
     * that object), member for member in its order, without building the object: a delta's nodes
     * are written on every join's path, and the object model with its per-member allocation was
     * as large a part of writing a delta as the rest of it.
     */
    static StringBuilder node(StringBuilder out, NodeSpec n) {
        quote(out.append("{\"id\":"), n.id());
        if (n.parentId() != null) {
            quote(out.append(",\"parent\":"), n.parentId());
        }
        if (n.key() != null) {
            quote(out.append(",\"key\":"), n.key().valueText());
            if (n.key().maskText() != null) {
                quote(out.append(",\"mask\":"), n.key().maskText());
            }
        }
        if (n.guaranteed().isPresent()) {
            quote(out.append(",\"guaranteed\":"), n.guaranteed().get().toString());
        }
        if (n.weight().isPresent()) {
            double w = n.weight().getAsDouble();
            out.append(",\"weight\":");
            if (w == Math.rint(w) && Math.abs(w) < 1e15) {
                out.append((long) w); // as ConfigWriter puts a whole weight: a long
            } else if (Double.isFinite(w)) {
                out.append(Double.toString(w)); // Jackson's double text (NumberOutput: Double.toString)
            } else {
                quote(out, Double.toString(w)); // the generator quotes NaN and infinities by default
            }
        }
        if (!n.peak().isUnlimited()) {
            quote(out.append(",\"peak\":"), n.peak().toString());
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
