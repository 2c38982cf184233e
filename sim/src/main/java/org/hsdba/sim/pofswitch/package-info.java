/**
 * The reference POF switch's datapath ({@code org.hsdba.pofswitch.datapath}) as a
 * {@link org.hsdba.sim.engine.PacketProcessor}: frames go through the switch's tables and HSDBA
 * extension program in simulated time, exactly as they would on the wire.
 */
package org.hsdba.sim.pofswitch;
