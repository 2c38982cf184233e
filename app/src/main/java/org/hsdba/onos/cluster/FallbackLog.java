package org.hsdba.onos.cluster;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Says why a device's live figures are this instance's own rather than its master's, once per
 * device and cause: a GUI refreshing every second must not fill the log with one line per request.
 * A different cause for the same device is said again; so is the first failure after the master
 * answered again.
 */
public final class FallbackLog {

    /** Why the master's figures are missing. */
    enum Cause {
        /** No answer within the bounded time. */
        TIMEOUT,
        /** The master has no hsdba handler: the app is not active there (or another hsdba version). */
        NOT_RUNNING,
        /** The cluster messaging failed otherwise (connection, remote handler error). */
        UNREACHABLE,
        /** The answer did not decode (another format version, or corrupt). */
        UNREADABLE,
        /** The asked instance does not master the device (mastership is moving). */
        NOT_MASTER,
        /** The master answered that computing the figures failed. */
        FAILED_AT_MASTER
    }

    private final Map<String, Cause> said = new ConcurrentHashMap<>();
    private final Consumer<String> warn;
    private final Consumer<String> info;

    public FallbackLog(Consumer<String> warn, Consumer<String> info) {
        this.warn = Objects.requireNonNull(warn, "warn");
        this.info = Objects.requireNonNull(info, "info");
    }

    /** The master's figures for the device were not had, for this cause (explained by {@code why}). */
    void fellBack(String deviceId, Cause cause, String why) {
        if (said.put(deviceId, cause) != cause) {
            warn.accept("live figures of " + deviceId + " are shown as not measured here: " + why
                    + " (said once until the cause changes)");
        }
    }

    /** The master answered for the device. */
    void answered(String deviceId) {
        if (said.remove(deviceId) != null) {
            info.accept("the master of " + deviceId + " answers for its live figures again");
        }
    }
}
