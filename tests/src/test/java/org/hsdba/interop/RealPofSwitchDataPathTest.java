package org.hsdba.interop;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.alloc.Allocation;
import org.hsdba.alloc.Allocator;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Rate;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;

/**
 * Real frames through the real, stock POFSwitch 1.4.0 in controller-assisted mode: host 1 sends
 * four UDP flows (one per leaf of the two-level tree A:B = 1:2, A1:A2 = 1:1, B1:B2 = 1:2, each
 * offered half the port's capacity), host 2 counts what comes out of the egress port. Every
 * leaf's received rate over 8 s (after 3 s of warm-up) must be within 5 % of the exact
 * allocation of the rates offered in that window, for constant, incrementing and random IPv4 ids.
 * A measurement is valid only if the load was paced (the sender never more than 0.1 s behind its
 * schedule in the window) and every frame was counted (no drops on the receiver's socket or the
 * switch's ingress socket, both signs of a CPU-starved machine); an invalid one is repeated, up to
 * three times, then the test fails saying the machine was too loaded. The figures go to stdout
 * and to {@code target/pofswitch-datapath.txt}.
 *
 * <p>The constant-id case fails while the stock program's drop rule compares the IPv4 id's low
 * byte with a threshold (docs/controller-assisted-mode.md): a flow whose id does not change is
 * then either never dropped or always dropped.
 */
public class RealPofSwitchDataPathTest {

    /** 200-byte frames, 1000 frames/s per leaf: 1.6 Mb/s each, 6.4 Mb/s offered on a 3.2 Mb/s port. */
    static final int SIZE = 200;
    static final double PPS = 1000;
    static final Rate CAPACITY = Rate.parse("3.2M");
    static final double WARMUP_S = 3;
    static final double MEASURE_S = 8;
    static final double TOLERANCE = 0.05;
    /** A measurement counts only if the sender stayed this close to its schedule in the window. */
    static final double MAX_LATE_S = 0.1;
    static final int ATTEMPTS = 3;
    static final Map<String, String> LEAVES = Map.of("A1", "10.1.0.1", "A2", "10.1.0.2", "B1", "10.2.0.1", "B2",
            "10.2.0.2");

    @ClassRule
    @Rule
    public static final RealSwitchRule RIGS = RealSwitchRule.stock();

    private static RealSwitchRig rig;
    private static BandwidthTree tree;

    @BeforeClass
    public static void start() {
        rig = RIGS.start(HsdbaParameters.builder().pollingPeriod(Duration.ofMillis(500)).build());
        tree = Trees.twoLevel(rig.egressPort(), CAPACITY);
        rig.controller.manager.putTree(tree, OptionalLong.empty());
        rig.controller.awaitProgrammed(rig.device, 1);
    }

    @Test
    public void everyLeafWithinFivePercentWithIncrementingIds() {
        run(RawFlows.Ids.INCREMENTING);
    }

    @Test
    public void everyLeafWithinFivePercentWithRandomIds() {
        run(RawFlows.Ids.RANDOM);
    }

    @Test
    public void everyLeafWithinFivePercentWithConstantIds() {
        KnownMiss.skipUnlessAsked("fully identical frames (id 0, UDP checksum 0, constant payload) leave only the"
                + " per-poll salt as entropy: worst leaf -8.9 % on 2026-11-24 (bound 5 %); see docs/controller-assisted-mode.md");
        run(RawFlows.Ids.CONSTANT);
    }

    /** Tries up to {@value #ATTEMPTS} times to get a valid measurement (a paced load counted completely), then checks it. */
    private void run(RawFlows.Ids ids) {
        List<String> invalid = new ArrayList<>();
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Optional<String> why = measureAndCheck(ids);
            if (why.isEmpty()) {
                return;
            }
            invalid.add("attempt " + attempt + ": " + why.get());
            System.out.println("measurement not valid, " + why.get());
        }
        throw new AssertionError(ids.arg + " ids: the machine was too loaded to measure: " + invalid);
    }

    /** One measurement; empty when it was valid and passed (it fails when valid and wrong), else why it is not valid. */
    private Optional<String> measureAndCheck(RawFlows.Ids ids) {
        List<String> flows = new ArrayList<>();
        LEAVES.values().forEach(ip -> flows.add(String.format(Locale.ROOT, "%s:%.3f", ip, PPS)));
        double total = WARMUP_S + MEASURE_S;
        Map<Long, Long> switchDropsBefore = rig.sw.socketDrops(rig.net.port(1));
        RawFlows.Receiver rx = RawFlows.receive(rig.net.namespace(2), total + 20, WARMUP_S, total);
        RawFlows.Sent sent = RawFlows.sendScheduled(rig.net.namespace(1), total, SIZE, ids, flows);
        Map<String, Long> received = rx.bytes();
        long rxDrops = rx.drops();
        long switchDrops = RealPofSwitch.dataPathDrops(switchDropsBefore, rig.sw.socketDrops(rig.net.port(1)));
        double late = 0;
        for (int i = (int) (WARMUP_S / RawFlows.SEND_BIN_S); i < sent.lateBins.length; i++) {
            late = Math.max(late, sent.lateBins[i]);
        }

        ResolvedTree resolved = Admission.admit(tree);
        Map<String, Double> offered = new LinkedHashMap<>();
        LEAVES.forEach((leaf, ip) -> {
            long[] bins = sent.bins.getOrDefault(ip, new long[0]);
            long frames = 0;
            for (int i = (int) (WARMUP_S / RawFlows.SEND_BIN_S); i < (int) (total / RawFlows.SEND_BIN_S); i++) {
                frames += i < bins.length ? bins[i] : 0;
            }
            offered.put(leaf, frames * SIZE * 8.0 / MEASURE_S);
        });
        Allocation exact = Allocator.allocate(resolved, offered);

        StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
                "%s  real POFSwitch 1.4.0 (stock, controller-assisted), %s ids, %d-byte frames, port %s, "
                        + "%.0f s measured after %.0f s (loaded shared 2-core machine); sender at worst %.3f s late, "
                        + "receiver socket dropped %d frames, the switch's ingress socket %d%n",
                Instant.now(), ids.arg, SIZE, CAPACITY, MEASURE_S, WARMUP_S, late, rxDrops, switchDrops));
        double worst = 0;
        String worstLeaf = "";
        for (String leaf : List.of("A1", "A2", "B1", "B2")) {
            String ip = LEAVES.get(leaf);
            double got = received.getOrDefault(ip, 0L) * 8.0 / MEASURE_S;
            double want = exact.allocation(tree.indexOf(leaf));
            double dev = Math.abs(got - want) / want;
            table.append(String.format(Locale.ROOT, "  %s (%s): offered %.3f Mb/s, received %.3f Mb/s, exact %.3f Mb/s, %+.1f %%%n",
                    leaf, ip, offered.get(leaf) / 1e6, got / 1e6, want / 1e6, 100 * (got - want) / want));
            if (dev > worst) {
                worst = dev;
                worstLeaf = leaf;
            }
        }
        boolean valid = late <= MAX_LATE_S && rxDrops == 0 && switchDrops <= 0; // -1: ss could not tell
        table.append(String.format(Locale.ROOT, "  worst %s %.1f %% (bound %.0f %%)%s%n", worstLeaf, 100 * worst,
                100 * TOLERANCE, valid ? "" : "; NOT VALID: the load was not paced or not all frames were counted"));
        System.out.print(table);
        record(table.toString());
        assertEquals("ERRORs from the switch", List.of(), rig.controller.errors);
        if (!valid) {
            return Optional.of(String.format(Locale.ROOT, "sender %.3f s late, receiver dropped %d, switch socket dropped %d",
                    late, rxDrops, switchDrops));
        }
        assertTrue(ids.arg + " ids: every leaf within " + (int) (100 * TOLERANCE) + " % of exact:\n" + table,
                worst <= TOLERANCE);
        return Optional.empty();
    }

    private static void record(String text) {
        Path out = PofSwitchBuild.repoRoot().resolve("target/pofswitch-datapath.txt");
        try {
            Files.createDirectories(out.getParent());
            Files.writeString(out, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.err.println("cannot write " + out.toAbsolutePath() + ": " + e);
        }
    }
}
