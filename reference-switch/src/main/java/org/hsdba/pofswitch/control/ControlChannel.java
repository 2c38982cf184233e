package org.hsdba.pofswitch.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.hsdba.pof.PofVersion;
import org.hsdba.pof.codec.PofCodec;
import org.hsdba.pof.codec.PofDecodeException;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.message.EchoRequest;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.OutputFrame;

/**
 * The switch's TCP client to the controller, as POFSwitch runs it: connect, send HELLO, follow the
 * {@link SwitchSession}; on any error or a close, reconnect after the reconnect interval, forever
 * until {@link #stop()} (with several controller addresses, the next one at once; the interval only
 * after all of them failed, {@link ControllerRotation}). In RUN state an ECHO_REQUEST goes out every echo interval (no echo
 * timeout). Plain blocking sockets: one reader thread and one echo thread; writes are serialised.
 */
public final class ControlChannel {
    /** Decoding as a stock switch does: extension messages stay raw until the session looks at them. */
    private static final PofCodec DECODER = PofCodec.standard();
    /** Encoding knows the extension's messages too. */
    private static final PofCodec ENCODER = ExtCodec.extendedCodec();

    private final Datapath datapath;
    private final ControlConfig config;
    private final Consumer<List<OutputFrame>> packetOutSink;
    private final Object writeLock = new Object();
    private final ControlTrace trace;
    /** Whether anyone wants the timestamps (none are taken otherwise). */
    private final boolean traced;
    private volatile boolean running;
    private volatile Socket socket;
    private volatile SwitchSession session;
    private Thread reader;
    private Thread echo;
    private volatile long nextEchoNanos = Long.MAX_VALUE;
    private volatile int connections;
    private volatile InetSocketAddress connectedTo;

    public ControlChannel(Datapath datapath, ControlConfig config, Consumer<List<OutputFrame>> packetOutSink) {
        this.datapath = datapath;
        this.config = config;
        this.packetOutSink = packetOutSink;
        this.trace = config.trace();
        this.traced = trace != ControlTrace.NONE;
    }

    /** Starts connecting (returns at once). */
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        reader = new Thread(this::connectLoop, "pofswitch-control-" + datapath.config().deviceId());
        reader.setDaemon(true);
        reader.start();
        if (config.echoIntervalMs() > 0) {
            echo = new Thread(this::echoLoop, "pofswitch-echo-" + datapath.config().deviceId());
            echo.setDaemon(true);
            echo.start();
        }
    }

    /** Closes the connection and stops reconnecting; waits for the threads to end. */
    public synchronized void stop() {
        running = false;
        closeSocket();
        for (Thread t : new Thread[] {reader, echo}) {
            if (t != null) {
                t.interrupt();
                try {
                    t.join(5000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** True once the handshake is complete on the current connection. */
    public boolean isRunning() {
        SwitchSession s = session;
        return s != null && s.state() == SwitchSession.State.RUN && socket != null;
    }

    /** How many TCP connections have been established so far. */
    public int connections() {
        return connections;
    }

    /** The controller address of the current TCP connection, or null between connections. */
    public InetSocketAddress connectedTo() {
        return connectedTo;
    }

    /** Sends switch-originated messages (PACKET_IN, ERROR, HX_ENTRY_STATUS) if connected and running. */
    public void sendUpward(List<PofMessage> messages) {
        if (!messages.isEmpty() && isRunning()) {
            send(messages);
        }
    }

    private void connectLoop() {
        ControllerRotation rotation = new ControllerRotation(config.controllers());
        while (running) {
            InetSocketAddress controller = rotation.current();
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(controller.getHostString(), controller.getPort()), 2000);
                s.setTcpNoDelay(true);
                rotation.established();
                connectedTo = controller;
                socket = s;
                connections++;
                SwitchSession sess = new SwitchSession(datapath, config, packetOutSink);
                session = sess;
                long interval = config.echoIntervalMs();
                nextEchoNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(
                        config.firstEchoDelayMs() > 0 ? config.firstEchoDelayMs() : interval);
                send(List.of(sess.hello()));
                readLoop(s.getInputStream(), sess);
            } catch (IOException | RuntimeException e) {
                // not connected, the connection broke, or a message could not be handled:
                // drop the connection and retry below, as POFSwitch does
            } finally {
                socket = null;
                session = null;
                connectedTo = null;
            }
            if (rotation.failed()) {
                sleep(config.reconnectIntervalMs());
            }
        }
    }

    private void readLoop(InputStream in, SwitchSession sess) throws IOException {
        byte[] buf = new byte[PofVersion.MAX_MESSAGE_LENGTH * 2];
        int filled = 0;
        while (running) {
            int n = in.read(buf, filled, buf.length - filled);
            if (n < 0) {
                return;
            }
            long readNanos = traced ? System.nanoTime() : 0;
            filled += n;
            int start = 0;
            while (true) {
                int length;
                try {
                    length = DECODER.frameLength(ByteBuffer.wrap(buf, start, filled - start));
                } catch (PofDecodeException e) {
                    return; // a header POFSwitch could not frame: drop the connection
                }
                if (length == 0) {
                    break;
                }
                byte[] message = Arrays.copyOfRange(buf, start, start + length);
                start += length;
                SwitchSession.Outcome outcome;
                PofMessage decoded = null;
                try {
                    decoded = DECODER.decode(message);
                    outcome = sess.onMessage(decoded);
                } catch (PofDecodeException e) {
                    long xid = ByteBuffer.wrap(message, 4, 4).getInt() & 0xFFFFFFFFL;
                    outcome = sess.onUndecodable(message[1] & 0xFF, xid, e.getMessage());
                }
                if (traced && decoded != null) {
                    trace.handled(decoded, readNanos, System.nanoTime());
                }
                send(outcome.send());
                if (outcome.close()) {
                    return;
                }
            }
            System.arraycopy(buf, start, buf, 0, filled - start);
            filled -= start;
        }
    }

    private void send(List<PofMessage> messages) {
        Socket s = socket;
        if (s == null || messages.isEmpty()) {
            return;
        }
        synchronized (writeLock) {
            try {
                OutputStream out = s.getOutputStream();
                for (PofMessage m : messages) {
                    out.write(ENCODER.encode(m));
                }
                out.flush();
                if (traced) {
                    trace.wrote(messages, System.nanoTime());
                }
            } catch (IOException e) {
                closeSocket();
            }
        }
    }

    /** ECHO_REQUESTs at HELLO + first delay, then every interval, while the session runs. */
    private void echoLoop() {
        while (running) {
            long wait = nextEchoNanos - System.nanoTime();
            if (wait > 0) {
                sleep(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(wait), 50)));
                continue;
            }
            nextEchoNanos += TimeUnit.MILLISECONDS.toNanos(config.echoIntervalMs());
            if (isRunning()) {
                send(List.of(new EchoRequest(datapath.nextUpwardXid())));
            }
        }
    }

    private void closeSocket() {
        Socket s = socket;
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }

    private void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            if (!running) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
