package org.hsdba.sim.plot;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import org.hsdba.sim.engine.RunResult;

/**
 * Rate-over-time charts of a run: per node the measured (delivered) rate as a solid line and the
 * oracle as a dashed line of the same colour; x in seconds at the middle of each bin.
 */
public final class RateCharts {

    /** Tableau 10: distinct, print-friendly colours. */
    public static final List<Color> PALETTE = List.of(new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c),
            new Color(0xd62728), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f),
            new Color(0xbcbd22), new Color(0x17becf));

    private RateCharts() {
    }

    /** Measured and oracle rates of {@code nodeIds} (each must be in the run's tree). */
    public static Chart of(RunResult r, List<String> nodeIds, String title) {
        if (nodeIds.isEmpty()) {
            throw new IllegalArgumentException("rate chart \"" + title + "\": no nodes to plot");
        }
        double[] xs = new double[r.bins()];
        for (int b = 0; b < r.bins(); b++) {
            xs[b] = (r.binStartNs(b) + r.binLengthNs(b) / 2.0) / 1e9;
        }
        List<Series> series = new ArrayList<>();
        double max = 0;
        boolean anyOracle = false;
        for (int i = 0; i < nodeIds.size(); i++) {
            int node = r.tree().require(nodeIds.get(i), "rate chart \"" + title + "\"");
            double[] measured = new double[r.bins()];
            double[] oracle = new double[r.bins()];
            boolean hasOracle = false;
            for (int b = 0; b < r.bins(); b++) {
                measured[b] = r.measuredBps(b, node);
                oracle[b] = r.oracleBps(b, node);
                hasOracle |= !Double.isNaN(oracle[b]);
                max = Math.max(max, Math.max(measured[b], Double.isNaN(oracle[b]) ? 0 : oracle[b]));
            }
            Color c = PALETTE.get(i % PALETTE.size());
            series.add(new Series(nodeIds.get(i), c, false, xs, measured, true));
            if (hasOracle) {
                series.add(new Series(nodeIds.get(i) + " oracle", c, true, xs, oracle, false));
                anyOracle = true;
            }
        }
        return new Chart(title, "time (s)", "rate", AxisUnit.forBitRate(max), series,
                anyOracle ? "dashed: oracle" : null, 0, r.durationNs() / 1e9);
    }
}
