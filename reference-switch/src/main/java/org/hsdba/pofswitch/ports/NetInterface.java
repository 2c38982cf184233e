package org.hsdba.pofswitch.ports;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** A Linux network interface as sysfs describes it: name, index, MAC, MTU, link speed. Immutable. */
public final class NetInterface {
    private static final Path SYS = Paths.get("/sys/class/net");

    private final String name;
    private final int index;
    private final byte[] mac;
    private final int mtu;
    private final long speedMbps;

    private NetInterface(String name, int index, byte[] mac, int mtu, long speedMbps) {
        this.name = name;
        this.index = index;
        this.mac = mac;
        this.mtu = mtu;
        this.speedMbps = speedMbps;
    }

    /** Reads {@code /sys/class/net/NAME}; a missing interface is an IOException naming it. */
    public static NetInterface byName(String name) throws IOException {
        if (name.isEmpty() || name.contains("/") || name.length() > 15) {
            throw new IOException("not an interface name: '" + name + "'");
        }
        Path dir = SYS.resolve(name);
        if (!Files.isDirectory(dir)) {
            throw new IOException("no network interface '" + name + "' in this namespace (" + dir + " missing)");
        }
        int index = Integer.parseInt(read(dir, "ifindex"));
        int mtu = Integer.parseInt(read(dir, "mtu"));
        return new NetInterface(name, index, parseMac(read(dir, "address"), name), mtu, speed(dir));
    }

    /** sysfs "speed" in Mb/s; 0 when the driver gives none (the read fails on a link that is down, or says -1). */
    private static long speed(Path dir) {
        try {
            return parseSpeed(read(dir, "speed"));
        } catch (IOException e) {
            return 0;
        }
    }

    static long parseSpeed(String text) {
        try {
            long v = Long.parseLong(text.trim());
            return v > 0 ? v : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String read(Path dir, String file) throws IOException {
        return new String(Files.readAllBytes(dir.resolve(file)), StandardCharsets.US_ASCII).trim();
    }

    static byte[] parseMac(String text, String name) throws IOException {
        String[] parts = text.split(":");
        if (parts.length != 6) {
            throw new IOException("interface " + name + " has no Ethernet address (" + text + ")");
        }
        byte[] mac = new byte[6];
        for (int i = 0; i < 6; i++) {
            mac[i] = (byte) Integer.parseInt(parts[i], 16);
        }
        return mac;
    }

    public String name() {
        return name;
    }

    public int index() {
        return index;
    }

    public byte[] mac() {
        return mac.clone();
    }

    public int mtu() {
        return mtu;
    }

    /** Link speed in Mb/s; 0 = not known. */
    public long speedMbps() {
        return speedMbps;
    }
}
