package org.hsdba.e2e;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.hsdba.admission.Admission;
import org.hsdba.algorithm.HsdbaKernel;
import org.hsdba.algorithm.KernelOptions;
import org.hsdba.algorithm.KernelState;
import org.hsdba.algorithm.KernelTree;
import org.hsdba.algorithm.PacketVerdict;
import org.hsdba.algorithm.PassDown;
import org.hsdba.compiler.CompiledProgram;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.HsdbaCompiler;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pofswitch.datapath.ProcessResult;
import org.junit.Test;

/**
 * Below capacity HSDBA drops nothing (algorithm section 3: no unsatisfied weight and
 * {@code S_rate <= B} means alpha = +inf), also while sources start, a guest joins by
 * PACKET_IN and an idle leaf comes back. The lab's two-level tree at C = 100 Mb/s, eta = 1:
 * A1 from 0 s, A2 from 0.5 s (off 1.5-1.8 s, longer than the 50 ms idle timeout), guest A4 from
 * 1 s (its entry installed by a delta 5 ms after its PACKET_IN), B1 from 1.2 s; 30 + 30 + 25 + 5 =
 * 90 Mb/s at most. Run through the compiled program in the reference switch and through the
 * kernel, with exact CBR arrivals and with the lab player's 1 ms batches.
 *
 * <p>With section 3's literal pass-down {@code B = min(share, R, l)} a satisfied subnet passes
 * its own EWMA estimate down as its children's B; their satisfied rates, estimated separately,
 * exceed it by estimator noise, the water-filling restarts with {@code B / W_active} and the
 * children above that equal split are dropped (about 0.5 % of A1 with CBR, 2 % of A2 with 1 ms
 * batches). The default pass-down {@code B = min(share, l)} does not.
 */
public class UnderCapacityTest {

    private static final long MS = 1_000_000L;
    private static final KernelOptions ALGO = KernelOptions.builder().idleTimeout(Duration.ofMillis(50)).build();

    /** A CBR source into 10.group.0.host, active in [start, stop). */
    private static final class Source {
        final int group;
        final int host;
        final long periodNs;
        final long startNs;
        final long stopNs;
        final boolean guest;
        long next;
        int sent;

        Source(int group, int host, double mbps, long startMs, long stopMs, boolean guest) {
            this.group = group;
            this.host = host;
            this.periodNs = Math.round(PaperScenario.FRAME_BYTES * 8 / (mbps * 1e6) * 1e9);
            this.startNs = startMs * MS;
            this.stopNs = stopMs * MS;
            this.guest = guest;
            this.next = startNs + 1 + 37_013L * host + 11_003L * group;
        }
    }

    private static List<Source> sources() {
        List<Source> s = new ArrayList<>();
        s.add(new Source(1, 1, 30, 0, 2600, false));
        s.add(new Source(1, 2, 30, 500, 1500, false));
        s.add(new Source(1, 2, 30, 1800, 2600, false));
        s.add(new Source(1, 4, 25, 1000, 2600, true));
        s.add(new Source(2, 1, 5, 1200, 2600, false));
        return s;
    }

    private static BandwidthTree configured() {
        return PaperScenario.twoLevel(1, 2, 1, 1, 2).toBuilder().capacity(Rate.ofMbps(100))
                .addNode(NodeSpec.builder("A-guests").parent("A").template(true).weight(1.0).build()).build();
    }

    private static NodeSpec guest() {
        return NodeSpec.builder("A4").parent("A").key(MatchKey.exact(32, new byte[] {10, 1, 0, 4})).weight(1.0).build();
    }

    /** Drops of the switch and of the kernel over the whole run. */
    private static long[] drops(KernelOptions algo, long batchNs) {
        BandwidthTree before = configured();
        BandwidthTree after = TreeEdit.add(guest()).applyTo(before);
        SwitchCapabilities caps = SwitchCapabilities.reference();
        CompilerOptions options = CompilerOptions.builder().algorithm(algo).build();
        CompiledProgram program = HsdbaCompiler.compile(before, caps, options);
        ReferenceSwitchHarness sw = new ReferenceSwitchHarness(true, 3);
        sw.install(program.messages());
        // The kernel knows A4 from the start; until the switch has its entry, A4's packets are A's.
        KernelTree kt = KernelTree.of(Admission.admit(after));
        HsdbaKernel kernel = new HsdbaKernel(kt, algo);
        KernelState ks = KernelState.initial(kt);
        SplittableRandom random = new SplittableRandom(3);
        List<Source> sources = sources();
        long installAt = Long.MAX_VALUE;
        boolean installed = false;
        long switchDrops = 0;
        long kernelDrops = 0;
        while (true) {
            Source s = null;
            for (Source c : sources) {
                if (c.next < c.stopNs && (s == null || c.next < s.next)) {
                    s = c;
                }
            }
            if (s == null) {
                break;
            }
            long due = s.next;
            s.next += s.periodNs;
            // The lab's player wakes every batchNs and sends what has come due, 1 us apart.
            long t = batchNs == 0 ? due : (due / batchNs + 1) * batchNs + (due % batchNs) / 1000;
            if (!installed && t >= installAt) {
                sw.install(HsdbaCompiler.diff(before, after, program.slots(), caps, options).messages());
                installed = true;
            }
            byte[] frame = PaperScenario.frame(s.group, s.host, s.sent++);
            ProcessResult r = sw.datapath.process(frame, PaperScenario.IN_PORT, t);
            if (!SwitchUnderTest.forwarded(r, t)) {
                switchDrops++;
            }
            if (installAt == Long.MAX_VALUE && r.upward().stream().anyMatch(m -> m instanceof PacketIn)) {
                installAt = t + 5 * MS;
            }
            int node = s.guest && !installed ? after.indexOf("A") : kt.deepestMatch(frame);
            PacketVerdict v = kernel.onPacket(ks, node, PaperScenario.FRAME_BYTES, t, random::nextDouble);
            if (!v.forwarded()) {
                kernelDrops++;
            }
        }
        assertTrue("the guest joined by PACKET_IN", installed);
        return new long[] {switchDrops, kernelDrops};
    }

    @Test
    public void noDropsBelowCapacityWithCbrArrivals() {
        long[] d = drops(ALGO, 0);
        assertEquals("switch drops below capacity", 0, d[0]);
        assertEquals("kernel drops below capacity", 0, d[1]);
    }

    @Test
    public void noDropsBelowCapacityWithTheLabPlayersMillisecondBatches() {
        long[] d = drops(ALGO, MS);
        assertEquals("switch drops below capacity", 0, d[0]);
        assertEquals("kernel drops below capacity", 0, d[1]);
    }

    /** The scenario does exercise the mechanism: section 3's literal pass-down drops in it. */
    @Test
    public void theLiteralPassDownDropsInTheSameRun() {
        long[] d = drops(ALGO.toBuilder().passDown(PassDown.SHARE_OR_DEMAND).build(), MS);
        assertTrue("the switch drops below capacity with the literal pass-down: " + d[0], d[0] > 50);
        assertTrue("so does the kernel: " + d[1], d[1] > 50);
    }
}
