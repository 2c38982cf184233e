package org.hsdba.api;

import java.util.Objects;

/** One port of a device: number, name, link up, and whether a bandwidth tree manages it. */
public final class PortInfo {

    private final long port;
    private final String name;
    private final boolean up;
    private final boolean managed;

    public PortInfo(long port, String name, boolean up, boolean managed) {
        this.port = port;
        this.name = Objects.requireNonNull(name, "name");
        this.up = up;
        this.managed = managed;
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

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PortInfo)) {
            return false;
        }
        PortInfo p = (PortInfo) o;
        return p.port == port && p.name.equals(name) && p.up == up && p.managed == managed;
    }

    @Override
    public int hashCode() {
        return Objects.hash(port, name, up, managed);
    }

    @Override
    public String toString() {
        return "port " + port + (name.isEmpty() ? "" : " (" + name + ")") + (up ? " up" : " down")
                + (managed ? ", managed" : "");
    }
}
