/**
 * The ONOS wiring: one OSGi component that builds an {@link org.hsdba.impl.HsdbaManager} on
 * ONOS services (distributed store, mastership, the POF adapter's switch service) and offers it
 * as the {@link org.hsdba.api.HsdbaService}. The master-only live figures of a device another
 * instance masters are that master's: {@link org.hsdba.onos.MasterForwarding} asks it through
 * {@link org.hsdba.onos.MasterClient} (bounded wait, fallback to this instance's own figures,
 * reasons logged by {@link org.hsdba.onos.FallbackLog}), {@link org.hsdba.onos.MasterResponder}
 * answers on the master, and {@link org.hsdba.onos.LiveWire} is the versioned form they exchange.
 */
package org.hsdba.onos;
