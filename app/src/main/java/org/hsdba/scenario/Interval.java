package org.hsdba.scenario;

/** A half-open interval [start, end) of simulated time, in seconds. */
public final class Interval implements Comparable<Interval> {

    private final double start;
    private final double end;

    private Interval(double start, double end) {
        this.start = start;
        this.end = end;
    }

    public static Interval of(double start, double end) {
        if (!(start >= 0) || Double.isInfinite(end) || !(end > start)) {
            throw new IllegalArgumentException("interval [" + start + ", " + end + "] must have 0 <= start < end (seconds)");
        }
        return new Interval(start, end);
    }

    public double start() {
        return start;
    }

    public double end() {
        return end;
    }

    public boolean contains(double t) {
        return t >= start && t < end;
    }

    public boolean overlaps(Interval o) {
        return start < o.end && o.start < end;
    }

    @Override
    public int compareTo(Interval o) {
        int c = Double.compare(start, o.start);
        return c != 0 ? c : Double.compare(end, o.end);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Interval && Double.compare(((Interval) o).start, start) == 0
                && Double.compare(((Interval) o).end, end) == 0;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(start) * 31 + Double.hashCode(end);
    }

    @Override
    public String toString() {
        return "[" + start + ", " + end + ")";
    }
}
