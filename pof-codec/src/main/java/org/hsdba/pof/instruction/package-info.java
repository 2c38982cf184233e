/**
 * Flow-entry instructions of POFSwitch 1.4.0 as immutable values; unknown types are kept as {@link org.hsdba.pof.instruction.RawInstruction}.
 */
package org.hsdba.pof.instruction;
