package org.hsdba.api;

import java.util.Objects;

/** One port of a device: number, name, link up, whether a bandwidth tree manages it, and its line rate. */
public final class PortInfo {

    private final long port;
    private final String name;
    private final boolean up;
    private final boolean managed;
    private final long speedBps;

    /** A port whose line rate is not known. */
    public PortInfo(long port, String name, boolean up, boolean managed) {
        this(port, name, up, managed, 0);
    }

    /** @param speedBps the line rate the switch reports, bits/s; 0 = not known */
    public PortInfo(long port, String name, boolean up, boolean managed, long speedBps) {
        if (speedBps < 0) {
            throw new IllegalArgumentException("port " + port + ": speed " + speedBps + " b/s is negative");
        }
        this.port = port;
        this.name = Objects.requireNonNull(name, "name");
        this.up = up;
        this.managed = managed;
        this.speedBps = speedBps;
    }

    public long port() {
        return port;
    }

    /** The switch's name for the port; empty if the switch is not connected. */
    public String name() {
        return name;
    }

    public boolean isUp() {
        return up;
    }

    /** True if a bandwidth tree is configured for this port. */
    public boolean isManaged() {
        return managed;
    }

    /** The line rate the switch reports (POF curr_speed), bits/s; 0 = not known (or not connected). */
    public long speedBps() {
        return speedBps;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PortInfo)) {
            return false;
        }
        PortInfo p = (PortInfo) o;
        return p.port == port && p.name.equals(name) && p.up == up && p.managed == managed && p.speedBps == speedBps;
    }

    @Override
    public int hashCode() {
        return Objects.hash(port, name, up, managed, speedBps);
    }

    @Override
    public String toString() {
        return "port " + port + (name.isEmpty() ? "" : " (" + name + ")") + (up ? " up" : " down")
                + (managed ? ", managed" : "") + (speedBps > 0 ? ", " + speedBps + " b/s" : "");
    }
}
