package org.hsdba.rest.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * Many HTTP/1.1 keep-alive connections driven by one thread (a selector), as an event-driven load
 * generator such as autocannon or wrk drives them: {@link #burst} writes one request on each
 * connection at once and reads every answer as it comes. For {@link ConcurrentPatchBench}
 * ({@code -Dhsdba.bench.client=nio}): its thread-per-client generator spends about as much CPU per
 * request on the 1,000 blocking client threads as the server spends answering, on the same two
 * cores, so it measures the generator as much as the server (docs/benchmarks.md, patch-burst).
 * Not a general client: no pipelining, no 1xx other than skipping them, answers delimited by
 * Content-Length or chunked framing only.
 */
final class NioBurstClient implements AutoCloseable {

    private static final int MAX_HEAD = 64 << 10;

    private final InetSocketAddress address;
    private final Selector selector;
    private final Conn[] conns;

    /** Opens {@code connections} connections to {@code base}'s host and port (blocking connect, then non-blocking). */
    NioBurstClient(URI base, int connections) throws IOException {
        this.address = new InetSocketAddress(base.getHost(), base.getPort());
        this.selector = Selector.open();
        this.conns = new Conn[connections];
        for (int i = 0; i < connections; i++) {
            conns[i] = new Conn();
        }
    }

    /** One answer of a burst: when it ended (from the burst's start), its status and Retry-After. */
    static final class Outcome {
        final long nanos;
        final int status;
        final String retryAfter;
        final String head;

        Outcome(long nanos, int status, String retryAfter, String head) {
            this.nanos = nanos;
            this.status = status;
            this.retryAfter = retryAfter;
            this.head = head;
        }
    }

    /**
     * Writes {@code requests.get(i)} on connection {@code i}, all of them before reading any
     * answer, and waits for every answer. Each outcome's time runs from just before its own
     * request's write to the end of its answer, as a blocking client's would.
     */
    Outcome[] burst(List<byte[]> requests, long timeoutNanos) throws IOException {
        if (requests.size() > conns.length) {
            throw new IllegalArgumentException(requests.size() + " requests for " + conns.length + " connections");
        }
        Outcome[] out = new Outcome[requests.size()];
        int pending = requests.size();
        for (int i = 0; i < requests.size(); i++) {
            Conn c = conns[i];
            c.ensureOpen(i);
            c.start(requests.get(i), System.nanoTime());
            c.writeSome();
        }
        long deadline = System.nanoTime() + timeoutNanos;
        while (pending > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new IOException(pending + " of " + requests.size() + " answers missing after "
                        + timeoutNanos / 1_000_000_000L + " s");
            }
            selector.select(Math.max(1, left / 1_000_000));
            Iterator<SelectionKey> it = selector.selectedKeys().iterator();
            while (it.hasNext()) {
                SelectionKey k = it.next();
                it.remove();
                Conn c = (Conn) k.attachment();
                if (k.isValid() && k.isWritable()) {
                    c.writeSome();
                }
                if (k.isValid() && k.isReadable()) {
                    Outcome o = c.readSome();
                    if (o != null) {
                        out[c.index] = o;
                        pending--;
                    }
                }
            }
        }
        return out;
    }

    @Override
    public void close() {
        for (Conn c : conns) {
            c.close();
        }
        try {
            selector.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    /** One connection's state: the request being written, the answer being read. */
    private final class Conn {
        int index;
        SocketChannel ch;
        SelectionKey key;
        ByteBuffer toWrite;
        long started;
        ByteBuffer in = ByteBuffer.allocate(16 << 10);
        boolean awaiting;

        void ensureOpen(int i) throws IOException {
            index = i;
            if (ch != null && ch.isOpen()) {
                return;
            }
            ch = SocketChannel.open();
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ch.connect(address);
            ch.configureBlocking(false);
            key = ch.register(selector, SelectionKey.OP_READ, this);
        }

        void start(byte[] request, long now) {
            toWrite = ByteBuffer.wrap(request);
            started = now;
            in.clear();
            awaiting = true;
        }

        void writeSome() throws IOException {
            if (toWrite == null) {
                return;
            }
            ch.write(toWrite);
            if (toWrite.hasRemaining()) {
                key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
            } else {
                toWrite = null;
                key.interestOps(SelectionKey.OP_READ);
            }
        }

        /** Reads what is there; the outcome once the whole answer is in, else null. */
        Outcome readSome() throws IOException {
            if (!in.hasRemaining()) {
                ByteBuffer bigger = ByteBuffer.allocate(in.capacity() * 2);
                in.flip();
                bigger.put(in);
                in = bigger;
            }
            int r = ch.read(in);
            if (r < 0) {
                close();
                if (awaiting) {
                    throw new IOException("connection " + index + " closed by the server before its answer");
                }
                return null;
            }
            if (!awaiting) {
                return null;
            }
            Outcome o = parse(in.array(), in.position(), System.nanoTime() - started);
            if (o != null) {
                awaiting = false;
                in.clear();
            }
            return o;
        }

        void close() {
            if (ch != null) {
                try {
                    ch.close();
                } catch (IOException e) {
                    // closing anyway
                }
                ch = null;
            }
        }

        /** The answer in {@code b[0, n)} if it is complete (closes the connection if the server said so), else null. */
        private Outcome parse(byte[] b, int n, long nanos) {
            int start = 0;
            while (true) {
                int headEnd = indexOf(b, start, n, "\r\n\r\n");
                if (headEnd < 0) {
                    if (n - start > MAX_HEAD) {
                        throw new UncheckedIOException(new IOException("answer head longer than " + MAX_HEAD + " bytes"));
                    }
                    return null;
                }
                String head = new String(b, start, headEnd - start, StandardCharsets.ISO_8859_1);
                if (!head.startsWith("HTTP/1.") || head.length() < 12) {
                    throw new UncheckedIOException(new IOException("not an HTTP/1.x answer: " + head));
                }
                int status = Integer.parseInt(head.substring(9, 12));
                int bodyStart = headEnd + 4;
                if (status / 100 == 1) { // an interim answer: the real one follows
                    start = bodyStart;
                    continue;
                }
                long length = -1;
                boolean chunked = false;
                boolean closeAfter = head.startsWith("HTTP/1.0");
                String retryAfter = null;
                for (String line : head.split("\r\n")) {
                    int colon = line.indexOf(':');
                    if (colon < 0) {
                        continue; // the status line
                    }
                    String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                    String value = line.substring(colon + 1).trim();
                    if (name.equals("content-length")) {
                        length = Long.parseLong(value);
                    } else if (name.equals("transfer-encoding")) {
                        chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                    } else if (name.equals("connection")) {
                        closeAfter |= value.equalsIgnoreCase("close");
                    } else if (name.equals("retry-after")) {
                        retryAfter = value;
                    }
                }
                boolean complete;
                if (status == 204 || status == 304) {
                    complete = true;
                } else if (chunked) {
                    complete = chunkedEnd(b, bodyStart, n) >= 0;
                } else if (length >= 0) {
                    complete = n - bodyStart >= length;
                } else {
                    throw new UncheckedIOException(new IOException("answer without Content-Length or chunking: " + head));
                }
                if (!complete) {
                    return null;
                }
                if (closeAfter) {
                    close();
                }
                return new Outcome(nanos, status, retryAfter, head);
            }
        }
    }

    /** The end of a chunked body starting at {@code from} (after its last CRLF), or -1 while incomplete. */
    static int chunkedEnd(byte[] b, int from, int n) {
        int p = from;
        while (true) {
            int eol = indexOf(b, p, n, "\r\n");
            if (eol < 0) {
                return -1;
            }
            String size = new String(b, p, eol - p, StandardCharsets.ISO_8859_1);
            int semi = size.indexOf(';');
            long len = Long.parseLong((semi < 0 ? size : size.substring(0, semi)).trim(), 16);
            p = eol + 2;
            if (len == 0) {
                // trailers, then an empty line
                while (true) {
                    int e = indexOf(b, p, n, "\r\n");
                    if (e < 0) {
                        return -1;
                    }
                    if (e == p) {
                        return e + 2;
                    }
                    p = e + 2;
                }
            }
            if (n - p < len + 2) {
                return -1;
            }
            p += (int) len + 2;
        }
    }

    static int indexOf(byte[] b, int from, int n, String what) {
        byte[] w = what.getBytes(StandardCharsets.ISO_8859_1);
        outer:
        for (int i = from; i + w.length <= n; i++) {
            for (int j = 0; j < w.length; j++) {
                if (b[i + j] != w[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
