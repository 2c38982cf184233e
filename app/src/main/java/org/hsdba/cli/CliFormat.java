package org.hsdba.cli;

import java.math.BigDecimal;
import java.math.MathContext;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.NodeState;
import org.hsdba.api.PortState;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;

/** The text the commands print: pure functions, one line per item. */
final class CliFormat {

    private CliFormat() {
    }

    /** One line per tree: port, version, node count, capacity, headroom. */
    static String treeLine(BandwidthTree t) {
        long nodes = t.nodes().stream().filter(n -> !n.isTemplate()).count();
        return String.format(Locale.ROOT, "%s  v%d  %d node(s)  C %s  eta %s  %d level(s)", t.port(), t.operatorVersion(), nodes,
                t.capacity(), t.eta(), t.levels().size());
    }

    /** The tree indented by depth, with each node's level, key and effective g, w, l. */
    static List<String> treeLines(BandwidthTree t) {
        ResolvedTree r = Admission.admit(t);
        List<String> out = new ArrayList<>();
        out.add(treeLine(t));
        for (int i = 0; i < t.size(); i++) {
            NodeSpec n = t.node(i);
            StringBuilder sb = new StringBuilder("  ".repeat(t.depth(i))).append(n.id()).append(" (")
                    .append(t.level(i).name()).append(n.key() == null ? "" : " " + n.key()).append(")");
            if (n.isTemplate()) {
                sb.append(" template w=").append(fmt(r.weight(i))).append(" l=").append(n.peak());
            } else {
                sb.append(" g=").append(Rate.format(r.guarantee(i))).append(r.guaranteeImplied(i) ? " (implied)" : "")
                        .append(" w=").append(fmt(r.weight(i))).append(" l=").append(n.peak());
            }
            if (n.isPinned()) {
                sb.append(" pinned");
            }
            if (n.isJoined()) {
                sb.append(" joined");
            }
            out.add(sb.toString());
        }
        return out;
    }

    /** A table of the live state: one line per node. */
    static List<String> stateLines(PortState s) {
        List<String> out = new ArrayList<>();
        if (s.isMasterElsewhere()) {
            out.add(String.format(Locale.ROOT, "%s v%d: capacity %s, guaranteed %s; live rates are read by the"
                    + " device's master instance, not this one", s.port(), s.treeVersion(), Rate.format(s.capacityBps()),
                    Rate.format(s.guaranteedSumBps())));
            out.add(String.format(Locale.ROOT, "%-24s %12s", "node", "limit"));
            for (NodeState n : s.nodes()) {
                out.add(String.format(Locale.ROOT, "%-24s %12s", n.id(), Rate.format(n.effectiveLimitBps())));
            }
            return out;
        }
        out.add(String.format(Locale.ROOT, "%s v%d: capacity %s, guaranteed %s, %s", s.port(), s.treeVersion(),
                Rate.format(s.capacityBps()), Rate.format(s.guaranteedSumBps()), s.timeMillis() == 0
                        ? "not measured yet (no counters read from the switch)"
                        : "measured " + Rate.format(s.measuredBps()) + " at " + time(s.timeMillis())));
        s.warning().ifPresent(w -> out.add("WARNING: " + w));
        out.add(String.format(Locale.ROOT, "%-24s %-2s %-8s %12s %12s %12s %12s %12s", "node", "st", "active", "measured",
                "drop", "target", "fair share", "limit"));
        for (NodeState n : s.nodes()) {
            out.add(String.format(Locale.ROOT, "%-24s %-2s %-8s %12s %12s %12s %12s %12s%s", n.id(), n.state().letter(),
                    n.isActive() ? "yes" : "no", Rate.format(n.measuredBps()), Rate.format(n.dropBps()),
                    Rate.format(n.targetBps()), Rate.format(n.fairShareBps()), Rate.format(n.effectiveLimitBps()),
                    n.lastError().map(e -> "  error: " + e).orElse("")));
        }
        return out;
    }

    static String eventLine(HsdbaEvent e) {
        StringBuilder sb = new StringBuilder(time(e.timeMillis())).append(' ').append(e.type());
        e.deviceId().ifPresent(d -> sb.append(' ').append(d));
        e.port().ifPresent(p -> sb.append('/').append(p));
        e.nodeId().ifPresent(n -> sb.append(" node ").append(n));
        return sb.append(": ").append(e.message()).toString();
    }

    /** Four significant digits without trailing zeros: a derived weight of 2.9999999996 is "3", not "3.000". */
    static String fmt(double w) {
        if (!Double.isFinite(w)) {
            return String.valueOf(w);
        }
        return new BigDecimal(w).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }

    private static String time(long millis) {
        SimpleDateFormat f = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.ROOT);
        f.setTimeZone(TimeZone.getTimeZone("UTC"));
        return f.format(new Date(millis));
    }
}
