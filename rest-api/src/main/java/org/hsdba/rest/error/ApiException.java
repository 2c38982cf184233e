package org.hsdba.rest.error;

import java.util.List;
import java.util.Objects;

/** Ends a request with the given uniform error body (thrown by resources, mapped by {@link ErrorMapper}). */
public final class ApiException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient ApiError error;

    public ApiException(ApiError error) {
        super(error.message());
        this.error = Objects.requireNonNull(error, "error");
    }

    public static ApiException badValue(String message) {
        return new ApiException(ApiError.of(ErrorCode.BAD_VALUE, message));
    }

    public static ApiException badValue(String pointer, String message) {
        return new ApiException(ApiError.of(ErrorCode.BAD_VALUE, message,
                List.of(ErrorDetail.builder(message).pointer(pointer).build())));
    }

    public static ApiException notFound(String message) {
        return new ApiException(ApiError.of(ErrorCode.NOT_FOUND, message));
    }

    public ApiError error() {
        return error;
    }
}
