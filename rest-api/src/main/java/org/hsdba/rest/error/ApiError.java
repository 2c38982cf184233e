package org.hsdba.rest.error;

import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The uniform error body of every failed request:
 * {@code {"error": {"status", "code", "message", "details": [...]}}}, plus
 * {@code "currentVersion"} (and {@code "currentEtag"} if the port has a tree) at the top level for
 * a version conflict.
 */
public final class ApiError {

    private final int status;
    private final ErrorCode code;
    private final String message;
    private final List<ErrorDetail> details;
    private final Long currentVersion;
    private final String currentEtag;

    private ApiError(int status, ErrorCode code, String message, List<ErrorDetail> details, Long currentVersion) {
        this(status, code, message, details, currentVersion, null);
    }

    private ApiError(int status, ErrorCode code, String message, List<ErrorDetail> details, Long currentVersion,
                     String currentEtag) {
        this.status = status;
        this.code = Objects.requireNonNull(code, "code");
        this.message = Objects.requireNonNull(message, "message");
        this.details = List.copyOf(details);
        this.currentVersion = currentVersion;
        this.currentEtag = currentEtag;
    }

    public static ApiError of(ErrorCode code, String message) {
        return new ApiError(code.status(), code, message, List.of(), null);
    }

    public static ApiError of(ErrorCode code, String message, List<ErrorDetail> details) {
        return new ApiError(code.status(), code, message, details, null);
    }

    /** An error with a status other than the code's usual one (e.g. a 400 from the container). */
    public static ApiError withStatus(int status, ErrorCode code, String message) {
        return new ApiError(status, code, message, List.of(), null);
    }

    public static ApiError conflict(String message, long currentVersion) {
        return new ApiError(ErrorCode.VERSION_CONFLICT.status(), ErrorCode.VERSION_CONFLICT, message, List.of(),
                currentVersion);
    }

    /** A version conflict with the current ETag (quoted; null: the port has no tree). */
    public static ApiError conflict(String message, long currentVersion, String currentEtag) {
        return new ApiError(ErrorCode.VERSION_CONFLICT.status(), ErrorCode.VERSION_CONFLICT, message, List.of(),
                currentVersion, currentEtag);
    }

    public int status() {
        return status;
    }

    public ErrorCode code() {
        return code;
    }

    public String message() {
        return message;
    }

    public List<ErrorDetail> details() {
        return details;
    }

    /** The current tree version, for a version conflict; null otherwise. */
    public Long currentVersion() {
        return currentVersion;
    }

    public ObjectNode toJson() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ObjectNode e = root.putObject("error");
        e.put("status", status);
        e.put("code", code.jsonName());
        e.put("message", message);
        ArrayNode d = e.putArray("details");
        details.forEach(x -> d.add(x.toJson()));
        if (currentVersion != null) {
            root.put("currentVersion", currentVersion);
        }
        if (currentEtag != null) {
            root.put("currentEtag", currentEtag);
        }
        return root;
    }

    @Override
    public String toString() {
        return status + " " + code.jsonName() + ": " + message + (details.isEmpty() ? "" : " " + details);
    }
}
