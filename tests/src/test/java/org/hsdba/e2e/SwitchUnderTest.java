package org.hsdba.e2e;

import java.util.List;
import java.util.Map;

import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pofswitch.datapath.ProcessResult;

/**
 * A reference switch as the paper runs ({@link PaperRuns}) drive it, in process
 * ({@link ReferenceSwitchHarness}) or through the POF adapter over TCP ({@link TcpSwitchRig}), so
 * both use the same compile, install, traffic and polling code.
 */
interface SwitchUnderTest {

    /** What the compiler may use (over TCP: what the adapter learned from the switch). */
    SwitchCapabilities capabilities();

    /** Installs the messages in order and returns once the switch has applied all of them; any ERROR fails. */
    void install(List<? extends PofMessage> messages);

    /** Every counter's byte count, by counter id, as of now. */
    Map<Long, Long> counterBytes();

    /** Every counter's packet count, by counter id, as read with the last {@link #counterBytes}. */
    Map<Long, Long> counterPackets();

    /** Processes a frame from the scenario's ingress port at simulated time {@code tNs}; true if it was output. */
    boolean process(byte[] frame, long tNs);

    /** Processes a frame like {@link #process}; the port it was output to, or -1 if it was dropped. */
    long egress(byte[] frame, long tNs);

    /** The port a processed frame left by (-1: dropped); a datapath error fails with the time and the result. */
    static long egressPort(ProcessResult r, long tNs) {
        return forwarded(r, tNs) ? r.outputs().get(0).port() : -1;
    }

    /** Whether the switch output the frame; a datapath error fails with the time and the result. */
    static boolean forwarded(ProcessResult r, long tNs) {
        if (r.error() != null) {
            throw new AssertionError("datapath error at t=" + tNs + " ns: " + r.error() + " (" + r + ")");
        }
        return r.forwarded();
    }
}
