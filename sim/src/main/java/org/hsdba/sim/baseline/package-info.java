/**
 * Baselines run in the same harness as HSDBA: no per-flow control in front of a tail-drop FIFO
 * ({@link org.hsdba.sim.baseline.ForwardAll} + {@link org.hsdba.sim.link.FifoLink}), and a
 * deficit weighted round robin output scheduler with one queue per leaf
 * ({@link org.hsdba.sim.baseline.DwrrLink}). The literal reading of the paper's Algorithm 1 is a
 * compiler option of the switch program, selected through {@link org.hsdba.sim.baseline.Mode}.
 */
package org.hsdba.sim.baseline;
