/**
 * The ONOS wiring: one OSGi component that builds an {@link org.hsdba.impl.HsdbaManager} on
 * ONOS services (distributed store, mastership, the POF adapter's switch service) and offers it
 * as the {@link org.hsdba.api.HsdbaService}.
 */
package org.hsdba.onos;
