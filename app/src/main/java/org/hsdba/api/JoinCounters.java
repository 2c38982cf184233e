package org.hsdba.api;

/** Join packet-ins of one device since it was first seen: accepted (a node was added), refused, and shed by the rate limit. */
public final class JoinCounters {

    public static final JoinCounters ZERO = new JoinCounters(0, 0, 0);

    private final long accepted;
    private final long refused;
    private final long rateLimited;

    public JoinCounters(long accepted, long refused, long rateLimited) {
        this.accepted = accepted;
        this.refused = refused;
        this.rateLimited = rateLimited;
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

    @Override
    public boolean equals(Object o) {
        return o instanceof JoinCounters && ((JoinCounters) o).accepted == accepted
                && ((JoinCounters) o).refused == refused && ((JoinCounters) o).rateLimited == rateLimited;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(accepted) * 961 + Long.hashCode(refused) * 31 + Long.hashCode(rateLimited);
    }

    @Override
    public String toString() {
        return "joins: " + accepted + " accepted, " + refused + " refused, " + rateLimited + " rate-limited";
    }
}
