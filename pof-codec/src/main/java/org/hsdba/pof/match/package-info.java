/**
 * Bit-field references (pof_match), fields with value and mask (pof_match_x), immediate-or-field operands, and the left-aligned value convention.
 */
package org.hsdba.pof.match;
