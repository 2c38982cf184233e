package org.hsdba.impl.program;

import java.util.Objects;

import org.hsdba.model.PortRef;

/** Where a join packet-in missed: the tree's port and the level (1 = children of the port) whose table had no entry. */
public final class JoinSite {

    private final PortRef port;
    private final int depth;

    private JoinSite(PortRef port, int depth) {
        this.port = Objects.requireNonNull(port, "port");
        if (depth < 1) {
            throw new IllegalArgumentException("join depth " + depth + " must be at least 1");
        }
        this.depth = depth;
    }

    public static JoinSite of(PortRef port, int depth) {
        return new JoinSite(port, depth);
    }

    public PortRef port() {
        return port;
    }

    /** The level of the node to create: 1 for a child of the port. */
    public int depth() {
        return depth;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JoinSite && ((JoinSite) o).port.equals(port) && ((JoinSite) o).depth == depth;
    }

    @Override
    public int hashCode() {
        return port.hashCode() * 31 + depth;
    }

    @Override
    public String toString() {
        return port + " level " + depth;
    }
}
