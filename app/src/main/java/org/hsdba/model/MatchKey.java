package org.hsdba.model;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A node's match on its level's field: value and mask, {@code lengthBits} long, left-aligned in
 * byte arrays as POF expects (the first {@code lengthBits} bits are used; the rest are zero).
 * Canonical: value bits outside the mask are cleared, so equal keys match equal packets.
 *
 * <p>Text forms ({@link #parse}): a hex number {@code 0x0a01} read as an unsigned number of
 * {@code lengthBits} bits (leading zeros optional; it must fit), and, for 32-bit fields only,
 * IPv4 {@code 10.1.2.3} or CIDR {@code 10.1.0.0/16}; for fields up to 32 bits also a decimal number
 * ({@code 443}). A mask is given in hex (or decimal up to 32 bits).
 */
public final class MatchKey {

    private static final Pattern HEX_DIGITS = Pattern.compile("[0-9a-fA-F]+");
    private static final Pattern OCTET = Pattern.compile("[0-9]{1,3}");
    private static final Pattern PREFIX = Pattern.compile("[0-9]{1,2}");
    private static final Pattern DECIMAL = Pattern.compile("[0-9]{1,40}");
    /** Decimal keys for fields up to this long (ports, VLAN ids, addresses as numbers); longer ones are hex. */
    public static final int MAX_DECIMAL_BITS = 32;

    private final int lengthBits;
    private final byte[] value;
    private final byte[] mask;
    /**
     * Keys of at most 64 bits (every usual header field) also as numbers, left-aligned bytes in
     * big-endian order: {@link #overlaps} is then one AND and compare, not a loop over bytes. A
     * join compares its key with each of its siblings', thousands of times under a large parent.
     */
    private final long packedValue;
    private final long packedMask;

    private MatchKey(int lengthBits, byte[] value, byte[] mask) {
        this.lengthBits = lengthBits;
        this.value = value;
        this.mask = mask;
        this.packedValue = value.length <= Long.BYTES ? packed(value) : 0;
        this.packedMask = value.length <= Long.BYTES ? packed(mask) : 0;
    }

    /** With {@link #lengthBits()} at most 64: the value's bytes as one big-endian number (left-aligned bits). */
    public long packedValue() {
        return packedValue;
    }

    /** With {@link #lengthBits()} at most 64: the mask's bytes as one big-endian number. */
    public long packedMask() {
        return packedMask;
    }

    private static long packed(byte[] bytes) {
        long out = 0;
        for (byte b : bytes) {
            out = out << 8 | (b & 0xff);
        }
        return out;
    }

    /**
     * A key from left-aligned value and mask bytes (each at least ceil(lengthBits/8) long; extra
     * bytes must be zero). A null mask means exact match.
     */
    public static MatchKey of(int lengthBits, byte[] value, byte[] mask) {
        if (lengthBits < 1 || lengthBits > FieldSpec.MAX_LENGTH_BITS) {
            throw new IllegalArgumentException("key length " + lengthBits + " bits is outside 1.." + FieldSpec.MAX_LENGTH_BITS);
        }
        int n = (lengthBits + 7) / 8;
        byte[] m = mask == null ? fullMask(lengthBits) : fit(mask, n, lengthBits, "mask");
        byte[] v = fit(value, n, lengthBits, "value");
        byte[] used = fullMask(lengthBits);
        for (int i = 0; i < n; i++) {
            m[i] &= used[i];
            v[i] &= m[i];
        }
        return new MatchKey(lengthBits, v, m);
    }

    public static MatchKey exact(int lengthBits, byte[] value) {
        return of(lengthBits, value, null);
    }

    /** An exact key from an unsigned number (e.g. an IPv4 address as 0x0a000001 for 32 bits). */
    public static MatchKey exact(int lengthBits, BigInteger number) {
        return of(lengthBits, leftAlign(number, lengthBits, "value"), null);
    }

    /** Parses {@code valueText} (hex, IPv4 or CIDR) and optional hex {@code maskText}; see the class comment. */
    public static MatchKey parse(String valueText, String maskText, int lengthBits) {
        if (valueText == null || valueText.trim().isEmpty()) {
            throw new IllegalArgumentException("empty key");
        }
        String v = valueText.trim();
        byte[] value;
        byte[] mask = null;
        if (v.startsWith("0x") || v.startsWith("0X")) {
            value = leftAlign(hex(v, "key"), lengthBits, "key \"" + v + "\"");
        } else if (v.indexOf('.') >= 0) {
            if (lengthBits != 32) {
                throw new IllegalArgumentException("key \"" + v + "\": IPv4 notation needs a 32-bit field, this one has "
                        + lengthBits + " bits; use hex like 0x" + "0".repeat((lengthBits + 3) / 4));
            }
            int slash = v.indexOf('/');
            value = ipv4(slash < 0 ? v : v.substring(0, slash), v);
            if (slash >= 0) {
                mask = prefixMask(v.substring(slash + 1), v);
            }
        } else if (DECIMAL.matcher(v).matches() && lengthBits <= MAX_DECIMAL_BITS) {
            value = leftAlign(new BigInteger(v), lengthBits, "key \"" + v + "\"");
        } else {
            throw new IllegalArgumentException("key \"" + v + "\": expected hex like 0x0a01"
                    + (lengthBits <= MAX_DECIMAL_BITS ? ", a decimal number like 443" : "")
                    + (lengthBits == 32 ? " or IPv4/CIDR like 10.1.0.0/16" : ""));
        }
        if (maskText != null) {
            if (mask != null) {
                throw new IllegalArgumentException("key \"" + v + "\" has a /prefix and a mask; give only one");
            }
            String m = maskText.trim();
            BigInteger number = DECIMAL.matcher(m).matches() && lengthBits <= MAX_DECIMAL_BITS ? new BigInteger(m)
                    : hex(m, "mask");
            mask = leftAlign(number, lengthBits, "mask \"" + m + "\"");
        }
        return of(lengthBits, value, mask);
    }

    private static BigInteger hex(String text, String what) {
        String digits = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : "";
        if (digits.isEmpty() || !HEX_DIGITS.matcher(digits).matches()) {
            throw new IllegalArgumentException(what + " \"" + text + "\": expected hex like 0x0a01");
        }
        return new BigInteger(digits, 16);
    }

    private static byte[] leftAlign(BigInteger number, int lengthBits, String what) {
        if (number.signum() < 0 || number.bitLength() > lengthBits) {
            throw new IllegalArgumentException(what + " does not fit in " + lengthBits + " bits");
        }
        int n = (lengthBits + 7) / 8;
        BigInteger shifted = number.shiftLeft(n * 8 - lengthBits);
        byte[] raw = shifted.toByteArray();
        byte[] out = new byte[n];
        int copy = Math.min(raw.length, n);
        System.arraycopy(raw, raw.length - copy, out, n - copy, copy);
        return out;
    }

    private static byte[] ipv4(String dotted, String whole) {
        String[] parts = dotted.split("\\.", -1); // single-char split: no regex compiled
        if (parts.length != 4) {
            throw new IllegalArgumentException("key \"" + whole + "\": an IPv4 address has four parts");
        }
        byte[] out = new byte[4];
        for (int i = 0; i < 4; i++) {
            if (!OCTET.matcher(parts[i]).matches() || Integer.parseInt(parts[i]) > 255) {
                throw new IllegalArgumentException("key \"" + whole + "\": \"" + parts[i] + "\" is not an octet 0..255");
            }
            out[i] = (byte) Integer.parseInt(parts[i]);
        }
        return out;
    }

    private static byte[] prefixMask(String prefix, String whole) {
        if (!PREFIX.matcher(prefix).matches() || Integer.parseInt(prefix) > 32) {
            throw new IllegalArgumentException("key \"" + whole + "\": prefix length must be 0..32");
        }
        int p = Integer.parseInt(prefix);
        return p == 0 ? new byte[4] : fullMask(p, 4);
    }

    private static byte[] fit(byte[] bytes, int n, int lengthBits, String what) {
        if (bytes == null) {
            throw new IllegalArgumentException("key " + what + " is missing");
        }
        for (int i = n; i < bytes.length; i++) {
            if (bytes[i] != 0) {
                throw new IllegalArgumentException("key " + what + " is longer than " + lengthBits + " bits");
            }
        }
        if (bytes.length < n) {
            throw new IllegalArgumentException("key " + what + " has " + bytes.length + " bytes, needs " + n
                    + " for " + lengthBits + " bits");
        }
        return Arrays.copyOf(bytes, n);
    }

    private static byte[] fullMask(int lengthBits) {
        return fullMask(lengthBits, (lengthBits + 7) / 8);
    }

    private static byte[] fullMask(int bits, int n) {
        byte[] m = new byte[n];
        for (int i = 0; i < bits; i++) {
            m[i / 8] |= (byte) (0x80 >>> (i % 8));
        }
        return m;
    }

    public int lengthBits() {
        return lengthBits;
    }

    /** Left-aligned value bytes (a copy). */
    public byte[] value() {
        return value.clone();
    }

    /** Left-aligned mask bytes (a copy). */
    public byte[] mask() {
        return mask.clone();
    }

    /** True if every bit of the field is compared. */
    public boolean isExact() {
        return Arrays.equals(mask, fullMask(lengthBits));
    }

    /** Number of leading one bits of the mask if it is a prefix mask, else -1. */
    public int prefixLength() {
        int ones = 0;
        while (ones < lengthBits && (mask[ones / 8] & (0x80 >>> (ones % 8))) != 0) {
            ones++;
        }
        for (int i = ones; i < lengthBits; i++) {
            if ((mask[i / 8] & (0x80 >>> (i % 8))) != 0) {
                return -1;
            }
        }
        return ones;
    }

    /** True if some packet matches both keys: (v1 & m1 & m2) == (v2 & m1 & m2). */
    public boolean overlaps(MatchKey other) {
        if (other.lengthBits != lengthBits) {
            throw new IllegalArgumentException("keys of " + lengthBits + " and " + other.lengthBits + " bits cannot be compared");
        }
        if (lengthBits <= Long.SIZE) { // the length, not the array's: one object read per key
            return ((packedValue ^ other.packedValue) & packedMask & other.packedMask) == 0;
        }
        for (int i = 0; i < value.length; i++) {
            int common = mask[i] & other.mask[i];
            if ((value[i] & common) != (other.value[i] & common)) {
                return false;
            }
        }
        return true;
    }

    /** True if the first {@code lengthBits} bits at {@code offsetBits} of {@code frame} match this key. */
    public boolean matches(byte[] frame, int offsetBits) {
        for (int i = 0; i < lengthBits; i++) {
            int maskBit = mask[i / 8] & (0x80 >>> (i % 8));
            if (maskBit == 0) {
                continue;
            }
            int bit = offsetBits + i;
            if (bit / 8 >= frame.length) {
                return false;
            }
            boolean frameBit = (frame[bit / 8] & (0x80 >>> (bit % 8))) != 0;
            boolean keyBit = (value[i / 8] & (0x80 >>> (i % 8))) != 0;
            if (frameBit != keyBit) {
                return false;
            }
        }
        return true;
    }

    /** The value as an unsigned number of {@code lengthBits} bits. */
    public BigInteger valueNumber() {
        return new BigInteger(1, value).shiftRight(value.length * 8 - lengthBits);
    }

    /** The mask as an unsigned number of {@code lengthBits} bits. */
    public BigInteger maskNumber() {
        return new BigInteger(1, mask).shiftRight(mask.length * 8 - lengthBits);
    }

    /**
     * Canonical value text: for 32-bit keys with a prefix mask, IPv4 ({@code 10.1.2.3}) or CIDR
     * ({@code 10.1.0.0/16}); otherwise hex with exactly ceil(lengthBits/4) digits.
     */
    public String valueText() {
        int prefix = prefixLength();
        if (lengthBits == 32 && prefix >= 0) {
            String dotted = (value[0] & 0xff) + "." + (value[1] & 0xff) + "." + (value[2] & 0xff) + "." + (value[3] & 0xff);
            return prefix == 32 ? dotted : dotted + "/" + prefix;
        }
        return hexText(valueNumber());
    }

    /** Canonical mask text, or null when {@link #valueText} already says everything (exact, or CIDR). */
    public String maskText() {
        if (isExact() || (lengthBits == 32 && prefixLength() >= 0)) {
            return null;
        }
        return hexText(maskNumber());
    }

    private String hexText(BigInteger number) {
        String digits = number.toString(16);
        int width = (lengthBits + 3) / 4;
        return "0x" + "0".repeat(Math.max(0, width - digits.length())) + digits.toLowerCase(Locale.ROOT);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof MatchKey)) {
            return false;
        }
        MatchKey k = (MatchKey) o;
        return k.lengthBits == lengthBits && Arrays.equals(k.value, value) && Arrays.equals(k.mask, mask);
    }

    @Override
    public int hashCode() {
        return (lengthBits * 31 + Arrays.hashCode(value)) * 31 + Arrays.hashCode(mask);
    }

    @Override
    public String toString() {
        String m = maskText();
        return m == null ? valueText() : valueText() + " mask " + m;
    }
}
