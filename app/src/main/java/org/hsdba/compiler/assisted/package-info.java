/**
 * Controller-assisted mode for stock POFSwitch 1.4.0 (no HX extension): a program of 1.4.0
 * instructions only (one MM table per level, one entry per node with a counter, a per-entry drop
 * decision as a CONDITIONAL_JMP of a per-packet varying field against {@code p * 2^k}), and the
 * controller's loop that turns polled counters into new thresholds; incremental changes that keep
 * entries, counters and thresholds ({@link org.hsdba.compiler.assisted.AssistedCompiler#diff}) and
 * several trees per switch ({@link org.hsdba.compiler.assisted.AssistedSwitchCompiler}). See
 * docs/controller-assisted-mode.md.
 */
package org.hsdba.compiler.assisted;
