package org.hsdba.model;

import java.util.List;
import java.util.stream.Collectors;

/** A tree (or an edit of one) breaks rules; carries every violation found, not just the first. */
public final class InvalidTreeException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;
    private static final int MAX_IN_MESSAGE = 50;

    private final transient List<Violation> violations;

    public InvalidTreeException(List<Violation> violations) {
        super(summary(violations));
        this.violations = List.copyOf(violations);
    }

    public List<Violation> violations() {
        return violations;
    }

    private static String summary(List<Violation> violations) {
        if (violations.isEmpty()) {
            throw new IllegalArgumentException("an InvalidTreeException needs at least one violation");
        }
        String head = violations.size() == 1 ? "" : violations.size() + " violations:\n  ";
        String body = violations.stream().limit(MAX_IN_MESSAGE).map(Violation::message)
                .collect(Collectors.joining("\n  "));
        String tail = violations.size() > MAX_IN_MESSAGE ? "\n  ... and " + (violations.size() - MAX_IN_MESSAGE) + " more" : "";
        return head + body + tail;
    }
}
