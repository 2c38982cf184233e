/**
 * The ONOS wiring: one OSGi component that builds an {@link org.hsdba.impl.HsdbaManager} on
 * ONOS services (distributed store, mastership, the POF adapter's switch service) and offers it
 * as the {@link org.hsdba.api.HsdbaService}. The master-only live figures of a device another
 * instance masters are that master's; asking for them and answering them over cluster messaging
 * is {@link org.hsdba.onos.cluster}.
 */
package org.hsdba.onos;
