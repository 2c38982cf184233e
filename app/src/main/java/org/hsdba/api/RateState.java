package org.hsdba.api;

/** The per-packet algorithm's node state: satisfied (gets its demand) or unsatisfied (limited). */
public enum RateState {
    SATISFIED("S"), UNSATISFIED("U");

    private final String letter;

    RateState(String letter) {
        this.letter = letter;
    }

    /** {@code S} or {@code U}, as in the algorithm and the REST API. */
    public String letter() {
        return letter;
    }
}
