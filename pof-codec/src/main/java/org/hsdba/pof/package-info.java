/**
 * POF 1.4.0 (POFSwitch-compatible) protocol: shared constants and value-checking helpers. Sub-packages hold the model (message, instruction, action, match, table) and the byte codec (codec).
 */
package org.hsdba.pof;
