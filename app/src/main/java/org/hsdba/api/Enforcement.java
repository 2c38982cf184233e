package org.hsdba.api;

import java.util.Objects;
import java.util.Optional;

/**
 * Which version of a port's tree its switch enforces, against the stored one, and why they
 * differ: the answer to "is what the API shows what the switch does". Versions are operator
 * versions ({@code BandwidthTree.operatorVersion()}). Immutable.
 */
public final class Enforcement {

    /** How the switch's program of the port stands against the stored tree. */
    public enum Status {
        /** The switch runs the stored tree (joins and prunes included) and confirmed it. */
        ENFORCED("enforced"),
        /** A change is on its way to the switch; until it is confirmed the switch runs {@code enforcedVersion}. */
        PENDING("pending"),
        /** Programming failed ({@code reason}); the switch goes on with {@code enforcedVersion} (or none). */
        FAILED("failed"),
        /** The switch is not connected (to this instance): programmed when it connects. */
        NOT_CONNECTED("not-connected");

        private final String jsonName;

        Status(String jsonName) {
            this.jsonName = jsonName;
        }

        public String jsonName() {
            return jsonName;
        }

        public static Status ofJsonName(String name) {
            for (Status s : values()) {
                if (s.jsonName.equals(name)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown enforcement status \"" + name + "\"");
        }
    }

    private final long port;
    private final long version;
    private final Long enforcedVersion;
    private final Status status;
    private final String reason;

    /**
     * @param version the stored tree's operator version
     * @param enforcedVersion the operator version of the port's tree in the switch's confirmed program, or null if none
     * @param reason why it is not enforced (the error for FAILED), or null
     */
    public Enforcement(long port, long version, Long enforcedVersion, Status status, String reason) {
        this.port = port;
        this.version = version;
        this.enforcedVersion = enforcedVersion;
        this.status = Objects.requireNonNull(status, "status");
        this.reason = reason;
    }

    public long port() {
        return port;
    }

    public long version() {
        return version;
    }

    public Optional<Long> enforcedVersion() {
        return Optional.ofNullable(enforcedVersion);
    }

    public Status status() {
        return status;
    }

    public Optional<String> reason() {
        return Optional.ofNullable(reason);
    }

    /** One line for people: what the switch enforces and why, e.g. for the CLI and logs. */
    public String describe() {
        String runs = enforcedVersion == null ? "no program for this port"
                : "version " + enforcedVersion;
        switch (status) {
            case ENFORCED:
                return "the switch enforces version " + version;
            case PENDING:
                return "programming version " + version + "; until confirmed the switch enforces " + runs;
            case FAILED:
                return "programming version " + version + " failed: " + reason + "; the switch enforces " + runs;
            default:
                return "switch not connected: version " + version + " is programmed when it connects";
        }
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Enforcement)) {
            return false;
        }
        Enforcement e = (Enforcement) o;
        return e.port == port && e.version == version && Objects.equals(e.enforcedVersion, enforcedVersion)
                && e.status == status && Objects.equals(e.reason, reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(port, version, enforcedVersion, status, reason);
    }

    @Override
    public String toString() {
        return "port " + port + ": " + describe();
    }
}
