package org.hsdba.store;

import java.util.Iterator;
import java.util.Map;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;

/** JSON text written by hand where the store writes on every join (its entries' keys, ids and a delta's nodes). */
final class Json {

    private Json() {
    }

    /** Appends {@code text} as a JSON string (quoted, escaped as Jackson escapes it); returns {@code out}. */
    static StringBuilder quote(StringBuilder out, String text) {
        out.append('"');
        JsonStringEncoder.getInstance().quoteAsString(text, out);
        return out.append('"');
    }

    /**
     * Appends {@code node} as the text {@link JsonNode#toString()} gives. That goes through
     * Jackson's object writer (a serializer provider and generator per call): for a node of a few
     * members that machinery cost a join's write in the ONOS store more than the rest of it
     * (0.08 of 0.2 ms median, measured inside the write at 100 joins/s).
     */
    static StringBuilder write(StringBuilder out, JsonNode node) {
        if (node.isObject()) {
            out.append('{');
            boolean first = true;
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                quote(out.append(first ? "" : ","), e.getKey()).append(':');
                write(out, e.getValue());
                first = false;
            }
            return out.append('}');
        }
        if (node.isArray()) {
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                write(out.append(i == 0 ? "" : ","), node.get(i));
            }
            return out.append(']');
        }
        if (node.isTextual()) {
            return quote(out, node.textValue());
        }
        if ((node.isDouble() || node.isFloat()) && !Double.isFinite(node.doubleValue())) {
            return quote(out, node.asText()); // as the generator writes NaN and infinities by default
        }
        if (node.isNumber() || node.isBoolean() || node.isNull()) {
            return out.append(node.asText()); // the generator's own number text (NumberOutput), true/false, null
        }
        return out.append(node.toString()); // binary, POJO: not in the store's nodes
    }
}
