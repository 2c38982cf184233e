package org.hsdba.e2e;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.message.CounterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.error.SwitchError;

/** D's reference switch datapath in process: installs compiled messages as its control side would. */
final class ReferenceSwitchHarness implements SwitchUnderTest {

    final Datapath datapath;
    private final boolean extension;

    ReferenceSwitchHarness(boolean extension, long seed) {
        DatapathConfig config = DatapathConfig.builder().extensionEnabled(extension).rngSeed(seed).build();
        this.datapath = new Datapath(config);
        this.extension = extension;
        datapath.enableAllPorts();
    }

    /** The reference switch's defaults, which its datapath is built with; stock without the extension. */
    @Override
    public SwitchCapabilities capabilities() {
        return extension ? SwitchCapabilities.reference() : SwitchCapabilities.reference().withoutHx();
    }

    /** Applies each message; any switch error fails with the message that caused it. */
    @Override
    public void install(List<? extends PofMessage> messages) {
        for (PofMessage m : messages) {
            try {
                List<SwitchError> errors = List.of();
                if (m instanceof TableMod) {
                    datapath.tableMod((TableMod) m);
                } else if (m instanceof FlowMod) {
                    errors = datapath.flowMod((FlowMod) m);
                } else if (m instanceof HxBlockMod) {
                    datapath.blockMod((HxBlockMod) m);
                } else if (m instanceof CounterMod) {
                    datapath.counterMod(((CounterMod) m).command(), ((CounterMod) m).counterId());
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

    @Override
    public Map<Long, Long> counterBytes() {
        Map<Long, Long> bytes = new HashMap<>();
        datapath.counters().forEach((id, packetsAndBytes) -> bytes.put(id, packetsAndBytes[1]));
        return bytes;
    }

    @Override
    public Map<Long, Long> counterPackets() {
        Map<Long, Long> packets = new HashMap<>();
        datapath.counters().forEach((id, packetsAndBytes) -> packets.put(id, packetsAndBytes[0]));
        return packets;
    }

    @Override
    public boolean process(byte[] frame, long tNs) {
        return SwitchUnderTest.forwarded(datapath.process(frame, PaperScenario.IN_PORT, tNs), tNs);
    }

    @Override
    public long egress(byte[] frame, long tNs) {
        return SwitchUnderTest.egressPort(datapath.process(frame, PaperScenario.IN_PORT, tNs), tNs);
    }
}
