package org.hsdba.pofswitch.datapath;

import java.util.Objects;

/** A switch port: POF port id (1..), interface name and MAC address. */
public final class PortConfig {
    private final int id;
    private final String name;
    private final byte[] mac;

    public PortConfig(int id, String name, byte[] mac) {
        if (id < 1 || id > 254) {
            throw new IllegalArgumentException("port id must be in 1..254 (255 means flood), got " + id);
        }
        this.id = id;
        this.name = Objects.requireNonNull(name, "name");
        if (mac.length != 6) {
            throw new IllegalArgumentException("port " + id + ": a MAC address has 6 bytes, got " + mac.length);
        }
        this.mac = mac.clone();
    }

    /** Port {@code id} named "s1-eth{id}" with MAC 02:00:00:00:00:{id}. */
    public static PortConfig standard(int id) {
        return new PortConfig(id, "s1-eth" + id, new byte[] {2, 0, 0, 0, 0, (byte) id});
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    public byte[] mac() {
        return mac.clone();
    }
}
