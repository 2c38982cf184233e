package org.hsdba.sim.baseline;

import org.hsdba.sim.engine.PacketProcessor;
import org.hsdba.sim.engine.Verdict;

/** A switch without per-flow control: every packet goes to one output port. */
public final class ForwardAll implements PacketProcessor {

    private final int outPort;

    public ForwardAll(int outPort) {
        if (outPort < 0) {
            throw new IllegalArgumentException("output port must be >= 0, got " + outPort);
        }
        this.outPort = outPort;
    }

    @Override
    public Verdict process(byte[] frame, int inPort, long tNs) {
        return Verdict.forward(outPort, null);
    }

    @Override
    public String toString() {
        return "forward-all(port " + outPort + ")";
    }
}
