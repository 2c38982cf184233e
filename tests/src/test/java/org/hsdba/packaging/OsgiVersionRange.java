package org.hsdba.packaging;

/** OSGi version ranges as used in Import-Package ("1.2" means [1.2, infinity)). */
final class OsgiVersionRange {
    private final int[] low;
    private final boolean lowInclusive;
    private final int[] high;
    private final boolean highInclusive;

    private OsgiVersionRange(int[] low, boolean lowInclusive, int[] high, boolean highInclusive) {
        this.low = low;
        this.lowInclusive = lowInclusive;
        this.high = high;
        this.highInclusive = highInclusive;
    }

    static OsgiVersionRange parse(String spec) {
        if (spec == null || spec.isBlank()) {
            return new OsgiVersionRange(new int[] {0, 0, 0}, true, null, false);
        }
        String s = spec.trim();
        char first = s.charAt(0);
        if (first == '[' || first == '(') {
            char last = s.charAt(s.length() - 1);
            String[] bounds = s.substring(1, s.length() - 1).split(",");
            if (bounds.length != 2) {
                throw new IllegalArgumentException("bad version range: " + spec);
            }
            return new OsgiVersionRange(version(bounds[0]), first == '[', version(bounds[1]), last == ']');
        }
        return new OsgiVersionRange(version(s), true, null, false);
    }

    /** major.minor.micro of an OSGi version; the qualifier does not matter for our ranges. */
    static int[] version(String v) {
        String[] parts = v.trim().split("\\.");
        int[] out = new int[3];
        for (int i = 0; i < 3 && i < parts.length; i++) {
            out[i] = parts[i].isEmpty() ? 0 : Integer.parseInt(parts[i].replaceAll("[^0-9].*", "0"));
        }
        return out;
    }

    boolean includes(String version) {
        int[] v = version(version);
        int lo = compare(v, low);
        if (lo < 0 || (lo == 0 && !lowInclusive)) {
            return false;
        }
        if (high == null) {
            return true;
        }
        int hi = compare(v, high);
        return hi < 0 || (hi == 0 && highInclusive);
    }

    private static int compare(int[] a, int[] b) {
        for (int i = 0; i < 3; i++) {
            if (a[i] != b[i]) {
                return Integer.compare(a[i], b[i]);
            }
        }
        return 0;
    }
}
