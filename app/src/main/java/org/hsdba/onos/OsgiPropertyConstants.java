package org.hsdba.onos;

/**
 * Names and defaults of {@link HsdbaComponent}'s component properties (ONOS {@code cfg set}).
 * Defaults are plain literals: onos-maven-plugin copies them into the .cfgdef as written and
 * ONOS parses them from there (no digit separators).
 */
public final class OsgiPropertyConstants {

    /** How long a non-master instance waits for the master's live figures before showing its own. */
    public static final String MASTER_TIMEOUT_MS = "masterTimeoutMs";
    public static final int MASTER_TIMEOUT_MS_DEFAULT = 2000;

    private OsgiPropertyConstants() {
    }
}
