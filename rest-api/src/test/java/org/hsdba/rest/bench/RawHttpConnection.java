package org.hsdba.rest.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;

/**
 * One benchmark client's own HTTP/1.1 connection (keep-alive, opened on first use, reopened after
 * the server asks to close): a blocking socket, the request written in one piece, the answer
 * read to its end (Content-Length or chunked). For {@link ConcurrentPatchBench}: its 1,000
 * clients each keep one of these and have one request in flight, as with {@code java.net.http},
 * whose shared selector thread, worker pool and future chains per request cost the benchmark's
 * JVM about a quarter of its CPU (docs/benchmarks.md, patch-burst). Not a general client: no
 * redirects, no 1xx other than skipping them, no pipelining.
 */
final class RawHttpConnection implements AutoCloseable {

    private static final int MAX_HEADER_LINE = 16 << 10;

    private final InetSocketAddress address;
    private final String hostHeader;
    private final String basePath;
    private final String authorization;
    private Socket socket;
    private InputStream in;
    private OutputStream out;
    private int opened;

    /** {@code base}: the web context, e.g. {@code http://127.0.0.1:port/onos/hsdba/}. */
    RawHttpConnection(URI base, String user, String password) {
        this.address = new InetSocketAddress(base.getHost(), base.getPort());
        this.hostHeader = base.getHost() + ":" + base.getPort();
        this.basePath = base.getRawPath().endsWith("/") ? base.getRawPath() : base.getRawPath() + "/";
        this.authorization = basic(user, password);
    }

    /** An answer: status, the two headers the benchmark looks at, and the body. */
    static final class Answer {
        final int status;
        final String retryAfter;
        final String body;

        Answer(int status, String retryAfter, String body) {
            this.status = status;
            this.retryAfter = retryAfter;
            this.body = body;
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }

    /**
     * Sends one request ({@code path} relative to the web context; {@code body} JSON or null;
     * {@code headers} name, value pairs) and reads its whole answer.
     */
    Answer send(String method, String path, String body, String... headers) {
        byte[] request = encode(hostHeader, basePath, authorization, method, path, body, headers);
        try {
            if (socket == null) {
                open();
            }
            out.write(request);
            out.flush();
            return read(method);
        } catch (IOException e) {
            close();
            throw new UncheckedIOException(method + " " + path + ": " + e.getMessage(), e);
        }
    }

    /** One request's bytes, as {@link #send} writes them (for {@link NioBurstClient} too). */
    static byte[] encode(URI base, String user, String password, String method, String path, String body,
                         String... headers) {
        String basePath = base.getRawPath().endsWith("/") ? base.getRawPath() : base.getRawPath() + "/";
        return encode(base.getHost() + ":" + base.getPort(), basePath, basic(user, password), method, path, body,
                headers);
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] encode(String hostHeader, String basePath, String authorization, String method, String path,
                                 String body, String... headers) {
        StringBuilder head = new StringBuilder(256).append(method).append(' ').append(basePath).append(path)
                .append(" HTTP/1.1\r\nHost: ").append(hostHeader).append("\r\nAuthorization: ").append(authorization)
                .append("\r\n");
        for (int i = 0; i < headers.length; i += 2) {
            head.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
        }
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        if (body != null) {
            head.append("Content-Type: application/json\r\nContent-Length: ").append(bytes.length).append("\r\n");
        }
        head.append("\r\n");
        byte[] h = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] request = new byte[h.length + bytes.length];
        System.arraycopy(h, 0, request, 0, h.length);
        System.arraycopy(bytes, 0, request, h.length, bytes.length);
        return request;
    }

    private void open() throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.connect(address, 5_000);
        s.setSoTimeout(60_000);
        socket = s;
        opened++;
        in = new BufferedInputStream(s.getInputStream(), 8192);
        out = s.getOutputStream();
    }

    private Answer read(String method) throws IOException {
        int status;
        String line;
        do { // skip interim answers (100 Continue)
            line = line();
            if (!line.startsWith("HTTP/1.") || line.length() < 12) {
                throw new IOException("not an HTTP/1.x status line: " + line);
            }
            status = Integer.parseInt(line.substring(9, 12));
            if (status / 100 == 1) {
                while (!line().isEmpty()) {
                    // its headers
                }
            }
        } while (status / 100 == 1);
        long length = -1;
        boolean chunked = false;
        boolean close = line.startsWith("HTTP/1.0");
        String retryAfter = null;
        while (!(line = line()).isEmpty()) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                throw new IOException("malformed header line: " + line);
            }
            String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).trim();
            switch (name) {
                case "content-length":
                    length = Long.parseLong(value);
                    break;
                case "transfer-encoding":
                    chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                    break;
                case "connection":
                    close |= value.equalsIgnoreCase("close");
                    break;
                case "retry-after":
                    retryAfter = value;
                    break;
                default:
                    break;
            }
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream(length > 0 ? (int) length : 256);
        if (method.equals("HEAD") || status == 204 || status == 304) {
            // no body
        } else if (chunked) {
            long size;
            while ((size = Long.parseLong(stripExtension(line()), 16)) > 0) {
                copy(size, body);
                line(); // CRLF after the chunk
            }
            while (!line().isEmpty()) {
                // trailers
            }
        } else if (length >= 0) {
            copy(length, body);
        } else {
            in.transferTo(body); // delimited by the end of the connection
            close = true;
        }
        if (close) {
            close();
        }
        return new Answer(status, retryAfter, body.toString(StandardCharsets.UTF_8));
    }

    private static String stripExtension(String chunkSize) {
        int semi = chunkSize.indexOf(';');
        return (semi < 0 ? chunkSize : chunkSize.substring(0, semi)).trim();
    }

    private void copy(long n, ByteArrayOutputStream to) throws IOException {
        byte[] buf = new byte[(int) Math.min(n, 8192)];
        while (n > 0) {
            int r = in.read(buf, 0, (int) Math.min(buf.length, n));
            if (r < 0) {
                throw new IOException("connection closed " + n + " bytes before the end of the body");
            }
            to.write(buf, 0, r);
            n -= r;
        }
    }

    /** One header line without its CRLF. */
    private String line() throws IOException {
        StringBuilder sb = new StringBuilder(64);
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                int end = sb.length();
                return end > 0 && sb.charAt(end - 1) == '\r' ? sb.substring(0, end - 1) : sb.toString();
            }
            if (sb.length() >= MAX_HEADER_LINE) {
                throw new IOException("header line longer than " + MAX_HEADER_LINE + " bytes");
            }
            sb.append((char) c);
        }
        throw new IOException("connection closed by the server" + (sb.length() == 0 ? "" : " in a line: " + sb));
    }

    /** Connections opened so far (1 while the server keeps the connection alive). */
    int opened() {
        return opened;
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException e) {
                // closing anyway
            }
            socket = null;
            in = null;
            out = null;
        }
    }
}
