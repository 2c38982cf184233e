package org.hsdba.onos;

/** Names and defaults of {@link HsdbaComponent}'s component properties (ONOS {@code cfg set}). */
public final class OsgiPropertyConstants {

    /** How long a non-master instance waits for the master's live figures before showing its own. */
    public static final String MASTER_TIMEOUT_MS = "masterTimeoutMs";
    public static final int MASTER_TIMEOUT_MS_DEFAULT = 2_000;

    private OsgiPropertyConstants() {
    }
}
