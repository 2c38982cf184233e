package org.hsdba.model;

/** What kind of rule a {@link Violation} breaks. */
public enum ViolationCode {
    BAD_PARAMETER,
    BAD_LEVELS,
    INVALID_ID,
    DUPLICATE_ID,
    UNKNOWN_NODE,
    UNKNOWN_PARENT,
    CYCLE,
    DEPTH_EXCEEDED,
    KEY_MISSING,
    KEY_LENGTH,
    KEYS_OVERLAP,
    KEY_OUTSIDE_PARENT,
    TEMPLATE_MISUSE,
    WEIGHT_NOT_POSITIVE,
    /** A weight the switch program cannot represent ({@link Ranges#MIN_WEIGHT} .. {@link Ranges#MAX_WEIGHT}). */
    WEIGHT_OUT_OF_RANGE,
    WEIGHT_UNDERIVABLE,
    /** A rate written as a string in a valid notation but above {@link Rate#MAX_BPS} (1 Pb/s). */
    RATE_OUT_OF_RANGE,
    /**
     * A run-time parameter (polling period, idle timeout, estimator K or window) written as a duration
     * string in a valid notation but outside its range ({@link Ranges}).
     */
    DURATION_OUT_OF_RANGE,
    NOT_PROPORTIONAL,
    GUARANTEE_ABOVE_PEAK,
    GUARANTEE_ABOVE_PARENT,
    DUPLICATE_PORT,
    /** The device's trees with this one do not fit its connected switch (tables, entries, counters, registers). */
    SWITCH_CAPACITY
}
