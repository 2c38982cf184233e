package org.hsdba.rest.error;

import java.util.Objects;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One problem of a rejected request: where (a JSON pointer into the request body, the node id,
 * the node's attribute, a line and column in the body text) and what. Absent parts are omitted
 * from the JSON.
 */
public final class ErrorDetail {

    private final String pointer;
    private final String node;
    private final String field;
    private final String rule;
    private final int line;
    private final int column;
    private final String message;

    private ErrorDetail(Builder b) {
        this.pointer = b.pointer;
        this.node = b.node;
        this.field = b.field;
        this.rule = b.rule;
        this.line = b.line;
        this.column = b.column;
        this.message = Objects.requireNonNull(b.message, "message");
    }

    public static Builder builder(String message) {
        return new Builder(message);
    }

    public static ErrorDetail of(String message) {
        return builder(message).build();
    }

    /** JSON pointer into the request body, or null. */
    public String pointer() {
        return pointer;
    }

    /** The tree node concerned, or null. */
    public String node() {
        return node;
    }

    /** The node's (or tree's) attribute concerned, e.g. {@code guaranteed}, or null. */
    public String field() {
        return field;
    }

    /** The tree rule broken (a {@code ViolationCode} name), or null. */
    public String rule() {
        return rule;
    }

    /** 1-based line in the body text, or -1. */
    public int line() {
        return line;
    }

    /** 1-based column in the body text, or -1. */
    public int column() {
        return column;
    }

    public String message() {
        return message;
    }

    public ObjectNode toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        if (pointer != null) {
            o.put("pointer", pointer);
        }
        if (node != null) {
            o.put("node", node);
        }
        if (field != null) {
            o.put("field", field);
        }
        if (rule != null) {
            o.put("rule", rule);
        }
        if (line > 0) {
            o.put("line", line);
            o.put("column", column);
        }
        o.put("message", message);
        return o;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ErrorDetail)) {
            return false;
        }
        ErrorDetail d = (ErrorDetail) o;
        return Objects.equals(d.pointer, pointer) && Objects.equals(d.node, node) && Objects.equals(d.field, field)
                && Objects.equals(d.rule, rule) && d.line == line && d.column == column && d.message.equals(message);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pointer, node, field, rule, line, column, message);
    }

    @Override
    public String toString() {
        return (pointer == null ? "" : pointer + ": ") + message;
    }

    /** Builder; only the message is required. */
    public static final class Builder {
        private String pointer;
        private String node;
        private String field;
        private String rule;
        private int line = -1;
        private int column = -1;
        private final String message;

        private Builder(String message) {
            this.message = message;
        }

        public Builder pointer(String p) {
            this.pointer = p;
            return this;
        }

        public Builder node(String n) {
            this.node = n;
            return this;
        }

        public Builder field(String f) {
            this.field = f == null || f.isEmpty() ? null : f;
            return this;
        }

        public Builder rule(String r) {
            this.rule = r;
            return this;
        }

        public Builder location(int l, int c) {
            this.line = l;
            this.column = c;
            return this;
        }

        public ErrorDetail build() {
            return new ErrorDetail(this);
        }
    }
}
