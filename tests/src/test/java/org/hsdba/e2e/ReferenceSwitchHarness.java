package org.hsdba.e2e;

import java.util.List;

import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.datapath.ProcessResult;
import org.hsdba.pofswitch.error.SwitchError;

/** D's reference switch datapath in process: installs compiled messages as its control side would. */
final class ReferenceSwitchHarness {

    final Datapath datapath;

    ReferenceSwitchHarness(boolean extension, long seed) {
        DatapathConfig config = DatapathConfig.builder().extensionEnabled(extension).rngSeed(seed).build();
        this.datapath = new Datapath(config);
        datapath.enableAllPorts();
    }

    /** Applies each message; any switch error fails with the message that caused it. */
    void install(List<PofMessage> messages) {
        for (PofMessage m : messages) {
            try {
                List<SwitchError> errors = List.of();
                if (m instanceof TableMod) {
                    datapath.tableMod((TableMod) m);
                } else if (m instanceof FlowMod) {
                    errors = datapath.flowMod((FlowMod) m);
                } else if (m instanceof HxBlockMod) {
                    datapath.blockMod((HxBlockMod) m);
                } else if (m instanceof HxRegisterMod) {
                    datapath.registerMod((HxRegisterMod) m);
                } else {
                    throw new AssertionError("unexpected message in a program: " + m);
                }
                if (!errors.isEmpty()) {
                    throw new AssertionError("switch reported " + errors + " for " + m);
                }
            } catch (SwitchError e) {
                throw new AssertionError("switch rejected " + m + ": " + e, e);
            }
        }
    }

    /** Processes a frame from the scenario's ingress port; true if it was output. */
    boolean process(byte[] frame, long tNs) {
        ProcessResult r = datapath.process(frame, PaperScenario.IN_PORT, tNs);
        if (r.error() != null) {
            throw new AssertionError("datapath error at t=" + tNs + " ns: " + r.error() + " (" + r + ")");
        }
        return r.forwarded();
    }
}
