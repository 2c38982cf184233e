package org.hsdba.api;

/**
 * Join packet-ins of one device since it was first seen: accepted (a node was added), refused,
 * shed by the rate limit, and ignored (not taken as a join at all).
 */
public final class JoinCounters {

    public static final JoinCounters ZERO = new JoinCounters(0, 0, 0, 0);

    private final long accepted;
    private final long refused;
    private final long rateLimited;
    private final long ignored;

    public JoinCounters(long accepted, long refused, long rateLimited, long ignored) {
        this.accepted = accepted;
        this.refused = refused;
        this.rateLimited = rateLimited;
        this.ignored = ignored;
    }

    /** Counters with nothing ignored. */
    public JoinCounters(long accepted, long refused, long rateLimited) {
        this(accepted, refused, rateLimited, 0);
    }

    public long accepted() {
        return accepted;
    }

    /** Refused: admission, no template, key outside the template, switch error. */
    public long refused() {
        return refused;
    }

    /**
     * Dropped before being looked at: by the per-switch packet-in token bucket, or because the
     * switch already had the most join packet-ins waiting for its lane (a flood faster than its
     * joins are handled).
     */
    public long rateLimited() {
        return rateLimited;
    }

    /**
     * Passed the rate limit but not taken as joins: the switch's program was not confirmed when
     * its lane came to them (the switch was connecting or being reprogrammed, so the packet-in's
     * table could not be read against a program), the packet-in came from no join site of the
     * program, or from a session that had been replaced. The switch sends a key's packet-in
     * again with the key's later packets (in-switch: once the key's {@code join_hold_ms} has passed).
     */
    public long ignored() {
        return ignored;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof JoinCounters)) {
            return false;
        }
        JoinCounters c = (JoinCounters) o;
        return c.accepted == accepted && c.refused == refused && c.rateLimited == rateLimited && c.ignored == ignored;
    }

    @Override
    public int hashCode() {
        return ((Long.hashCode(accepted) * 31 + Long.hashCode(refused)) * 31 + Long.hashCode(rateLimited)) * 31
                + Long.hashCode(ignored);
    }

    @Override
    public String toString() {
        return "joins: " + accepted + " accepted, " + refused + " refused, " + rateLimited + " rate-limited, "
                + ignored + " ignored";
    }
}
