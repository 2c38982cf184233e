package org.hsdba.sim.eval;

import java.util.List;
import java.util.Objects;

/**
 * What one experiment produced: its section of the report (Markdown, with its tables, parameters
 * and plot links relative to the report's directory), the targets checked, and the wall time it
 * took. Immutable.
 */
public final class ExperimentResult {

    private final String id;
    private final String title;
    private final String markdown;
    private final List<Check> checks;
    private final double wallSeconds;

    public ExperimentResult(String id, String title, String markdown, List<Check> checks, double wallSeconds) {
        this.id = Objects.requireNonNull(id, "id");
        this.title = Objects.requireNonNull(title, "title");
        this.markdown = Objects.requireNonNull(markdown, "markdown");
        this.checks = List.copyOf(checks);
        this.wallSeconds = wallSeconds;
    }

    public String id() {
        return id;
    }

    public String title() {
        return title;
    }

    public String markdown() {
        return markdown;
    }

    public List<Check> checks() {
        return checks;
    }

    public double wallSeconds() {
        return wallSeconds;
    }

    /** True if every check was met. */
    public boolean allMet() {
        return checks.stream().allMatch(Check::met);
    }
}
