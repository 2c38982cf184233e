/**
 * Where the configuration lives: versioned trees per port and the run-time parameters, with
 * compare-and-set writes and change notifications (so every cluster member, and the local
 * manager, reacts to every change the same way). In memory, in one JSON file (the lab) or in an
 * ONOS consistent map (the cluster).
 */
package org.hsdba.store;
