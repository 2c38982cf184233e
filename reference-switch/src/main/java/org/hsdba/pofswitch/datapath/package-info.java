/**
 * The reference switch's datapath: {@link org.hsdba.pofswitch.datapath.Datapath#process} runs a
 * frame through the flow tables with POFSwitch 1.4.0's instruction and action semantics plus the
 * HSDBA extension (docs/pof-hsdba-extension.md), and reports outputs, controller messages and
 * per-entry passed/dropped counters.
 *
 * <p>Two engines with the same results: {@code Execution}, the interpreter and the reference, and
 * the fast path ({@code FastProgram}, {@code FastOps}, {@code FastRun}), the installed tables and
 * blocks compiled into operations over pre-resolved fields, registers and tables, rebuilt after a
 * TABLE_MOD, block change or HELLO (with the concurrency domains, {@code Domains}) and updated in
 * place, entry by entry, by a FLOW_MOD (a join costs its own entry, not every entry of the
 * switch). The fast path runs the plain case of what it
 * knows and hands a packet over to the interpreter, at the instruction, for anything else (errors,
 * misses, joins, reactivations, instructions it does not compile). {@code FastPathDifferentialTest}
 * and the simulator's {@code FastPathCompiledTreeTest} compare the two packet by packet (the former
 * also against a fresh compile under random ADD, MODIFY and DELETE).
 */
package org.hsdba.pofswitch.datapath;
