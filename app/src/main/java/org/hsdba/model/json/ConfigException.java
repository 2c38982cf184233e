package org.hsdba.model.json;

import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.hsdba.model.Violation;

/**
 * A configuration file (or JSON document) was rejected. Carries every problem found, each with a
 * JSON pointer, its {@link Kind} and, when the source text is known, a 1-based line and column.
 * Never accompanied by a partial model.
 */
public final class ConfigException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;
    private static final int MAX_IN_MESSAGE = 50;

    private final transient List<Problem> problems;
    private final int totalProblems;

    public ConfigException(List<Problem> problems, int totalProblems) {
        super(render(null, problems, totalProblems));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a ConfigException needs at least one problem");
        }
        this.problems = List.copyOf(problems);
        this.totalProblems = totalProblems;
    }

    public ConfigException(Problem problem) {
        this(List.of(problem), 1);
    }

    /** The problems kept (at most {@link Problems#MAX_KEPT}); {@link #totalProblems()} counts all. */
    public List<Problem> problems() {
        return problems;
    }

    public int totalProblems() {
        return totalProblems;
    }

    /** The kinds of the problems kept. */
    public Set<Kind> kinds() {
        Set<Kind> out = EnumSet.noneOf(Kind.class);
        problems.forEach(p -> out.add(p.kind()));
        return out;
    }

    /** The first problem (most callers show only a location and this when there is a single one). */
    public Problem first() {
        return problems.get(0);
    }

    /**
     * The problems as lines prefixed with the source name: {@code file:line:column: message}
     * when the location is known, else {@code file: /json/pointer: message}.
     */
    public String describe(String sourceName) {
        return render(sourceName, problems, totalProblems);
    }

    private static String render(String source, List<Problem> problems, int total) {
        String body = problems.stream().limit(MAX_IN_MESSAGE).map(p -> p.describe(source)).collect(Collectors.joining("\n"));
        int more = total - Math.min(problems.size(), MAX_IN_MESSAGE);
        return more > 0 ? body + "\n... and " + more + " more problem(s)" : body;
    }

    /**
     * What kind of problem: callers answer them differently (an API maps them to different error
     * codes) without looking at messages. A document's problems are of one stage: value problems
     * (the first four kinds) stop the reading before tree rules are checked.
     */
    public enum Kind {
        /** The text is not JSON (or is empty). */
        SYNTAX,
        /** The document is larger than the byte limit. */
        TOO_LARGE,
        /** A member the format does not have (the message suggests the closest known name). */
        UNKNOWN_FIELD,
        /** A value of the wrong type, unit, form or range, a missing required member, a count limit. */
        VALUE,
        /** A tree rule is broken, structural or admission: {@link Problem#violation()} says which. */
        RULE
    }

    /** One problem: where (pointer, optional line/column), what kind, and what. */
    public static final class Problem {
        private final Kind kind;
        private final String pointer;
        private final int line;
        private final int column;
        private final String message;
        private final Violation violation;

        private Problem(Kind kind, String pointer, int line, int column, String message, Violation violation) {
            this.kind = Objects.requireNonNull(kind, "kind");
            this.pointer = Objects.requireNonNull(pointer, "pointer");
            this.line = line;
            this.column = column;
            this.message = Objects.requireNonNull(message, "message");
            if ((kind == Kind.RULE) != (violation != null)) {
                throw new IllegalArgumentException("a problem has a violation iff it is of kind RULE: " + kind);
            }
            this.violation = violation;
        }

        /** A problem of any kind but {@link Kind#RULE} (that one carries its violation: {@link #rule}). */
        public Problem(Kind kind, String pointer, int line, int column, String message) {
            this(kind, pointer, line, column, message, null);
        }

        /** A {@link Kind#VALUE} problem. */
        public Problem(String pointer, int line, int column, String message) {
            this(Kind.VALUE, pointer, line, column, message);
        }

        /** A {@link Kind#VALUE} problem without line and column. */
        public Problem(String pointer, String message) {
            this(pointer, -1, -1, message);
        }

        /** A broken tree rule found at {@code pointer}; the message is the violation's. */
        public static Problem rule(String pointer, Violation violation) {
            return new Problem(Kind.RULE, pointer, -1, -1, violation.message(), violation);
        }

        public Kind kind() {
            return kind;
        }

        /** The broken rule, for a problem of kind {@link Kind#RULE}. */
        public Optional<Violation> violation() {
            return Optional.ofNullable(violation);
        }

        /** JSON pointer (RFC 6901) of the offending value; "" for the whole document. */
        public String pointer() {
            return pointer;
        }

        /** 1-based line, or -1 if unknown. */
        public int line() {
            return line;
        }

        /** 1-based column, or -1 if unknown. */
        public int column() {
            return column;
        }

        public String message() {
            return message;
        }

        Problem at(int newLine, int newColumn) {
            return new Problem(kind, pointer, newLine, newColumn, message, violation);
        }

        String describe(String source) {
            StringBuilder sb = new StringBuilder();
            if (source != null) {
                sb.append(source);
                if (line > 0) {
                    sb.append(':').append(line).append(':').append(column);
                }
                sb.append(": ");
            } else if (line > 0) {
                sb.append("line ").append(line).append(", column ").append(column).append(": ");
            }
            if (!pointer.isEmpty() || line <= 0) {
                sb.append(pointer.isEmpty() ? "(document)" : pointer).append(": ");
            }
            return sb.append(message).toString();
        }

        @Override
        public String toString() {
            return describe(null);
        }
    }
}
