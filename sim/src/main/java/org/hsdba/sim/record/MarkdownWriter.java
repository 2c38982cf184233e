package org.hsdba.sim.record;

import java.io.IOException;
import java.io.Writer;
import java.util.Map;
import org.hsdba.sim.engine.LatencySummary;
import org.hsdba.sim.engine.NodeTree;
import org.hsdba.sim.engine.Phase;
import org.hsdba.sim.engine.RunResult;

/** The summary as Markdown: parameters, one table per phase, latency. */
public final class MarkdownWriter {

    private MarkdownWriter() {
    }

    public static void write(RunSummary s, String title, Writer out) throws IOException {
        RunResult r = s.result();
        NodeTree tree = r.tree();
        out.write("# " + title + "\n\n");
        out.write("| parameter | value |\n|---|---|\n");
        for (Map.Entry<String, String> e : r.parameters().entrySet()) {
            out.write("| " + cell(e.getKey()) + " | " + cell(e.getValue()) + " |\n");
        }
        out.write("| duration | " + Numbers.seconds(r.durationNs()) + " s |\n");
        out.write("| bin | " + Numbers.seconds(r.binNs()) + " s |\n");
        out.write("| settling time judged out per phase | " + Numbers.seconds(s.settleNs()) + " s |\n");
        out.write("| packets | " + r.packets() + " |\n");
        if (r.misattributedPackets() > 0) {
            out.write("| packets decided by a node off their source's path | " + r.misattributedPackets() + " |\n");
        }
        out.write("\n");
        for (int p = 0; p < r.phases().size(); p++) {
            Phase phase = r.phases().get(p);
            out.write("## Phase " + p + ": " + Numbers.seconds(phase.startNs()) + " s to "
                    + Numbers.seconds(phase.endNs()) + " s\n\n");
            out.write("Active sources: " + (phase.activeSources().isEmpty() ? "none"
                    : String.join(", ", phase.activeSources())) + ". Mean |error| over leaves: "
                    + percent(s.meanAbsLeafError(p)) + ".\n\n");
            out.write("| node | oracle | measured | error |\n|---|---:|---:|---:|\n");
            for (PhaseStat st : s.phase(p)) {
                String indent = "&nbsp;&nbsp;".repeat(tree.depth(tree.indexOf(st.node())));
                String measured = st.bins() == 0 ? "phase too short" : Numbers.rate(st.measuredBps());
                out.write("| " + indent + cell(st.node()) + " | " + Numbers.rate(st.oracleBps()) + " | " + measured
                        + " | " + percent(st.relativeError()) + " |\n");
            }
            out.write("\n");
        }
        out.write("## Latency (arrival to last bit out)\n\n| node | packets | mean | p50 | p99 |\n|---|---:|---:|---:|---:|\n");
        for (int n = 0; n < tree.size(); n++) {
            LatencySummary l = r.latency(n);
            if (n != 0 && (!tree.isLeaf(n) || l.count() == 0)) {
                continue;
            }
            out.write("| " + cell(tree.id(n)) + " | " + l.count() + " | " + micros(l.meanNs()) + " | "
                    + micros(l.p50Ns()) + " | " + micros(l.p99Ns()) + " |\n");
        }
        out.flush();
    }

    private static String percent(double fraction) {
        return Double.isNaN(fraction) ? "n/a" : String.format(java.util.Locale.ROOT, "%+.2f %%", fraction * 100);
    }

    private static String micros(double ns) {
        return Double.isNaN(ns) ? "n/a" : String.format(java.util.Locale.ROOT, "%.1f us", ns / 1e3);
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
