package org.hsdba.rest.resources;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

import org.hsdba.model.json.ConfigException;
import org.hsdba.model.json.JsonText;
import org.hsdba.rest.error.ApiError;
import org.hsdba.rest.error.ApiException;
import org.hsdba.rest.error.ErrorCode;
import org.hsdba.rest.error.Errors;

/** Request bodies: read with the size limit, then parsed strictly (syntax errors with line and column). */
public final class Bodies {

    /** Largest accepted request body: 8 MiB (about 80,000 tree nodes). */
    public static final int MAX_BYTES = 8 << 20;

    private Bodies() {
    }

    /** The whole body; 413 as soon as it passes {@link #MAX_BYTES}, whatever Content-Length said. */
    public static byte[] read(InputStream in) {
        if (in == null) {
            return new byte[0];
        }
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[1 << 16];
            int n;
            while ((n = in.read(buf)) > 0) {
                if (out.size() + n > MAX_BYTES) {
                    throw tooLarge();
                }
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the request body: " + e.getMessage(), e);
        }
    }

    /** Reads and parses a JSON body; 400 malformed-json (with line and column) if it is not JSON. */
    public static RequestBody json(InputStream in) {
        byte[] bytes = read(in);
        if (bytes.length == 0) {
            throw new ApiException(ApiError.of(ErrorCode.MALFORMED_JSON, "the request needs a JSON body"));
        }
        try {
            return new RequestBody(bytes, JsonText.parse(bytes));
        } catch (ConfigException e) {
            throw new ApiException(Errors.fromProblems(e, null));
        }
    }

    static ApiException tooLarge() {
        return new ApiException(ApiError.of(ErrorCode.TOO_LARGE, "request body larger than the limit of "
                + (MAX_BYTES >> 20) + " MiB"));
    }
}
