package org.hsdba.sim.record;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import org.hsdba.sim.engine.LatencySummary;
import org.hsdba.sim.engine.NodeTree;
import org.hsdba.sim.engine.Phase;
import org.hsdba.sim.engine.RunResult;

/**
 * JSON outputs: the per-bin rows (format {@code hsdba-sim-bins/1}, one row object per line) and
 * the summary (format {@code hsdba-sim-summary/1}). Unknown numbers are written as null. Field
 * order is fixed, so the bytes depend only on the run.
 */
public final class JsonWriter {

    public static final String BINS_FORMAT = "hsdba-sim-bins/1";
    public static final String SUMMARY_FORMAT = "hsdba-sim-summary/1";

    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonWriter() {
    }

    public static void writeBins(RunResult r, List<BinRow> rows, OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.setPrettyPrinter(new RowPerLine());
            g.writeStartObject();
            g.writeStringField("format", BINS_FORMAT);
            parameters(g, r.parameters());
            g.writeNumberField("bin_s", r.binNs() / 1e9);
            g.writeNumberField("duration_s", r.durationNs() / 1e9);
            g.writeArrayFieldStart("rows");
            for (BinRow row : rows) {
                g.writeStartObject();
                g.writeNumberField("time_s", row.timeNs() / 1e9);
                g.writeStringField("node", row.node());
                number(g, "offered_bps", Math.round(row.offeredBps()));
                number(g, "measured_bps", Math.round(row.measuredBps()));
                if (Double.isNaN(row.oracleBps())) {
                    g.writeNullField("oracle_bps");
                } else {
                    number(g, "oracle_bps", Math.round(row.oracleBps()));
                }
                number(g, "drop_bps", Math.round(row.dropBps()));
                number(g, "drop_pps", row.dropPps());
                number(g, "queue_drop_pps", row.queueDropPps());
                if (row.state() == null) {
                    g.writeNullField("state");
                } else {
                    g.writeStringField("state", row.state());
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }

    public static void writeSummary(RunSummary s, OutputStream out) throws IOException {
        RunResult r = s.result();
        NodeTree tree = r.tree();
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("format", SUMMARY_FORMAT);
            parameters(g, r.parameters());
            g.writeNumberField("duration_s", r.durationNs() / 1e9);
            g.writeNumberField("bin_s", r.binNs() / 1e9);
            g.writeNumberField("settle_s", s.settleNs() / 1e9);
            g.writeNumberField("packets", r.packets());
            g.writeNumberField("misattributed_packets", r.misattributedPackets());
            g.writeNumberField("other_port_packets", r.otherPortPackets());
            g.writeNumberField("in_flight_bytes_at_end", r.inFlightBytesAtEnd());
            g.writeArrayFieldStart("phases");
            for (int p = 0; p < r.phases().size(); p++) {
                Phase phase = r.phases().get(p);
                g.writeStartObject();
                g.writeNumberField("index", p);
                g.writeNumberField("start_s", phase.startNs() / 1e9);
                g.writeNumberField("end_s", phase.endNs() / 1e9);
                g.writeArrayFieldStart("active_sources");
                for (String id : phase.activeSources()) {
                    g.writeString(id);
                }
                g.writeEndArray();
                number(g, "mean_abs_leaf_error", s.meanAbsLeafError(p));
                g.writeArrayFieldStart("nodes");
                for (PhaseStat st : s.phase(p)) {
                    g.writeStartObject();
                    g.writeStringField("node", st.node());
                    g.writeBooleanField("leaf", st.leaf());
                    number(g, "measured_bps", st.measuredBps());
                    number(g, "oracle_bps", st.oracleBps());
                    number(g, "relative_error", st.relativeError());
                    g.writeNumberField("bins", st.bins());
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("latency");
            for (int n = 0; n < tree.size(); n++) {
                LatencySummary l = r.latency(n);
                if (n != 0 && (!tree.isLeaf(n) || l.count() == 0)) {
                    continue;
                }
                g.writeStartObject();
                g.writeStringField("node", tree.id(n));
                g.writeNumberField("packets", l.count());
                number(g, "mean_us", l.meanNs() / 1e3);
                number(g, "p50_us", l.p50Ns() / 1e3);
                number(g, "p99_us", l.p99Ns() / 1e3);
                number(g, "max_us", l.count() == 0 ? Double.NaN : l.maxNs() / 1e3);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }

    /** Compact JSON with each element of an array on its own line (the bins file has one array). */
    private static final class RowPerLine extends MinimalPrettyPrinter {
        private static final long serialVersionUID = 1L;

        @Override
        public void beforeArrayValues(JsonGenerator g) throws IOException {
            g.writeRaw('\n');
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(",\n");
        }

        @Override
        public void writeEndArray(JsonGenerator g, int nrOfValues) throws IOException {
            g.writeRaw(nrOfValues == 0 ? "]" : "\n]");
        }
    }

    private static void parameters(JsonGenerator g, Map<String, String> parameters) throws IOException {
        g.writeObjectFieldStart("parameters");
        for (Map.Entry<String, String> e : parameters.entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }

    private static void number(JsonGenerator g, String name, double v) throws IOException {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, v);
        }
    }

    private static void number(JsonGenerator g, String name, long v) throws IOException {
        g.writeNumberField(name, v);
    }
}
