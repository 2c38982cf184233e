package org.hsdba.rest.error;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.api.NotFoundException;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.Violation;
import org.hsdba.model.json.ConfigException;

/** Turns the exceptions of the service and the model into uniform error bodies. Pure functions. */
public final class Errors {

    private Errors() {
    }

    /**
     * The error for a rejected JSON document, by the kinds of its problems: too large, malformed,
     * unknown field, bad value, in that order of precedence; a document whose only problems are
     * broken tree rules is an admission error. {@code body} (may be null) is the parsed request,
     * used to name the tree node a pointer like {@code /nodes/3/guaranteed} lands in.
     */
    public static ApiError fromProblems(ConfigException e, JsonNode body) {
        List<ErrorDetail> details = new ArrayList<>();
        for (ConfigException.Problem p : e.problems()) {
            ErrorDetail.Builder d = ErrorDetail.builder(p.message()).pointer(p.pointer()).location(p.line(), p.column());
            if (p.violation().isPresent()) {
                Violation v = p.violation().get();
                d.node(v.nodeId()).field(v.field()).rule(v.code().name());
            } else {
                d.node(nodeAt(body, p.pointer()));
            }
            details.add(d.build());
        }
        Set<ConfigException.Kind> kinds = e.kinds();
        int total = e.totalProblems();
        if (kinds.contains(ConfigException.Kind.TOO_LARGE)) {
            return ApiError.of(ErrorCode.TOO_LARGE, e.first().message(), details);
        }
        if (kinds.contains(ConfigException.Kind.SYNTAX)) {
            ConfigException.Problem p = e.first();
            return ApiError.of(ErrorCode.MALFORMED_JSON, "malformed JSON"
                    + (p.line() > 0 ? " at line " + p.line() + ", column " + p.column() : "") + ": "
                    + p.message().replaceFirst("^invalid JSON: ", ""), details);
        }
        if (kinds.equals(Set.of(ConfigException.Kind.RULE))) {
            return ApiError.of(ErrorCode.ADMISSION, total == 1 ? e.first().message() : total + " admission violations",
                    details);
        }
        String summary = total == 1 ? e.first().toString() : total + " problems in the request body";
        return ApiError.of(kinds.contains(ConfigException.Kind.UNKNOWN_FIELD) ? ErrorCode.UNKNOWN_FIELD : ErrorCode.BAD_VALUE,
                summary, details);
    }

    /**
     * The error for tree rules broken by a request: every violation, each with the pointer
     * {@code pointerOf} gives it (null for none).
     */
    public static ApiError fromViolations(List<Violation> violations, Function<Violation, String> pointerOf) {
        List<ErrorDetail> details = new ArrayList<>(violations.size());
        for (Violation v : violations) {
            details.add(detail(v, pointerOf.apply(v)));
        }
        String summary = violations.size() == 1 ? violations.get(0).message()
                : violations.size() + " admission violations";
        return ApiError.of(ErrorCode.ADMISSION, summary, details);
    }

    public static ErrorDetail detail(Violation v, String pointer) {
        return ErrorDetail.builder(v.message()).pointer(pointer).node(v.nodeId()).field(v.field())
                .rule(v.code().name()).build();
    }

    /** The error for any exception the service or the model throws; null if {@code t} is none of theirs. */
    public static ApiError fromServiceException(Throwable t) {
        if (t instanceof ApiException) {
            return ((ApiException) t).error();
        }
        if (t instanceof VersionConflictException) {
            VersionConflictException c = (VersionConflictException) t;
            return ApiError.conflict(t.getMessage(), c.currentVersion(),
                    c.currentTag() == null ? null : "\"" + c.currentTag().text() + "\"");
        }
        if (t instanceof NotFoundException) {
            return ApiError.of(ErrorCode.NOT_FOUND, t.getMessage());
        }
        if (t instanceof org.hsdba.api.BusyException) {
            return ApiError.of(ErrorCode.UNAVAILABLE, t.getMessage()); // with Retry-After (ErrorMapper)
        }
        if (t instanceof ConfigException) {
            return fromProblems((ConfigException) t, null);
        }
        if (t instanceof InvalidTreeException) {
            return fromViolations(((InvalidTreeException) t).violations(), v -> null);
        }
        if (t instanceof IllegalArgumentException) {
            return ApiError.of(ErrorCode.BAD_VALUE, String.valueOf(t.getMessage()));
        }
        return null;
    }

    /**
     * The id of the tree node a pointer lands in: the innermost {@code .../nodes/<i>} prefix of
     * the pointer whose element in {@code body} has a string {@code id}; null if none.
     */
    static String nodeAt(JsonNode body, String pointer) {
        if (body == null || pointer == null) {
            return null;
        }
        String[] parts = pointer.split("/", -1);
        String found = null;
        StringBuilder prefix = new StringBuilder();
        for (int i = 1; i < parts.length; i++) {
            prefix.append('/').append(parts[i]);
            if (parts[i - 1].equals("nodes") && parts[i].matches("[0-9]+")) {
                JsonNode id = body.at(prefix.toString()).get("id");
                if (id != null && id.isTextual()) {
                    found = id.textValue();
                }
            }
        }
        return found;
    }
}
