package org.hsdba.pof.provider;

/**
 * Names and defaults of {@link PofAdapterManager}'s component properties (ONOS {@code cfg set}).
 * Defaults are plain literals: onos-maven-plugin copies them into the .cfgdef as written and
 * ONOS parses them from there (no digit separators).
 */
public final class OsgiPropertyConstants {
    public static final String POF_PORT = "pofPort";
    public static final int POF_PORT_DEFAULT = 6643;

    public static final String POF_BIND_ADDRESS = "pofBindAddress";
    /** This node's cluster address (see {@link BindAddress}); {@code 0.0.0.0} listens on all interfaces. */
    public static final String POF_BIND_ADDRESS_DEFAULT = "node";

    public static final String LIVENESS_TIMEOUT_MS = "livenessTimeoutMs";
    public static final int LIVENESS_TIMEOUT_MS_DEFAULT = 10000;

    public static final String REQUEST_TIMEOUT_MS = "requestTimeoutMs";
    public static final int REQUEST_TIMEOUT_MS_DEFAULT = 10000;

    public static final String CONFIRM_TIMEOUT_MS = "confirmTimeoutMs";
    public static final int CONFIRM_TIMEOUT_MS_DEFAULT = 30000;

    public static final String PROBE_TIMEOUT_MS = "probeTimeoutMs";
    public static final int PROBE_TIMEOUT_MS_DEFAULT = 3000;

    private OsgiPropertyConstants() {
    }
}
