package org.hsdba.model.json;

import java.util.Iterator;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.POJONode;

/**
 * Deterministic, readable JSON text: a container that fits in {@link #WIDTH} columns is written
 * on one line (so each tree node is one line), larger ones one member per line, indented by two.
 */
public final class JsonWriter {

    static final int WIDTH = 120;

    private JsonWriter() {
    }

    public static String write(JsonNode node) {
        return write(node, 16);
    }

    /** {@link #write(JsonNode)} into a buffer of {@code capacity} characters to start with (no regrowth for a known size). */
    static String write(JsonNode node, int capacity) {
        StringBuilder sb = new StringBuilder(capacity);
        write(node, 0, sb);
        return sb.append('\n').toString();
    }

    /**
     * A value rendered ahead of time (a {@link POJONode} holding it stands for it): its one-line
     * text, and its text at an indent, both exactly what this writer makes of the value itself.
     * Lets a caller keep the text of values that do not change between writes.
     */
    interface Rendered {
        /** The one-line form, whatever its length. */
        String inline();

        /** The form at {@code indent}: {@link #inline()} if it fits in the width left, else one member per line. */
        String at(int indent);
    }

    /** {@code node}'s text at {@code indent}, as {@link #write(JsonNode)} would place it there. */
    static String fragment(JsonNode node, int indent) {
        StringBuilder sb = new StringBuilder();
        write(node, indent, sb);
        return sb.toString();
    }

    /** {@code node} on one line, whatever its length. */
    static String oneLine(JsonNode node) {
        StringBuilder sb = new StringBuilder();
        inline(node, sb, Integer.MAX_VALUE);
        return sb.toString();
    }

    private static Rendered rendered(JsonNode node) {
        if (node instanceof POJONode && ((POJONode) node).getPojo() instanceof Rendered) {
            return (Rendered) ((POJONode) node).getPojo();
        }
        return null;
    }

    private static void write(JsonNode node, int indent, StringBuilder sb) {
        Rendered r = rendered(node);
        if (r != null) {
            sb.append(r.at(indent));
            return;
        }
        if (!node.isContainerNode() || node.size() == 0) {
            sb.append(scalar(node));
            return;
        }
        StringBuilder line = new StringBuilder();
        if (inline(node, line, WIDTH - indent)) {
            sb.append(line);
            return;
        }
        boolean object = node.isObject();
        sb.append(object ? '{' : '[');
        String pad = " ".repeat(indent + 2);
        if (object) {
            Iterator<Map.Entry<String, JsonNode>> it = node.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                sb.append('\n').append(pad).append(quote(e.getKey())).append(": ");
                write(e.getValue(), indent + 2, sb);
                sb.append(it.hasNext() ? "," : "");
            }
        } else {
            for (int i = 0; i < node.size(); i++) {
                sb.append('\n').append(pad);
                write(node.get(i), indent + 2, sb);
                sb.append(i + 1 < node.size() ? "," : "");
            }
        }
        sb.append('\n').append(" ".repeat(indent)).append(object ? '}' : ']');
    }

    /** Writes the node on one line; false (leaving {@code out} partial) as soon as it exceeds {@code budget}. */
    private static boolean inline(JsonNode node, StringBuilder out, int budget) {
        Rendered r = rendered(node);
        if (r != null) {
            out.append(r.inline());
            return out.length() <= budget;
        }
        if (!node.isContainerNode()) {
            out.append(scalar(node));
            return out.length() <= budget;
        }
        boolean object = node.isObject();
        out.append(object ? '{' : '[');
        boolean first = true;
        if (object) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                out.append(first ? "" : ", ").append(quote(e.getKey())).append(": ");
                first = false;
                if (out.length() > budget || !inline(e.getValue(), out, budget)) {
                    return false;
                }
            }
        } else {
            for (JsonNode element : node) {
                out.append(first ? "" : ", ");
                first = false;
                if (out.length() > budget || !inline(element, out, budget)) {
                    return false;
                }
            }
        }
        out.append(object ? '}' : ']');
        return out.length() <= budget;
    }

    private static String scalar(JsonNode node) {
        if (node.isTextual()) {
            return quote(node.textValue());
        }
        if (node.isIntegralNumber() && node.canConvertToLong() || node.isBoolean()) {
            return node.asText(); // what toString() writes, without a generator per number
        }
        if (node.isDouble() && Double.isFinite(node.doubleValue())) {
            return Double.toString(node.doubleValue()); // Jackson's text for a finite double
        }
        if (node.isNumber() || node.isNull()) {
            return node.asText().isEmpty() ? "null" : node.toString();
        }
        try {
            return JsonText.MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a JSON value", e);
        }
    }

    private static String quote(String text) {
        return quote(new StringBuilder(text.length() + 2), text).toString();
    }

    /**
     * Appends {@code text} as a JSON string, quoted and escaped as Jackson escapes it; returns
     * {@code out}. Text that needs no escape (ids, keys, rates: nearly all of it) is copied as it
     * is, without the encoder's character loop and table look-ups.
     */
    public static StringBuilder quote(StringBuilder out, String text) {
        out.append('"');
        if (plain(text)) {
            out.append(text);
        } else {
            JsonStringEncoder.getInstance().quoteAsString(text, out);
        }
        return out.append('"');
    }

    /** True if JSON needs no escape in {@code text}: no control character, quote or backslash (the only characters Jackson's encoder escapes). */
    private static boolean plain(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == '"' || c == '\\') {
                return false;
            }
        }
        return true;
    }
}
