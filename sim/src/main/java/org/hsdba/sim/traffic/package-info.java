/**
 * Traffic sources in simulated time (nanoseconds): constant bit rate, Poisson and exponential
 * on/off arrivals, fixed or mixed packet sizes, active intervals, per-source seeded randomness, a
 * merged time-ordered arrival stream, real Ethernet/IPv4/UDP frames that match a source's leaf,
 * and a pacer that plays the stream against the wall clock.
 */
package org.hsdba.sim.traffic;
