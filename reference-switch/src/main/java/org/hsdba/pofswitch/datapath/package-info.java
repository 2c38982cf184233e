/**
 * The reference switch's datapath: {@link org.hsdba.pofswitch.datapath.Datapath#process} runs a
 * frame through the flow tables with POFSwitch 1.4.0's instruction and action semantics plus the
 * HSDBA extension (docs/pof-hsdba-extension.md), and reports outputs, controller messages and
 * per-entry passed/dropped counters.
 */
package org.hsdba.pofswitch.datapath;
