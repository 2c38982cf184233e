package org.hsdba.rest.resources;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

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

    /**
     * How much of a refused body is still read and thrown away before the 413 goes out. A client
     * that is still writing when the server closes gets a TCP reset instead of the answer; reading
     * the rest (within this bound) lets curl, requests or java.net.http see the 413 reliably.
     */
    public static final long MAX_DISCARDED_BYTES = 4L * MAX_BYTES;

    private static final int READ_CHUNK = 8 << 10;

    private Bodies() {
    }

    /** The whole body; 413 as soon as it passes {@link #MAX_BYTES}, whatever Content-Length said. */
    public static byte[] read(InputStream in) {
        if (in == null) {
            return new byte[0];
        }
        try {
            // Small first: most bodies are one node's fields (tens of bytes); a 64 kB buffer per
            // request was 1.6 % of a PATCH's CPU. Large trees take more reads, the same bytes.
            ByteArrayOutputStream out = new ByteArrayOutputStream(256);
            byte[] buf = new byte[READ_CHUNK];
            int n;
            while ((n = in.read(buf)) > 0) {
                if (out.size() + n > MAX_BYTES) {
                    discard(in, MAX_DISCARDED_BYTES);
                    throw tooLarge();
                }
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } catch (IOException e) {
            // The container's framing errors (bad chunk sizes, a body shorter than announced): the
            // client's fault, and nothing has been read into any state.
            throw new ApiException(ApiError.of(ErrorCode.MALFORMED_REQUEST, "cannot read the request body: "
                    + e.getMessage() + " (malformed chunked framing or a body shorter than Content-Length)"));
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

    /**
     * Reads and drops what is left of {@code in}, at most {@code limit} bytes; past that the
     * container closes the connection after the answer.
     */
    public static void discard(InputStream in, long limit) throws IOException {
        byte[] buf = new byte[1 << 16];
        long total = 0;
        int n;
        while (total < limit && (n = in.read(buf, 0, (int) Math.min(buf.length, limit - total))) >= 0) {
            total += n;
        }
    }

    static ApiException tooLarge() {
        return new ApiException(ApiError.of(ErrorCode.TOO_LARGE, "request body larger than the limit of "
                + (MAX_BYTES >> 20) + " MiB"));
    }
}
