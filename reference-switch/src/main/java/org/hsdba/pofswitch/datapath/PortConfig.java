package org.hsdba.pofswitch.datapath;

import java.util.Objects;

/** A switch port: POF port id, name, MAC address, and the line rate it reports (POF curr_speed). */
public final class PortConfig {
    private final int id;
    private final String name;
    private final byte[] mac;
    private final long speedKbps;

    public PortConfig(int id, String name, byte[] mac) {
        this(id, name, mac, 0);
    }

    /**
     * @param speedKbps the line rate in kbit/s as POF's 32-bit {@code curr_speed} carries it; 0 = not
     *                  known (what POFSwitch reports for ports whose driver gives no speed)
     */
    public PortConfig(int id, String name, byte[] mac, long speedKbps) {
        if (id < 1 || id > 254) {
            throw new IllegalArgumentException("port id must be in 1..254 (255 means flood), got " + id);
        }
        this.id = id;
        this.name = Objects.requireNonNull(name, "name");
        if (mac.length != 6) {
            throw new IllegalArgumentException("port " + id + ": a MAC address has 6 bytes, got " + mac.length);
        }
        if (speedKbps < 0 || speedKbps > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("port " + id + ": speed " + speedKbps
                    + " kbit/s is outside POF's curr_speed (0 .. 4294967295 kbit/s)");
        }
        this.mac = mac.clone();
        this.speedKbps = speedKbps;
    }

    /** Port {@code id} named "s1-eth{id}" with MAC 02:00:00:00:00:{id}, speed not known. */
    public static PortConfig standard(int id) {
        return new PortConfig(id, "s1-eth" + id, new byte[] {2, 0, 0, 0, 0, (byte) id});
    }

    /** This port reporting {@code kbps} as its line rate. */
    public PortConfig withSpeedKbps(long kbps) {
        return new PortConfig(id, name, mac, kbps);
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

    /** Line rate in kbit/s; 0 = not known. */
    public long speedKbps() {
        return speedKbps;
    }
}
