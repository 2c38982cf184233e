package org.hsdba.sim.eval;

import java.util.Objects;

/**
 * One target of the evaluation and how the run fared: what was checked, the target, the measured
 * figure, whether it was met, and a note (what limits it when missed, or a caveat). Immutable.
 */
public final class Check {

    private final String experiment;
    private final String what;
    private final String target;
    private final String measured;
    private final boolean met;
    private final String note;

    public Check(String experiment, String what, String target, String measured, boolean met, String note) {
        this.experiment = Objects.requireNonNull(experiment, "experiment");
        this.what = Objects.requireNonNull(what, "what");
        this.target = Objects.requireNonNull(target, "target");
        this.measured = Objects.requireNonNull(measured, "measured");
        this.met = met;
        this.note = note == null ? "" : note;
    }

    public String experiment() {
        return experiment;
    }

    public String what() {
        return what;
    }

    public String target() {
        return target;
    }

    public String measured() {
        return measured;
    }

    public boolean met() {
        return met;
    }

    /** Empty if none. */
    public String note() {
        return note;
    }

    @Override
    public String toString() {
        return experiment + " / " + what + ": " + measured + " (target " + target + ") " + (met ? "met" : "NOT met")
                + (note.isEmpty() ? "" : " - " + note);
    }
}
