package org.hsdba.pofswitch.control;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxDecodeException;
import org.hsdba.pof.ext.HxFeaturesRequest;
import org.hsdba.pof.ext.HxMessage;
import org.hsdba.pof.ext.HxReadRequest;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.message.CString;
import org.hsdba.pof.message.CounterMod;
import org.hsdba.pof.message.CounterReply;
import org.hsdba.pof.message.CounterRequest;
import org.hsdba.pof.message.EchoReply;
import org.hsdba.pof.message.ErrorType;
import org.hsdba.pof.message.FeaturesReply;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.GetConfigReply;
import org.hsdba.pof.message.GroupMod;
import org.hsdba.pof.message.Hello;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.message.MeterMod;
import org.hsdba.pof.message.PacketOut;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.PortMod;
import org.hsdba.pof.message.PortStatus;
import org.hsdba.pof.message.QueryAllFin;
import org.hsdba.pof.message.QueryAllRequest;
import org.hsdba.pof.message.RawMessage;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.pof.message.SetConfig;
import org.hsdba.pof.message.SwitchConfig;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.message.TableResource;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.datapath.OutputFrame;
import org.hsdba.pofswitch.datapath.PortConfig;
import org.hsdba.pofswitch.datapath.ProcessResult;
import org.hsdba.pofswitch.error.SwitchError;

/**
 * The switch side of one controller connection, independent of the transport: POFSwitch's strict
 * handshake (HELLO, FEATURES_REQUEST, SET_CONFIG, GET_CONFIG_REQUEST; anything else closes the
 * connection) and the RUN-state dispatch of pof_parse.c, plus the extension's messages when it is
 * enabled. {@link #onMessage} returns what to send and whether to close. Single-threaded use.
 */
public final class SwitchSession {
    /** Handshake progress (pof_conn.h states after CONNECTED). */
    public enum State { WAIT_HELLO, WAIT_FEATURES_REQUEST, WAIT_SET_CONFIG, WAIT_GET_CONFIG_REQUEST, RUN, CLOSED }

    /** What to do after a message: send these, and maybe close. */
    public static final class Outcome {
        private final List<PofMessage> send;
        private final boolean close;

        Outcome(List<PofMessage> send, boolean close) {
            this.send = List.copyOf(send);
            this.close = close;
        }

        public List<PofMessage> send() {
            return send;
        }

        public boolean close() {
            return close;
        }
    }

    private final Datapath datapath;
    private final ControlConfig config;
    private final Consumer<List<OutputFrame>> packetOutSink;
    private volatile State state = State.WAIT_HELLO;
    private int flags;
    private int missSendLength = 0xFFFF;
    private long lastEchoReplyNanos;

    /**
     * @param packetOutSink receives the frames PACKET_OUT sends (the switch's ports)
     */
    public SwitchSession(Datapath datapath, ControlConfig config, Consumer<List<OutputFrame>> packetOutSink) {
        this.datapath = datapath;
        this.config = config;
        this.packetOutSink = packetOutSink;
    }

    public State state() {
        return state;
    }

    /** When the last ECHO_REPLY arrived (System.nanoTime), 0 if none. */
    public long lastEchoReplyNanos() {
        return lastEchoReplyNanos;
    }

    /** The switch's HELLO, sent as soon as the TCP connection is up (xid = g_upward_xid++). */
    public PofMessage hello() {
        state = State.WAIT_HELLO;
        return new Hello(datapath.nextUpwardXid());
    }

    /** Handles one whole message from the controller. */
    public Outcome onMessage(PofMessage m) {
        List<PofMessage> out = new ArrayList<>();
        switch (state) {
            case WAIT_HELLO:
                if (m.type() != MessageType.HELLO) {
                    return close();
                }
                datapath.wipe();
                state = State.WAIT_FEATURES_REQUEST;
                return new Outcome(out, false);
            case WAIT_FEATURES_REQUEST:
                if (m.type() != MessageType.FEATURES_REQUEST) {
                    return close();
                }
                out.add(featuresReply(m.xid()));
                state = State.WAIT_SET_CONFIG;
                return new Outcome(out, false);
            case WAIT_SET_CONFIG:
                if (!(m instanceof SetConfig)) {
                    return close();
                }
                setConfig((SetConfig) m);
                state = State.WAIT_GET_CONFIG_REQUEST;
                return new Outcome(out, false);
            case WAIT_GET_CONFIG_REQUEST:
                if (m.type() != MessageType.GET_CONFIG_REQUEST) {
                    return close();
                }
                configReplies(m.xid(), out);
                state = State.RUN;
                return new Outcome(out, false);
            case RUN:
                run(m, out);
                return new Outcome(out, false);
            default:
                return close();
        }
    }

    /** A message that could not be decoded in RUN state (known type, bad body). */
    public Outcome onUndecodable(int type, long xid, String detail) {
        if (state != State.RUN) {
            return close();
        }
        List<PofMessage> out = new ArrayList<>();
        out.add(datapath.errorMessage(SwitchError.of(ErrorType.BAD_REQUEST, 6, "POFBRC_BAD_LEN",
                MessageType.name(type) + ": " + detail), xid));
        return new Outcome(out, false);
    }

    private Outcome close() {
        state = State.CLOSED;
        return new Outcome(List.of(), true);
    }

    private void setConfig(SetConfig s) {
        flags = s.config().flags();
        missSendLength = s.config().missSendLength();
    }

    private FeaturesReply featuresReply(long xid) {
        DatapathConfig c = datapath.config();
        return new FeaturesReply(xid, c.deviceId(), 0, c.ports().size(), c.tableIds().total(), 0x0F,
                CString.of(config.vendor(), FeaturesReply.NAME_BYTES),
                CString.of(config.forwardingEngine(), FeaturesReply.NAME_BYTES),
                CString.of(config.lookupEngine(), FeaturesReply.NAME_BYTES));
    }

    private void configReplies(long xid, List<PofMessage> out) {
        DatapathConfig c = datapath.config();
        out.add(new GetConfigReply(xid, new SwitchConfig(c.deviceId(), flags, missSendLength)));
        List<TableResource> tables = new ArrayList<>();
        for (int type = 0; type < 4; type++) {
            tables.add(new TableResource(c.deviceId(), type, c.tableCount(type), c.keyLengthBits(), c.tableSize()));
        }
        out.add(new ResourceReport(xid, 0, 0, c.counterCount(), c.meterCount(), c.groupCount(), tables));
        long portXid = datapath.currentUpwardXid();
        for (PortConfig p : c.ports()) {
            out.add(new PortStatus(portXid, 0, portDesc(p)));
        }
        if (config.handshakeSleepMs() > 0) {
            sleep(config.handshakeSleepMs());
        }
    }

    private PortDesc portDesc(PortConfig p) {
        return PortDesc.builder().slotId(0).portId(p.id()).deviceId(datapath.config().deviceId()).hwAddr(p.mac())
                .name(p.name()).config(0).state(4).current(3).advertised(0x0a).supported(0xFFFFFFFFL).peer(0x0a)
                .currentSpeed(p.speedKbps()).maxSpeed(p.speedKbps()).openflowEnable(datapath.portEnabled(p.id()) ? 1 : 0).build();
    }

    private void run(PofMessage m, List<PofMessage> out) {
        long xid = m.xid();
        try {
            switch (m.type()) {
                case MessageType.ECHO_REQUEST:
                    out.add(new EchoReply(xid));
                    return;
                case MessageType.ECHO_REPLY:
                    lastEchoReplyNanos = System.nanoTime();
                    return;
                case MessageType.SET_CONFIG:
                    setConfig((SetConfig) m);
                    return;
                case MessageType.GET_CONFIG_REQUEST:
                    configReplies(xid, out);
                    return;
                case MessageType.FEATURES_REQUEST:
                    out.add(featuresReply(xid));
                    return;
                case MessageType.PORT_MOD: {
                    PortDesc d = ((PortMod) m).port();
                    datapath.portMod(d.slotId(), d.portId(), d.openflowEnable() != 0);
                    return;
                }
                case MessageType.TABLE_MOD: {
                    TableMod t = (TableMod) m;
                    if (t.command() != 0 && t.command() != 2) {
                        throw SwitchError.of(ErrorType.TABLE_MOD_FAILED, 1, "POFTMFC_BAD_COMMAND", "command "
                                + t.command());
                    }
                    datapath.tableMod(t);
                    return;
                }
                case MessageType.FLOW_MOD:
                    for (SwitchError e : datapath.flowMod((FlowMod) m)) {
                        errors(e, xid, out);
                    }
                    return;
                case MessageType.PACKET_OUT: {
                    ProcessResult r = datapath.packetOut((PacketOut) m);
                    packetOutSink.accept(r.outputs());
                    out.addAll(r.upward());
                    return;
                }
                case MessageType.METER_MOD:
                    datapath.meterMod((MeterMod) m);
                    return;
                case MessageType.GROUP_MOD:
                    datapath.groupMod((GroupMod) m);
                    return;
                case MessageType.COUNTER_MOD: {
                    CounterMod c = (CounterMod) m;
                    datapath.counterMod(c.command(), c.counterId());
                    return;
                }
                case MessageType.COUNTER_REQUEST: {
                    long id = ((CounterRequest) m).counterId();
                    long[] v = datapath.counter(id);
                    if (config.counterReplyDelayMs() > 0) {
                        sleep(config.counterReplyDelayMs());
                    }
                    out.add(new CounterReply(xid, 4, 0, id, v[0], v[1]));
                    return;
                }
                case MessageType.QUERYALL_REQUEST: {
                    int slot = ((QueryAllRequest) m).slotId();
                    if (slot != QueryAllRequest.ALL_SLOTS && slot != 0) {
                        throw SwitchError.invalidSlot("QUERYALL slot " + slot);
                    }
                    out.addAll(datapath.queryAll(xid));
                    out.add(new QueryAllFin(xid));
                    return;
                }
                default:
                    if (datapath.config().extensionEnabled() && HxTypes.isHxMessage(m.type())) {
                        extension(m, out);
                        return;
                    }
                    throw SwitchError.badType("message type " + m.type());
            }
        } catch (SwitchError e) {
            errors(e, xid, out);
        }
    }

    private void extension(PofMessage m, List<PofMessage> out) throws SwitchError {
        HxMessage hx;
        try {
            hx = m instanceof HxMessage ? (HxMessage) m : ExtCodec.toTyped((RawMessage) m);
        } catch (HxDecodeException e) {
            throw SwitchError.hx(e.code(), e.getMessage());
        }
        if (hx instanceof HxFeaturesRequest) {
            out.add(datapath.hxFeatures(m.xid()));
        } else if (hx instanceof HxBlockMod) {
            datapath.blockMod((HxBlockMod) hx);
        } else if (hx instanceof HxRegisterMod) {
            datapath.registerMod((HxRegisterMod) hx);
        } else if (hx instanceof HxReadRequest) {
            out.addAll(datapath.read((HxReadRequest) hx));
        } else {
            throw SwitchError.badType(HxTypes.messageName(m.type()) + " is sent by switches, not controllers");
        }
    }

    private void errors(SwitchError e, long xid, List<PofMessage> out) {
        if (!e.upward()) {
            return;
        }
        for (SwitchError one : e.emitted()) {
            out.add(datapath.errorMessage(one, xid));
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
