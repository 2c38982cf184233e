package org.hsdba.sim.engine;

/**
 * What the engine drives: a switch datapath (the reference POF switch, a baseline, ...). Called
 * from one thread, in non-decreasing time order. It may modify {@code frame}.
 */
public interface PacketProcessor {

    /** Decides the fate of one frame arriving on {@code inPort} at simulated time {@code tNs}. */
    Verdict process(byte[] frame, int inPort, long tNs);
}
