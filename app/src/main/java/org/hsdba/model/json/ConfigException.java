package org.hsdba.model.json;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A configuration file (or JSON document) was rejected. Carries every problem found, each with a
 * JSON pointer and, when the source text is known, a 1-based line and column. Never accompanied
 * by a partial model.
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

    /** One problem: where (pointer, optional line/column) and what. */
    public static final class Problem {
        private final String pointer;
        private final int line;
        private final int column;
        private final String message;

        public Problem(String pointer, int line, int column, String message) {
            this.pointer = Objects.requireNonNull(pointer, "pointer");
            this.line = line;
            this.column = column;
            this.message = Objects.requireNonNull(message, "message");
        }

        public Problem(String pointer, String message) {
            this(pointer, -1, -1, message);
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
            return new Problem(pointer, newLine, newColumn, message);
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
