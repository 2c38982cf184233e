package org.hsdba.rest.resources;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

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

    /** The first read's room; the array doubles from there up to {@link #MAX_BYTES}. */
    private static final int FIRST_READ = 256;

    private Bodies() {
    }

    /** The whole body; 413 as soon as it passes {@link #MAX_BYTES}, whatever Content-Length said. */
    public static byte[] read(InputStream in) {
        if (in == null) {
            return new byte[0];
        }
        try {
            // Read straight into one array that doubles as it fills, starting small: most bodies
            // are one node's fields (tens of bytes). A read buffer of 8 kB beside a growing copy was
            // 15 % of what Jetty's threads allocated in a burst of 1,000 PATCHes (docs/benchmarks.md,
            // patch-burst); large trees take a few more reads, the same bytes.
            byte[] buf = new byte[FIRST_READ];
            int len = 0;
            while (true) {
                if (len == buf.length) {
                    if (len == MAX_BYTES) {
                        if (in.read() < 0) {
                            return buf; // exactly the limit
                        }
                        discard(in, MAX_DISCARDED_BYTES);
                        throw tooLarge();
                    }
                    buf = Arrays.copyOf(buf, (int) Math.min(2L * len, MAX_BYTES));
                }
                int n = in.read(buf, len, buf.length - len);
                if (n <= 0) {
                    break;
                }
                len += n;
            }
            return len == buf.length ? buf : Arrays.copyOf(buf, len);
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
