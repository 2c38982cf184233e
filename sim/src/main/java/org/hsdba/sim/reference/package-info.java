/**
 * The project's Java reference of the per-packet algorithm ({@code org.hsdba.algorithm}, the
 * kernel the compiled switch program is checked against) as a
 * {@link org.hsdba.sim.engine.PacketProcessor}: runs the experiments without the POF switch, and
 * gives the switch's results something to be compared with.
 */
package org.hsdba.sim.reference;
