package org.hsdba.api;

import org.hsdba.model.PortRef;

/**
 * A write expected another tree than the current one (optimistic concurrency, see
 * {@link Precondition}). Carries the current operator version and tag so a client can re-read and
 * retry; version 0 and no tag mean "no tree".
 */
public final class VersionConflictException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient PortRef port;
    private final String expected;
    private final long currentVersion;
    private final transient TreeTag currentTag;

    /** A store-level conflict on the store's revision (another writer got there first). */
    public VersionConflictException(PortRef port, long expectedVersion, long currentVersion) {
        this(port, "revision " + expectedVersion, currentVersion, null);
    }

    public VersionConflictException(PortRef port, String expected, long currentVersion, TreeTag currentTag) {
        super("tree of " + port + (currentTag == null && currentVersion == 0 ? " does not exist"
                : " is at version " + currentVersion + (currentTag != null ? " (tag " + currentTag.text() + ")" : ""))
                + ", not the expected " + expected + "; re-read it and retry");
        this.port = port;
        this.expected = expected;
        this.currentVersion = currentVersion;
        this.currentTag = currentTag;
    }

    public PortRef port() {
        return port;
    }

    /** What the write expected, for messages. */
    public String expected() {
        return expected;
    }

    /** The operator version now stored (or the store's revision for a store-level conflict); 0 if the port has no tree. */
    public long currentVersion() {
        return currentVersion;
    }

    /** The current tag, or null if the port has no tree (or the conflict was inside the store). */
    public TreeTag currentTag() {
        return currentTag;
    }
}
