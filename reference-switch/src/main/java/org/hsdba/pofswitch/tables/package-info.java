/**
 * Flow tables with POFSwitch's rules: global table ids, MM/LPM/EM/DT lookups, TABLE_MOD and
 * FLOW_MOD checks and errors, counters, and each entry's extension state.
 */
package org.hsdba.pofswitch.tables;
