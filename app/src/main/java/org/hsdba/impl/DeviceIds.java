package org.hsdba.impl;

import java.util.regex.Pattern;

/** ONOS-style device ids of POF switches: {@code pof:} and the 64-bit device id in 16 hex digits. */
public final class DeviceIds {

    private static final Pattern FORMAT = Pattern.compile("pof:[0-9a-fA-F]{16}");

    private DeviceIds() {
    }

    private static final String ZEROS = "0000000000000000";

    /**
     * {@code pof:%016x}. Without {@link String#format}: this runs for every packet-in, and a
     * formatter (a regex match of the pattern and its buffers) was a quarter of what a join flood
     * allocated on the controller side.
     */
    public static String of(long dpid) {
        String hex = Long.toHexString(dpid); // unsigned, lower case, no leading zeros
        return "pof:" + ZEROS.substring(hex.length()) + hex;
    }

    /** The POF device id of a {@code pof:%016x} id; {@link IllegalArgumentException} otherwise. */
    public static long parse(String deviceId) {
        if (deviceId == null || !FORMAT.matcher(deviceId).matches()) {
            throw new IllegalArgumentException("device id \"" + deviceId
                    + "\" is not a POF device id (pof: and 16 hex digits, e.g. pof:0000000000000001)");
        }
        return Long.parseUnsignedLong(deviceId.substring(4), 16);
    }

    public static boolean isPof(String deviceId) {
        return deviceId != null && FORMAT.matcher(deviceId).matches();
    }
}
