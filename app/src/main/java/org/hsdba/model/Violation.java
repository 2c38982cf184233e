package org.hsdba.model;

import java.util.Objects;

/**
 * One broken rule of a tree: a code, the node it is about (null for the tree itself), the
 * attribute concerned as a relative JSON pointer (e.g. {@code guaranteed}, {@code levels/2}; may
 * be empty), and a message that names the node's path, the quantities with units and the limit.
 */
public final class Violation {

    private final ViolationCode code;
    private final String nodeId;
    private final String field;
    private final String message;

    public Violation(ViolationCode code, String nodeId, String field, String message) {
        this.code = Objects.requireNonNull(code, "code");
        this.nodeId = nodeId;
        this.field = field == null ? "" : field;
        this.message = Objects.requireNonNull(message, "message");
    }

    public ViolationCode code() {
        return code;
    }

    /** The node concerned, or null when the violation is about the tree's own parameters. */
    public String nodeId() {
        return nodeId;
    }

    /** The attribute concerned, as a JSON pointer relative to the node (or tree); empty if the whole node. */
    public String field() {
        return field;
    }

    public String message() {
        return message;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Violation)) {
            return false;
        }
        Violation v = (Violation) o;
        return v.code == code && Objects.equals(v.nodeId, nodeId) && v.field.equals(field) && v.message.equals(message);
    }

    @Override
    public int hashCode() {
        return Objects.hash(code, nodeId, field, message);
    }

    @Override
    public String toString() {
        return message + " [" + code + "]";
    }
}
