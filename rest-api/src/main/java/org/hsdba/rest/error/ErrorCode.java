package org.hsdba.rest.error;

/** The {@code code} member of the uniform error body, with the HTTP status it goes with. */
public enum ErrorCode {
    /** The body is not JSON; details carry line and column. */
    MALFORMED_JSON("malformed-json", 400),
    /** A member the resource does not know; details say which and where. */
    UNKNOWN_FIELD("unknown-field", 400),
    /** A value of the wrong type, unit or range, or a bad path or query parameter. */
    BAD_VALUE("bad-value", 400),
    /**
     * The tree rules (structure and admission) reject a well-formed request; details list every
     * violation. 422: the request says what the OpenAPI document allows (400 is for those that do
     * not), the tree it would make is what the rules refuse.
     */
    ADMISSION("admission", 422),
    /** The HTTP request itself is broken: framing (chunks, lengths), the request line, a bad path. */
    MALFORMED_REQUEST("malformed-request", 400),
    UNAUTHORIZED("unauthorized", 401),
    FORBIDDEN("forbidden", 403),
    NOT_FOUND("not-found", 404),
    METHOD_NOT_ALLOWED("method-not-allowed", 405),
    NOT_ACCEPTABLE("not-acceptable", 406),
    VERSION_CONFLICT("version-conflict", 409),
    PRECONDITION("precondition", 412),
    TOO_LARGE("too-large", 413),
    /** The request URI is longer than the server reads. */
    URI_TOO_LONG("uri-too-long", 414),
    /** The request headers are larger than the server reads. */
    HEADERS_TOO_LARGE("headers-too-large", 431),
    /** A write that replaces or deletes came without {@code If-Match}. */
    PRECONDITION_REQUIRED("precondition-required", 428),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", 415),
    INTERNAL("internal", 500),
    UNAVAILABLE("unavailable", 503);

    private final String jsonName;
    private final int status;

    ErrorCode(String jsonName, int status) {
        this.jsonName = jsonName;
        this.status = status;
    }

    public String jsonName() {
        return jsonName;
    }

    public int status() {
        return status;
    }

    /** The code for an HTTP status that arrived without one (container errors, JAX-RS exceptions). */
    public static ErrorCode forStatus(int status) {
        for (ErrorCode c : values()) {
            if (c.status == status && c != MALFORMED_JSON && c != UNKNOWN_FIELD && c != ADMISSION
                    && c != MALFORMED_REQUEST) {
                return c;
            }
        }
        return status >= 500 ? INTERNAL : BAD_VALUE;
    }
}
