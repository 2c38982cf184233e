/**
 * Running an experiment end to end: a {@link org.hsdba.sim.run.RunSpec} (tree, sources, mode,
 * run parameters, independent of the file format it came from) plus a
 * {@link org.hsdba.sim.run.ProcessorFactory} for the switch modes give a run, its files and its
 * plots.
 */
package org.hsdba.sim.run;
