/**
 * Charts drawn with the JDK alone: one layout ({@link org.hsdba.sim.plot.ChartRenderer}) drawn on a
 * {@link org.hsdba.sim.plot.Canvas} that is either Java2D (headless, PNG) or hand-written SVG,
 * so both files show the same picture. {@link org.hsdba.sim.plot.RateCharts} turns a run into a
 * rate-over-time chart: measured rates solid, oracle dashed in the same colour.
 */
package org.hsdba.sim.plot;
