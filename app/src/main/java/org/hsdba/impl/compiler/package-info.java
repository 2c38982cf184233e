/**
 * {@link org.hsdba.impl.program.ProgramCompiler} implemented with the HSDBA compiler
 * ({@code org.hsdba.compiler}): the in-switch program with incremental deltas on stable slots,
 * and the controller-assisted program with its step function. Bulk counter reads per level table.
 */
package org.hsdba.impl.compiler;
