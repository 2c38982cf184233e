package org.hsdba.onos.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.DeviceStatus;
import org.hsdba.api.Enforcement;
import org.hsdba.api.HistorySample;
import org.hsdba.api.JoinCounters;
import org.hsdba.api.NodeState;
import org.hsdba.api.PortInfo;
import org.hsdba.api.PortState;
import org.hsdba.api.RateState;
import org.hsdba.model.PortRef;

/**
 * The bytes instances exchange about live figures: a compact, explicit, versioned form rather
 * than a Kryo namespace, so that the API value classes need no serializer registrations and a
 * member running another hsdba version is recognised (its answer does not decode) instead of
 * misread. Every message starts with {@value #MAGIC_0}{@value #MAGIC_1}, the format
 * {@link #VERSION} and the query kind; then a query's arguments, or an answer's status and
 * figures. Decoding anything else throws {@link IllegalArgumentException} saying what and where.
 */
final class LiveWire {

    static final char MAGIC_0 = 'h';
    static final char MAGIC_1 = 'L';
    /** Bumped on any change of the layout below (2: a device's per-tree enforcement; 3: its ignored join packet-ins). */
    static final int VERSION = 3;

    private static final int MIN_NODE_BYTES = 4 + 8 + 4 + 8 + 8 + 1 + 1 + 8 + 8 + 1;
    private static final int MIN_SAMPLE_BYTES = 4 * 8;
    private static final int MIN_PORT_INFO_BYTES = 8 + 4 + 1 + 1 + 8;
    private static final int MIN_ENFORCEMENT_BYTES = 8 + 8 + 1 + 4 + 1;

    private LiveWire() {
    }

    // ------------------------------------------------------------------ queries

    static byte[] encodeQuery(LiveQuery q) {
        WireWriter w = header(q.kind());
        switch (q.kind()) {
            case STATE:
                port(w, q.port().orElseThrow());
                break;
            case HISTORY:
                port(w, q.port().orElseThrow());
                w.str(q.nodeId().orElseThrow());
                break;
            default:
                w.str(q.deviceId());
        }
        return w.toBytes();
    }

    static LiveQuery decodeQuery(byte[] bytes) {
        WireReader r = new WireReader(bytes);
        LiveQuery.Kind kind = header(r);
        LiveQuery q;
        switch (kind) {
            case STATE:
                q = LiveQuery.state(port(r));
                break;
            case HISTORY:
                q = LiveQuery.history(port(r), r.str());
                break;
            default:
                q = LiveQuery.device(r.str());
        }
        r.end();
        return q;
    }

    // ------------------------------------------------------------------ answers

    static byte[] encodeState(MasterAnswer<PortState> a) {
        return encodeAnswer(LiveQuery.Kind.STATE, a, LiveWire::portState);
    }

    static MasterAnswer<PortState> decodeState(byte[] bytes) {
        return decodeAnswer(bytes, LiveQuery.Kind.STATE, LiveWire::portState);
    }

    static byte[] encodeHistory(MasterAnswer<List<HistorySample>> a) {
        return encodeAnswer(LiveQuery.Kind.HISTORY, a, LiveWire::history);
    }

    static MasterAnswer<List<HistorySample>> decodeHistory(byte[] bytes) {
        return decodeAnswer(bytes, LiveQuery.Kind.HISTORY, LiveWire::history);
    }

    /** A device answer: the master may not know the device ({@code Optional.empty()}). */
    static byte[] encodeDevice(MasterAnswer<Optional<DeviceStatus>> a) {
        return encodeAnswer(LiveQuery.Kind.DEVICE, a, (w, d) -> {
            w.bool(d.isPresent());
            d.ifPresent(s -> device(w, s));
        });
    }

    static MasterAnswer<Optional<DeviceStatus>> decodeDevice(byte[] bytes) {
        return decodeAnswer(bytes, LiveQuery.Kind.DEVICE, r -> r.bool() ? Optional.of(device(r)) : Optional.empty());
    }

    private static <T> byte[] encodeAnswer(LiveQuery.Kind kind, MasterAnswer<T> a, BiConsumer<WireWriter, T> value) {
        WireWriter w = header(kind).u8(a.status().ordinal());
        if (a.status() == MasterAnswer.Status.OK) {
            value.accept(w, a.value().orElseThrow());
        } else if (a.status() == MasterAnswer.Status.FAILED) {
            w.str(a.detail());
        }
        return w.toBytes();
    }

    private static <T> MasterAnswer<T> decodeAnswer(byte[] bytes, LiveQuery.Kind expected, Function<WireReader, T> value) {
        WireReader r = new WireReader(bytes);
        int at = r.position();
        LiveQuery.Kind kind = header(r);
        if (kind != expected) {
            throw r.bad(at, "an answer about " + kind + " where " + expected + " was asked");
        }
        at = r.position();
        int status = r.u8();
        MasterAnswer<T> a;
        if (status == MasterAnswer.Status.OK.ordinal()) {
            a = MasterAnswer.of(value.apply(r));
        } else if (status == MasterAnswer.Status.NOT_MASTER.ordinal()) {
            a = MasterAnswer.notMaster();
        } else if (status == MasterAnswer.Status.FAILED.ordinal()) {
            a = MasterAnswer.failed(r.str());
        } else {
            throw r.bad(at, "answer status " + status + " is unknown");
        }
        r.end();
        return a;
    }

    // ------------------------------------------------------------------ header

    private static WireWriter header(LiveQuery.Kind kind) {
        return new WireWriter().u8(MAGIC_0).u8(MAGIC_1).u8(VERSION).u8(kind.ordinal());
    }

    private static LiveQuery.Kind header(WireReader r) {
        if (r.u8() != MAGIC_0 || r.u8() != MAGIC_1) {
            throw r.bad(0, "not an hsdba live-state message (magic)");
        }
        int version = r.u8();
        if (version != VERSION) {
            throw r.bad(2, "format version " + version + ", this instance reads " + VERSION);
        }
        int kind = r.u8();
        if (kind >= LiveQuery.Kind.values().length) {
            throw r.bad(3, "query kind " + kind + " is unknown");
        }
        return LiveQuery.Kind.values()[kind];
    }

    // ------------------------------------------------------------------ values

    private static void port(WireWriter w, PortRef p) {
        w.str(p.deviceId()).i64(p.port());
    }

    private static PortRef port(WireReader r) {
        int at = r.position();
        String device = r.str();
        long port = r.i64();
        try {
            return PortRef.of(device, port);
        } catch (IllegalArgumentException e) {
            throw r.bad(at, e.getMessage());
        }
    }

    private static void portState(WireWriter w, PortState s) {
        port(w, s.port());
        w.i64(s.timeMillis()).i64(s.treeVersion()).f64(s.capacityBps()).f64(s.guaranteedSumBps())
                .f64(s.measuredBps()).bool(s.isMasterElsewhere()).i32(s.nodes().size());
        for (NodeState n : s.nodes()) {
            w.str(n.id()).f64(n.measuredBps()).str(n.state().name()).f64(n.fairShareBps()).f64(n.dropBps())
                    .bool(n.isActive()).bool(n.lastSeenMillis().isPresent());
            n.lastSeenMillis().ifPresent(w::i64);
            w.f64(n.targetBps()).f64(n.effectiveLimitBps()).optStr(n.lastError().orElse(null));
        }
    }

    private static PortState portState(WireReader r) {
        PortRef port = port(r);
        long time = r.i64();
        long version = r.i64();
        double capacity = r.f64();
        double guaranteed = r.f64();
        double measured = r.f64();
        boolean elsewhere = r.bool();
        int n = r.count(MIN_NODE_BYTES);
        List<NodeState> nodes = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            NodeState.Builder b = NodeState.builder(r.str()).measuredBps(r.f64()).state(r.constant(RateState.class))
                    .fairShareBps(r.f64()).dropBps(r.f64()).active(r.bool());
            b.lastSeenMillis(r.bool() ? r.i64() : null);
            nodes.add(b.targetBps(r.f64()).effectiveLimitBps(r.f64()).lastError(r.optStr()).build());
        }
        PortState s = new PortState(port, time, version, capacity, guaranteed, measured, nodes);
        return elsewhere ? s.withMasterElsewhere() : s;
    }

    private static void history(WireWriter w, List<HistorySample> samples) {
        w.i32(samples.size());
        for (HistorySample s : samples) {
            w.i64(s.timeMillis()).f64(s.measuredBps()).f64(s.targetBps()).f64(s.dropBps());
        }
    }

    private static List<HistorySample> history(WireReader r) {
        int n = r.count(MIN_SAMPLE_BYTES);
        List<HistorySample> samples = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            samples.add(new HistorySample(r.i64(), r.f64(), r.f64(), r.f64()));
        }
        return List.copyOf(samples);
    }

    private static void device(WireWriter w, DeviceStatus d) {
        w.str(d.id()).bool(d.isConnected()).str(d.mode().name()).i32(d.ports().size());
        for (PortInfo p : d.ports()) {
            w.i64(p.port()).str(p.name()).bool(p.isUp()).bool(p.isManaged()).i64(p.speedBps());
        }
        w.bool(d.isProgrammed()).optStr(d.lastError().orElse(null)).i64(d.joins().accepted())
                .i64(d.joins().refused()).i64(d.joins().rateLimited()).i64(d.joins().ignored()).i32(d.trees().size());
        for (Enforcement e : d.trees()) {
            w.i64(e.port()).i64(e.version()).bool(e.enforcedVersion().isPresent());
            e.enforcedVersion().ifPresent(w::i64);
            w.str(e.status().name()).optStr(e.reason().orElse(null));
        }
    }

    private static DeviceStatus device(WireReader r) {
        String id = r.str();
        boolean connected = r.bool();
        DeviceMode mode = r.constant(DeviceMode.class);
        int n = r.count(MIN_PORT_INFO_BYTES);
        List<PortInfo> ports = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ports.add(new PortInfo(r.i64(), r.str(), r.bool(), r.bool(), r.i64()));
        }
        boolean programmed = r.bool();
        String lastError = r.optStr();
        JoinCounters joins = new JoinCounters(r.i64(), r.i64(), r.i64(), r.i64());
        int t = r.count(MIN_ENFORCEMENT_BYTES);
        List<Enforcement> trees = new ArrayList<>(t);
        for (int i = 0; i < t; i++) {
            long port = r.i64();
            long version = r.i64();
            Long enforced = r.bool() ? r.i64() : null;
            trees.add(new Enforcement(port, version, enforced, r.constant(Enforcement.Status.class), r.optStr()));
        }
        return new DeviceStatus(id, connected, mode, ports, programmed, lastError, joins, trees);
    }
}
