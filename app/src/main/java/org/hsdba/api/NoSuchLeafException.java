package org.hsdba.api;

/**
 * A request names, as a leaf, a node the tree does not have or one that is not a leaf (a preview's
 * demands). Well-formed but inapplicable to the tree it meets: REST answers 422, not 400, since no
 * request schema can know the tree's node names.
 */
public final class NoSuchLeafException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String nodeId;

    public NoSuchLeafException(String nodeId, String message) {
        super(message);
        this.nodeId = nodeId;
    }

    /** The name the request gave. */
    public String nodeId() {
        return nodeId;
    }
}
