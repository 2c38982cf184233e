package org.hsdba.model.json;

import java.util.Iterator;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Deterministic, readable JSON text: a container that fits in {@link #WIDTH} columns is written
 * on one line (so each tree node is one line), larger ones one member per line, indented by two.
 */
public final class JsonWriter {

    static final int WIDTH = 120;

    private JsonWriter() {
    }

    public static String write(JsonNode node) {
        StringBuilder sb = new StringBuilder();
        write(node, 0, sb);
        return sb.append('\n').toString();
    }

    private static void write(JsonNode node, int indent, StringBuilder sb) {
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
        if (node.isNumber() || node.isBoolean() || node.isNull()) {
            return node.asText().isEmpty() ? "null" : node.toString();
        }
        try {
            return JsonText.MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a JSON value", e);
        }
    }

    private static String quote(String text) {
        return '"' + new String(JsonStringEncoder.getInstance().quoteAsString(text)) + '"';
    }
}
