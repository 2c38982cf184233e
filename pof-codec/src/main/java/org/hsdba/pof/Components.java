package org.hsdba.pof;

import java.util.Arrays;

/**
 * Shared equals/hashCode/toString for value classes that describe themselves as an array of
 * components (numbers, values, lists, byte arrays). Keeps the many small wire value classes free
 * of repetitive boilerplate; never used on the encode/decode hot path.
 */
public final class Components {
    private Components() {
    }

    /** Same class and deep-equal components (byte arrays compare by content). */
    public static boolean equal(Object self, Object[] mine, Object other, Object[] theirs) {
        return other != null && self.getClass() == other.getClass() && Arrays.deepEquals(mine, theirs);
    }

    public static int hash(Object self, Object[] components) {
        return self.getClass().hashCode() * 31 + Arrays.deepHashCode(components);
    }

    /** {@code Name{a=1, b=0a0b}}: names and components alternate; byte arrays print as hex. */
    public static String describe(String name, Object... namesAndValues) {
        StringBuilder sb = new StringBuilder(name).append('{');
        for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
            append(sb, i > 0, namesAndValues[i], namesAndValues[i + 1]);
        }
        return sb.append('}').toString();
    }

    /** {@code Name{a=1, b=0a0b}} from parallel arrays of names and components. */
    public static String describe(String name, String[] names, Object[] values) {
        StringBuilder sb = new StringBuilder(name).append('{');
        for (int i = 0; i < values.length; i++) {
            append(sb, i > 0, names[i], values[i]);
        }
        return sb.append('}').toString();
    }

    private static void append(StringBuilder sb, boolean separate, Object name, Object value) {
        if (separate) {
            sb.append(", ");
        }
        sb.append(name).append('=').append(value instanceof byte[] ? FieldChecks.hex((byte[]) value) : value);
    }
}
