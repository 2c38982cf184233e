/**
 * The per-packet HSDBA algorithm of hsdba-algorithm.md section 3 as plain Java over an explicit
 * state object: the readable reference of what the compiled switch program does, and the engine
 * of controller-assisted mode. {@link org.hsdba.algorithm.HsdbaKernel} is stateless; all state
 * lives in a {@link org.hsdba.algorithm.KernelState} the caller owns, so a run is reproducible
 * from the state, the packets and the random source alone.
 */
package org.hsdba.algorithm;
