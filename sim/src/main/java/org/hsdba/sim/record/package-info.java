/**
 * Recording a run: per-bin rows as CSV and JSON, and a per-phase summary (measured versus oracle
 * after the settling time, relative error, latency) as JSON and Markdown. Output is a pure
 * function of the {@link org.hsdba.sim.engine.RunResult}: the same seed gives the same bytes.
 */
package org.hsdba.sim.record;
