package org.hsdba.api;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A device as the service sees it: every connected switch and every device some tree is
 * configured for. {@code programmed} is true when every tree of the device is installed and
 * confirmed by the switch at its current version.
 */
public final class DeviceStatus {

    private final String id;
    private final boolean connected;
    private final DeviceMode mode;
    private final List<PortInfo> ports;
    private final boolean programmed;
    private final String lastError;
    private final JoinCounters joins;
    private final List<Enforcement> trees;

    /** A device with no tree whose enforcement is known (see {@link #trees()}). */
    public DeviceStatus(String id, boolean connected, DeviceMode mode, List<PortInfo> ports, boolean programmed,
                        String lastError, JoinCounters joins) {
        this(id, connected, mode, ports, programmed, lastError, joins, List.of());
    }

    public DeviceStatus(String id, boolean connected, DeviceMode mode, List<PortInfo> ports, boolean programmed,
                        String lastError, JoinCounters joins, List<Enforcement> trees) {
        this.id = Objects.requireNonNull(id, "id");
        this.connected = connected;
        this.mode = Objects.requireNonNull(mode, "mode");
        this.ports = List.copyOf(ports);
        this.programmed = programmed;
        this.lastError = lastError;
        this.joins = Objects.requireNonNull(joins, "joins");
        this.trees = List.copyOf(trees);
    }

    /** ONOS-style device id, {@code pof:%016x} of the POF device id. */
    public String id() {
        return id;
    }

    public boolean isConnected() {
        return connected;
    }

    public DeviceMode mode() {
        return mode;
    }

    /** The switch's ports plus configured ports it does not report, by port number. */
    public List<PortInfo> ports() {
        return ports;
    }

    public boolean isProgrammed() {
        return programmed;
    }

    /** The last programming or switch error, cleared when the device is programmed again. */
    public Optional<String> lastError() {
        return Optional.ofNullable(lastError);
    }

    public JoinCounters joins() {
        return joins;
    }

    /** Per port with a tree, by port: which version the switch enforces, and why not the stored one. */
    public List<Enforcement> trees() {
        return trees;
    }

    /** The enforcement of one port's tree, if the device has a tree there. */
    public Optional<Enforcement> tree(long port) {
        return trees.stream().filter(e -> e.port() == port).findFirst();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof DeviceStatus)) {
            return false;
        }
        DeviceStatus d = (DeviceStatus) o;
        return d.id.equals(id) && d.connected == connected && d.mode == mode && d.ports.equals(ports)
                && d.programmed == programmed && Objects.equals(d.lastError, lastError) && d.joins.equals(joins) && d.trees.equals(trees);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, connected, mode, ports, programmed, lastError, joins, trees);
    }

    @Override
    public String toString() {
        return id + (connected ? " connected " : " disconnected ") + mode.jsonName()
                + (programmed ? ", programmed" : ", not programmed") + (lastError == null ? "" : ", error: " + lastError)
                + ", " + ports + ", " + joins + (trees.isEmpty() ? "" : ", " + trees);
    }
}
