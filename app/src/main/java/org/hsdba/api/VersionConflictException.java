package org.hsdba.api;

import org.hsdba.model.PortRef;

/**
 * A write named an expected tree version that is no longer current (optimistic concurrency).
 * Carries the current version so a client can re-read and retry; version 0 means "no tree".
 */
public final class VersionConflictException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient PortRef port;
    private final long expectedVersion;
    private final long currentVersion;

    public VersionConflictException(PortRef port, long expectedVersion, long currentVersion) {
        super("tree of " + port + " is at version " + currentVersion + ", not the expected " + expectedVersion
                + (currentVersion == 0 ? " (there is no tree)" : "") + "; re-read it and retry");
        this.port = port;
        this.expectedVersion = expectedVersion;
        this.currentVersion = currentVersion;
    }

    public PortRef port() {
        return port;
    }

    public long expectedVersion() {
        return expectedVersion;
    }

    /** The version now stored; 0 if the port has no tree. */
    public long currentVersion() {
        return currentVersion;
    }
}
