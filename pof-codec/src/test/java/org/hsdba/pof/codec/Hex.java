package org.hsdba.pof.codec;

/** Hex conversion for tests. */
public final class Hex {
    private Hex() {
    }

    public static byte[] bytes(String hex) {
        String h = hex.replaceAll("[\\s:]", "");
        if (h.length() % 2 != 0) {
            throw new IllegalArgumentException("odd number of hex digits: " + h.length());
        }
        byte[] out = new byte[h.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }

    public static String of(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes) {
            sb.append(String.format("%02x", b & 0xFF));
        }
        return sb.toString();
    }
}
