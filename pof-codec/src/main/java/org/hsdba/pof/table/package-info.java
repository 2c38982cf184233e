/**
 * Flow table types and the switch's global table id space.
 */
package org.hsdba.pof.table;
