/**
 * Karaf CLI commands of the hsdba app (ONOS shell, scope {@code onos}): list trees, add, remove
 * and update nodes, show live state and events, with completers for devices, ports and node ids.
 * Every command goes through {@link org.hsdba.api.HsdbaService}.
 */
package org.hsdba.cli;
