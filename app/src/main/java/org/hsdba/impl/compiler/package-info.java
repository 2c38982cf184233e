/**
 * {@link org.hsdba.impl.program.ProgramCompiler} implemented with the HSDBA compiler
 * ({@code org.hsdba.compiler}): every tree of a device behind the switch's dispatch table, the
 * in-switch program and the controller-assisted program (with its step function), both changed by
 * per-tree incremental deltas on stable placements and slots. Bulk counter reads per level table.
 */
package org.hsdba.impl.compiler;
