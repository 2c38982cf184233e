package org.hsdba.pof.server;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.hsdba.pof.codec.PofCodec;
import org.hsdba.pof.codec.PofDecodeException;
import org.hsdba.pof.codec.SessionMessages;
import org.hsdba.pof.codec.SessionVectors;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.ext.HxFeaturesReply;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.message.CounterReply;
import org.hsdba.pof.message.CounterRequest;
import org.hsdba.pof.message.EchoReply;
import org.hsdba.pof.message.EchoRequest;
import org.hsdba.pof.message.ErrorCode;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.ErrorType;
import org.hsdba.pof.message.FeaturesReply;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.GetConfigReply;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortStatus;
import org.hsdba.pof.message.QueryAllFin;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.pof.message.SwitchConfig;

/**
 * The switch side of the captured POFSwitch 1.4.0 session, scripted over a plain socket with the
 * codec: HELLO on connect, FEATURES_REPLY / GET_CONFIG_REPLY / RESOURCE_REPORT / PORT_STATUS from
 * the vectors (device id replaced), ECHO answered, COUNTER_REQUEST and QUERYALL answered from the
 * vectors, BARRIER_REQUEST refused like the real switch, the probe answered as configured, and
 * an optional rule that answers chosen messages with an ERROR. It processes messages in order on
 * one thread, like POFSwitch's control thread, and records everything the controller sent.
 */
public final class FakeSwitch implements AutoCloseable {
    /** How the switch answers HX_FEATURES_REQUEST. */
    public enum Probe { STOCK, EXTENDED, SILENT }

    static final PofCodec CODEC = ExtCodec.extendedCodec();

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final Options options;
    private final List<PofMessage> received = new CopyOnWriteArrayList<>();
    private final BlockingQueue<PofMessage> inbox = new LinkedBlockingQueue<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final AtomicLong upwardXid = new AtomicLong();
    private final AtomicInteger flowMods = new AtomicInteger();
    private final List<Long> heldEchoes = new ArrayList<>();
    private volatile Throwable failure;
    private volatile boolean silent;
    private volatile boolean holdEchoReplies;
    private final Thread reader;

    /** Scripted behaviour; defaults: device 1, stock probe, record and decode everything. */
    public static final class Options {
        long deviceId = 1;
        Probe probe = Probe.STOCK;
        boolean decodeFlowMods = true;
        int announcedPorts = -1;
        Function<PofMessage, ErrorMessage> errors = m -> null;
        boolean silent;
        Function<ResourceReport, ResourceReport> resources = r -> r;
        HxFeaturesReply hxFeatures;

        /** Replaces the captured RESOURCE_REPORT (xid is set by the fake), e.g. a hostile one. */
        public Options resources(Function<ResourceReport, ResourceReport> v) {
            resources = v;
            return this;
        }

        /** The HX_FEATURES_REPLY to answer the probe with (implies {@link Probe#EXTENDED}). */
        public Options hxFeatures(HxFeaturesReply v) {
            hxFeatures = v;
            probe = Probe.EXTENDED;
            return this;
        }

        /** Sends HELLO, then answers nothing (a switch stuck in its handshake). */
        public Options silent(boolean v) {
            silent = v;
            return this;
        }

        public Options deviceId(long v) {
            deviceId = v;
            return this;
        }

        public Options probe(Probe v) {
            probe = v;
            return this;
        }

        /** False for benchmarks: FLOW_MOD bodies are skipped and only counted. */
        public Options decodeFlowMods(boolean v) {
            decodeFlowMods = v;
            return this;
        }

        /** FEATURES_REPLY port_num; default: the number of ports actually reported (2). */
        public Options announcedPorts(int v) {
            announcedPorts = v;
            return this;
        }

        /** Answers a message with the returned ERROR (the fake sets the xid), or nothing for null. */
        public Options errors(Function<PofMessage, ErrorMessage> v) {
            errors = v;
            return this;
        }
    }

    public static Options options() {
        return new Options();
    }

    private FakeSwitch(Socket socket, Options options) throws IOException {
        this.socket = socket;
        this.options = options;
        socket.setTcpNoDelay(true);
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 64 * 1024));
        this.out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
        this.silent = options.silent;
        this.reader = new Thread(this::run, "fake-switch-" + options.deviceId);
        reader.setDaemon(true);
    }

    /** Connects and starts the switch side of the handshake (HELLO first, as POFSwitch does). */
    public static FakeSwitch connect(InetSocketAddress controller, Options options) throws IOException {
        Socket s = new Socket();
        s.connect(controller, 5000);
        FakeSwitch sw = new FakeSwitch(s, options);
        sw.sendUpward(Vectors.message(0));
        sw.reader.start();
        return sw;
    }

    public static FakeSwitch connect(InetSocketAddress controller) throws IOException {
        return connect(controller, options());
    }

    // ------------------------------------------------------------------ test controls

    /** Everything the controller sent, in order. */
    public List<PofMessage> received() {
        return List.copyOf(received);
    }

    /** Waits for the next message the controller sends of {@code type} (skipping others). */
    public PofMessage await(int type, long millis) throws InterruptedException {
        long end = System.currentTimeMillis() + millis;
        while (true) {
            PofMessage m = inbox.poll(Math.max(0, end - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
            if (m == null) {
                throw new AssertionError("no " + SwitchMessageTypes.name(type) + " from the controller within "
                        + millis + " ms; got " + received());
            }
            if (m.type() == type) {
                return m;
            }
        }
    }

    /** FLOW_MODs received (counted even when not decoded). */
    public int flowModCount() {
        return flowMods.get();
    }

    /** Stops answering and sending anything (the TCP connection stays open). */
    public void goSilent() {
        silent = true;
    }

    /** Holds ECHO_REPLYs back until {@link #releaseEchoReplies()}; later messages are still processed. */
    public void holdEchoReplies() {
        holdEchoReplies = true;
    }

    public void releaseEchoReplies() throws IOException {
        synchronized (heldEchoes) {
            holdEchoReplies = false;
            for (long xid : heldEchoes) {
                send(new EchoReply(xid), xid);
            }
            heldEchoes.clear();
        }
    }

    /** Sends an unsolicited message with the switch's next upward xid (as POFSwitch numbers them). */
    public void sendUpward(PofMessage m) throws IOException {
        send(m, upwardXid.getAndIncrement());
    }

    /** Sends a message with the given xid (e.g. a late ERROR for something the controller sent). */
    public void sendWithXid(PofMessage m, long xid) throws IOException {
        send(m, xid);
    }

    /** Sends raw bytes (bad input tests). */
    public void sendRaw(byte[] bytes) throws IOException {
        synchronized (out) {
            out.write(bytes);
            out.flush();
        }
    }

    /** What broke the switch's reader other than an orderly close, or null. */
    public Throwable failure() {
        return failure;
    }

    public boolean awaitClosed(long millis) throws InterruptedException {
        return closed.await(millis, TimeUnit.MILLISECONDS);
    }

    public boolean isClosed() {
        return closed.getCount() == 0;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    // ------------------------------------------------------------------ the switch

    private void run() {
        try {
            while (true) {
                PofMessage m = read();
                if (m != null && !silent) {
                    respond(m);
                }
            }
        } catch (EOFException e) {
            // controller closed the connection
        } catch (PofDecodeException e) {
            failure = e; // the controller sent bytes the codec rejects
        } catch (IOException e) {
            if (!socket.isClosed()) {
                failure = e;
            }
        } finally {
            closed.countDown();
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }

    /** One message; FLOW_MODs are only counted when decoding them is off (returns null). */
    private PofMessage read() throws IOException, PofDecodeException {
        byte[] header = new byte[8];
        in.readFully(header);
        int length = ((header[2] & 0xFF) << 8) | (header[3] & 0xFF);
        int type = header[1] & 0xFF;
        byte[] message = new byte[length];
        System.arraycopy(header, 0, message, 0, 8);
        in.readFully(message, 8, length - 8);
        if (type == MessageType.FLOW_MOD) {
            flowMods.incrementAndGet();
            if (!options.decodeFlowMods) {
                return null;
            }
        }
        PofMessage m = CODEC.decode(message);
        received.add(m);
        inbox.add(m);
        return m;
    }

    private void respond(PofMessage m) throws IOException {
        ErrorMessage error = options.errors.apply(m);
        if (error != null) {
            send(error, m.xid());
            return;
        }
        long xid = m.xid();
        switch (m.type()) {
            case MessageType.FEATURES_REQUEST:
                FeaturesReply f = (FeaturesReply) Vectors.message(3);
                send(new FeaturesReply(xid, options.deviceId, f.slotId(),
                        options.announcedPorts >= 0 ? options.announcedPorts : f.portCount(), f.tableCount(),
                        f.capabilities(), f.vendor(), f.forwardingEngine(), f.lookupEngine()), xid);
                break;
            case MessageType.GET_CONFIG_REQUEST:
                GetConfigReply c = (GetConfigReply) Vectors.message(6);
                send(new GetConfigReply(xid, new SwitchConfig(options.deviceId, c.config().flags(),
                        c.config().missSendLength())), xid);
                send(options.resources.apply((ResourceReport) Vectors.message(7)), xid);
                for (int i : new int[] {8, 9}) {
                    PortStatus p = (PortStatus) Vectors.message(i);
                    // PORT_STATUS carries the switch's current upward xid (not incremented)
                    send(new PortStatus(0, p.reason(), p.port().toBuilder().deviceId(options.deviceId).build()),
                            upwardXid.get());
                }
                break;
            case MessageType.ECHO_REQUEST:
                synchronized (heldEchoes) {
                    if (holdEchoReplies) {
                        heldEchoes.add(xid);
                    } else {
                        send(new EchoReply(xid, ((EchoRequest) m).data()), xid);
                    }
                }
                break;
            case HxTypes.FEATURES_REQUEST:
                if (options.probe == Probe.STOCK) {
                    send(Vectors.message(36), xid); // ERROR BAD_REQUEST / BAD_TYPE, as for any unknown type
                } else if (options.probe == Probe.EXTENDED) {
                    send(options.hxFeatures != null ? options.hxFeatures
                            : new HxFeaturesReply(xid, HxTypes.EXT_VERSION, 8, 256, 256, 280, 65536, 4096, 4096, 42,
                            System.nanoTime()), xid);
                }
                break;
            case MessageType.BARRIER_REQUEST:
                send(Vectors.message(36), xid);
                break;
            case MessageType.COUNTER_REQUEST:
                send(counterReply(((CounterRequest) m).counterId(), xid), xid);
                break;
            case MessageType.QUERYALL_REQUEST:
                send(Vectors.message(39), xid);
                send(Vectors.message(40), xid);
                for (int n = 0; n < 6; n++) {
                    send(SessionMessages.flow(n, xid, FlowModCommand.QUERY_RESULT), xid);
                }
                for (int i = 47; i <= 53; i++) {
                    send(Vectors.message(i), xid);
                }
                send(new QueryAllFin(xid), xid);
                break;
            default:
                break; // HELLO, SET_CONFIG, PORT_MOD, TABLE_MOD, FLOW_MOD, COUNTER_MOD...: accepted silently
        }
    }

    /** The captured COUNTER_REPLY for that counter id, or zeros. */
    private static PofMessage counterReply(long counterId, long xid) {
        for (int i = 24; i <= 34; i += 2) {
            CounterReply r = (CounterReply) Vectors.message(i);
            if (r.counterId() == counterId) {
                return r;
            }
        }
        return CounterReply.of(xid, counterId, 0, 0);
    }

    private void send(PofMessage m, long xid) throws IOException {
        sendRaw(CODEC.encode(m, xid));
    }

    /** The captured session's messages, decoded. */
    static final class Vectors {
        private Vectors() {
        }

        static PofMessage message(int index) {
            SessionVectors.Vector v = SessionVectors.all().get(index);
            if (v.isTruncated()) {
                throw new IllegalArgumentException(v.label() + " is stored truncated");
            }
            try {
                return CODEC.decode(v.bytes());
            } catch (PofDecodeException e) {
                throw new AssertionError(v.label(), e);
            }
        }

        static byte[] bytes(int index) {
            return SessionVectors.all().get(index).bytes();
        }
    }

    /** An ERROR like the real switch's, for the {@link Options#errors} rule. */
    public static ErrorMessage error(int type, int code, String text) {
        return ErrorMessage.of(0, type, code, 1, text);
    }

    static ErrorMessage badPort() {
        return error(ErrorType.PORT_MOD_FAILED, ErrorCode.PortModFailed.BAD_PORT_ID, "POFPMFC_BAD_PORT_ID");
    }
}
