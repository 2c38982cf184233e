/**
 * The HSDBA compiler: a bandwidth tree to the POF program (TABLE_MODs, HX instruction blocks,
 * register initialisation, one FLOW_MOD per node) that runs algorithm section 3 inside a switch
 * implementing the HX extension (docs/pof-hsdba-extension.md), and incremental deltas between two
 * versions of a tree with stable slots ({@link org.hsdba.compiler.SlotMap}); several trees (one
 * per egress port) share a switch behind a dispatch table ({@link org.hsdba.compiler.SwitchCompiler},
 * {@link org.hsdba.compiler.SwitchPlacement}, {@link org.hsdba.compiler.Dispatch}). Pure functions over
 * immutable values. The program's layout and fixed-point arithmetic are documented in
 * docs/hsdba-compiler.md.
 */
package org.hsdba.compiler;
