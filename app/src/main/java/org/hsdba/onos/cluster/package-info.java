/**
 * Forwarding of master-only live figures (port state, history, device status) between ONOS
 * instances: {@link org.hsdba.onos.cluster.MasterForwarding} asks a device's master through
 * {@link org.hsdba.onos.cluster.MasterClient} (bounded wait, fallback to this instance's own
 * figures, reasons logged by {@link org.hsdba.onos.cluster.FallbackLog}),
 * {@link org.hsdba.onos.cluster.MasterResponder} answers on the master. A question
 * ({@code LiveQuery}) and its answer ({@code MasterAnswer}) travel in {@code LiveWire}'s
 * versioned binary form ({@code WireWriter}, {@code WireReader}). Only what the ONOS component
 * wires up is public.
 */
package org.hsdba.onos.cluster;
