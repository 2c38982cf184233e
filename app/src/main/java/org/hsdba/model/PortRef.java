package org.hsdba.model;

/** The egress port a bandwidth tree belongs to: a device id (e.g. {@code pof:0000000000000001}) and a port number. */
public final class PortRef implements Comparable<PortRef> {

    /** Largest port number: POF port ids are u32. */
    public static final long MAX_PORT = 0xFFFF_FFFFL;

    private final String deviceId;
    private final long port;
    /**
     * Computed once: a port is a map key on every join's path (edit journal, activity tracker),
     * and {@code Objects.hash} boxes the port and allocates an array at each call. The value is
     * {@code Objects.hash(deviceId, port)}'s, so maps iterate as they did.
     */
    private final int hash;

    private PortRef(String deviceId, long port) {
        this.deviceId = deviceId;
        this.port = port;
        this.hash = 31 * (31 + deviceId.hashCode()) + Long.hashCode(port);
    }

    public static PortRef of(String deviceId, long port) {
        if (deviceId == null || deviceId.trim().isEmpty()) {
            throw new IllegalArgumentException("device id is empty");
        }
        if (port < 0 || port > MAX_PORT) {
            throw new IllegalArgumentException("port " + port + " is outside 0.." + MAX_PORT);
        }
        return new PortRef(deviceId, port);
    }

    public String deviceId() {
        return deviceId;
    }

    public long port() {
        return port;
    }

    @Override
    public int compareTo(PortRef o) {
        int c = deviceId.compareTo(o.deviceId);
        return c != 0 ? c : Long.compare(port, o.port);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PortRef && ((PortRef) o).deviceId.equals(deviceId) && ((PortRef) o).port == port;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /** {@code device/port}, e.g. {@code pof:0000000000000001/3}. */
    @Override
    public String toString() {
        return deviceId + "/" + port;
    }
}
