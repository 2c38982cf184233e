package org.hsdba.sim.assisted;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.compiler.assisted.AssistedSwitchCompiler;
import org.hsdba.compiler.assisted.AssistedSwitchProgram;
import org.hsdba.compiler.assisted.ControllerAssistedLoop;
import org.hsdba.compiler.assisted.CounterReadings;
import org.hsdba.model.RuntimeParameters;
import org.hsdba.pof.message.CounterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.datapath.OutputFrame;
import org.hsdba.pofswitch.datapath.ProcessResult;
import org.hsdba.pofswitch.error.SwitchError;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.engine.PacketProcessor;
import org.hsdba.sim.engine.Verdict;
import org.hsdba.sim.model.TreeBinding;
import org.hsdba.sim.run.ProcessorFactory;

/**
 * Controller-assisted mode as deployed: the manager's stock program
 * ({@link AssistedSwitchCompiler}: drop hash, dispatch, level tables, drop counters) on the
 * reference datapath with the extension off, and the controller modelled as a poller: every
 * {@code periodNs} of simulated time it reads the counters (as they are at that instant), runs
 * the loop, and its MODIFYs take effect {@code latencyNs} later (the stock switch answers counter
 * requests about 100 ms late); in between it changes the salts every 1/8 period, as the manager. The simulator's frames are identical per source; a real stack
 * increments the IPv4 identification per packet of a connected socket, so the processor writes a
 * per-source counter there (and fixes the header checksum) before the switch sees the frame.
 */
public final class PolledControllerFactory implements ProcessorFactory {

    private final long periodNs;
    private final long latencyNs;

    public PolledControllerFactory(long periodNs, long latencyNs) {
        if (periodNs <= 0 || latencyNs < 0 || latencyNs >= periodNs) {
            throw new IllegalArgumentException("polling period " + periodNs + " ns and latency " + latencyNs
                    + " ns: need 0 <= latency < period");
        }
        this.periodNs = periodNs;
        this.latencyNs = latencyNs;
    }

    @Override
    public String name() {
        return String.format(java.util.Locale.ROOT, "stock program on the reference datapath, controller polling"
                + " every %.0f ms, MODIFYs %.0f ms after the reading", periodNs / 1e6, latencyNs / 1e6);
    }

    @Override
    public boolean supports(Mode mode) {
        return mode == Mode.CONTROLLER_ASSISTED;
    }

    @Override
    public PacketProcessor create(TreeBinding binding, Mode mode, RuntimeParameters runtime, int inPort, long seed) {
        if (!supports(mode)) {
            throw new IllegalArgumentException("the polled controller runs controller-assisted mode, not "
                    + mode.cliName());
        }
        Datapath dp = new Datapath(DatapathConfig.builder().extensionEnabled(false).rngSeed(seed).build());
        dp.enableAllPorts();
        SwitchCapabilities caps = SwitchCapabilities.reference().withoutHx();
        var install = AssistedSwitchCompiler.compile(List.of(binding.tree()), caps, CompilerOptions.DEFAULTS);
        apply(dp, install.messages());
        return new Poller(dp, install.program(), (int) binding.tree().port().port(), periodNs, latencyNs);
    }

    static void apply(Datapath dp, List<? extends PofMessage> messages) {
        for (PofMessage m : messages) {
            try {
                List<SwitchError> errors = List.of();
                if (m instanceof TableMod) {
                    dp.tableMod((TableMod) m);
                } else if (m instanceof FlowMod) {
                    errors = dp.flowMod((FlowMod) m);
                } else if (m instanceof CounterMod) {
                    dp.counterMod(((CounterMod) m).command(), ((CounterMod) m).counterId());
                } else {
                    throw new IllegalStateException("unexpected message in a stock program: " + m);
                }
                if (!errors.isEmpty()) {
                    throw new IllegalStateException("the switch reported " + errors + " for " + m);
                }
            } catch (SwitchError e) {
                throw new IllegalStateException("the switch rejected " + m + ": " + e, e);
            }
        }
    }

    /** The datapath and the controller's loop, driven by the packets' times. */
    static final class Poller implements PacketProcessor {
        private final Datapath dp;
        private final int outPort;
        private final long periodNs;
        private final long latencyNs;
        private final Deque<Object[]> pending = new ArrayDeque<>();
        private final Map<Long, Integer> ids = new HashMap<>();
        private AssistedSwitchProgram program;
        private long nextPoll;
        private long ticks;

        Poller(Datapath dp, AssistedSwitchProgram program, int outPort, long periodNs, long latencyNs) {
            this.dp = Objects.requireNonNull(dp);
            this.program = program;
            this.outPort = outPort;
            this.periodNs = periodNs;
            this.latencyNs = latencyNs;
            this.nextPoll = periodNs / ControllerAssistedLoop.SALTS_PER_POLL;
        }

        @Override
        public Verdict process(byte[] frame, int inPort, long tNs) {
            while (true) {
                long due = pending.isEmpty() ? Long.MAX_VALUE : (long) pending.peekFirst()[0];
                if (due <= tNs && due <= nextPoll) {
                    @SuppressWarnings("unchecked")
                    List<FlowMod> mods = (List<FlowMod>) pending.pollFirst()[1];
                    apply(dp, mods);
                } else if (nextPoll <= tNs) {
                    // Ticks of 1/SALTS_PER_POLL period: every last one polls, the others change the salts.
                    if (++ticks % ControllerAssistedLoop.SALTS_PER_POLL == 0) {
                        poll(nextPoll);
                    } else {
                        AssistedSwitchProgram.Step step = program.resalt();
                        program = step.next();
                        apply(dp, step.modifies());
                    }
                    nextPoll += periodNs / ControllerAssistedLoop.SALTS_PER_POLL;
                } else {
                    break;
                }
            }
            stampIdentification(frame);
            ProcessResult r = dp.process(frame, inPort, tNs);
            if (r.forwarded()) {
                for (OutputFrame out : r.outputs()) {
                    if (out.port() == outPort) {
                        return Verdict.forward(outPort, null);
                    }
                }
                return Verdict.forward(r.outputs().get(0).port(), null);
            }
            return Verdict.drop(null, r.endReason().name().toLowerCase(java.util.Locale.ROOT));
        }

        private void poll(long t) {
            Map<Long, Long> bytes = new HashMap<>();
            Map<Long, Long> packets = new HashMap<>();
            dp.counters().forEach((id, c) -> {
                bytes.put(id, c[1]);
                packets.put(id, c[0]);
            });
            AssistedSwitchProgram.Step step = program.step(CounterReadings.of(t, bytes, packets));
            program = step.next();
            if (!step.modifies().isEmpty()) {
                pending.addLast(new Object[] {t + latencyNs, step.modifies()});
            }
        }

        /** The source's next IPv4 identification (by source MAC), header checksum fixed. */
        private void stampIdentification(byte[] f) {
            if (f.length < 34 || (f[12] & 0xFF) != 0x08 || f[13] != 0) {
                return;
            }
            long mac = 0;
            for (int i = 6; i < 12; i++) {
                mac = mac << 8 | (f[i] & 0xFF);
            }
            int id = ids.merge(mac, 1, Integer::sum) & 0xFFFF;
            f[18] = (byte) (id >>> 8);
            f[19] = (byte) id;
            f[24] = 0;
            f[25] = 0;
            int sum = 0;
            for (int i = 14; i < 34; i += 2) {
                sum += (f[i] & 0xFF) << 8 | (f[i + 1] & 0xFF);
            }
            while (sum >>> 16 != 0) {
                sum = (sum & 0xFFFF) + (sum >>> 16);
            }
            sum = ~sum & 0xFFFF;
            f[24] = (byte) (sum >>> 8);
            f[25] = (byte) sum;
        }
    }
}
