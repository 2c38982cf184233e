package org.hsdba.api;

/**
 * A run-time parameter outside its range ({@link org.hsdba.model.Ranges}); {@link #field()} is
 * its JSON name ({@code "pollingPeriodSeconds"}, {@code "rateEstimator/kSeconds"}...), so the API
 * can say where.
 */
public final class ParameterRangeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String field;

    public ParameterRangeException(String field, String message) {
        super(message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
