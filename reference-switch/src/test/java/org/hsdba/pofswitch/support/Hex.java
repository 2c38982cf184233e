package org.hsdba.pofswitch.support;

/** Hex strings to bytes and back, spaces ignored. */
public final class Hex {
    private Hex() {
    }

    public static byte[] bytes(String hex) {
        String s = hex.replace(" ", "");
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }

    public static String of(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) {
            sb.append(String.format("%02x", x & 0xFF));
        }
        return sb.toString();
    }
}
