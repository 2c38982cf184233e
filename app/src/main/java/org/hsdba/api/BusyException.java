package org.hsdba.api;

/**
 * The service is too busy to take the request now and did nothing with it; the same request may
 * be sent again after {@link #retryAfterSeconds()} (REST: 503 with {@code Retry-After}).
 */
public final class BusyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int retryAfterSeconds;

    public BusyException(String message, int retryAfterSeconds) {
        super(message);
        if (retryAfterSeconds < 1) {
            throw new IllegalArgumentException("retry after " + retryAfterSeconds + " s must be at least 1 s");
        }
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** When to try again, in whole seconds (at least 1). */
    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
