/**
 * Small working implementations of the ONOS core services the project's components reference,
 * for a Karaf that has ONOS's API bundles but not its core (which Maven Central does not carry):
 * one node, masters of every device, state in memory. Each is a DS component registering the ONOS
 * service interface, so the components under test bind to them exactly as they bind in ONOS.
 * A service some project component needs and this package lacks shows up in the container test
 * as an unsatisfied reference naming the interface: add it here. They start only with the
 * configuration {@code org.hsdba.container.onos} (the fixture's stand-in mode); in a real ONOS core
 * they stay off.
 */
package org.hsdba.container.onos;
