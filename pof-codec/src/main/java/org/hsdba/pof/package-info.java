/**
 * POF 1.4.0 (POFSwitch-compatible) protocol: shared constants, value-checking helpers and {@link org.hsdba.pof.SlotValue}, the base of actions and instructions. Sub-packages hold the model (message, instruction, action, match, table) and the byte codec (codec).
 */
package org.hsdba.pof;
