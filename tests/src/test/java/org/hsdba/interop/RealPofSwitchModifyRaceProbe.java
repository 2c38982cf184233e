package org.hsdba.interop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;

/**
 * Diagnostic (a JUnit class run by name, not by the test command; no assertion on figures): the
 * stock POFSwitch's POFBIC_UNKNOWN_INST that answer no request ({@link Controller#datapathRaces}).
 * Installs {@link Trees#withJoins} (polling every 60 s, so the controller-assisted loop itself
 * sends nothing), then in three phases of {@code hsdba.race.seconds} (default 20) each: frames to
 * alice at {@code hsdba.race.pps} frames/s (default 5,000) alone; MODIFYs of alice's leaf entry
 * (same content, each confirmed before the next) alone; both at once. Prints per phase the
 * frames, the MODIFYs and the ERRORs numbered by the switch; writes
 * {@code target/pofswitch-modify-race.txt}. Needs root and the POFSwitch source, as the interop tests.
 */
public class RealPofSwitchModifyRaceProbe {

    private static final HsdbaParameters PARAMS = HsdbaParameters.builder().pollingPeriod(Duration.ofSeconds(60))
            .idleTimeout(Duration.ofSeconds(600)).leafLifetime(Duration.ofSeconds(600)).build();

    @ClassRule
    @Rule
    public static final RealSwitchRule RIGS = RealSwitchRule.stock();

    @Test
    public void modifiesOfAnEntryInUse() throws Exception {
        double seconds = Double.parseDouble(System.getProperty("hsdba.race.seconds", "20"));
        int pps = Integer.getInteger("hsdba.race.pps", 5000);
        RealSwitchRig rig = RIGS.start(PARAMS);
        rig.controller.manager.putTree(Trees.withJoins(rig.egressPort()), OptionalLong.empty());
        rig.controller.awaitProgrammed(rig.device, 1);
        // alice's leaf entry: the only entry whose key is 10.0.0.1
        List<FlowMod> modify = rig.controller.sent.stream().filter(m -> m instanceof FlowMod).map(m -> (FlowMod) m)
                .filter(f -> f.command() == FlowModCommand.ADD && f.matches().toString().contains("0a000001/ffffffff"))
                .map(f -> f.toBuilder().command(FlowModCommand.MODIFY).build()).collect(Collectors.toList());
        if (modify.size() != 1) {
            throw new AssertionError("expected one entry for 10.0.0.1 among " + rig.controller.sent);
        }
        List<String> lines = new ArrayList<>();
        lines.add("# RealPofSwitchModifyRaceProbe " + Instant.now() + ": " + seconds + " s per phase, " + pps
                + " frames/s of 128 bytes to 10.0.0.1; load average " + loadAverage());
        for (String phase : List.of("frames", "modifies", "both")) {
            int races = rig.controller.datapathRaces.size();
            int errors = rig.controller.errors.size();
            CompletableFuture<Map<String, Long>> sender = phase.equals("modifies")
                    ? CompletableFuture.completedFuture(Map.of())
                    : CompletableFuture.supplyAsync(() -> RawFlows.send(rig.net.namespace(1), seconds, 128,
                    RawFlows.Ids.INCREMENTING, Map.of("10.0.0.1", (double) pps)));
            long modifies = 0;
            if (!phase.equals("frames")) {
                long end = System.nanoTime() + (long) (seconds * 1e9);
                while (System.nanoTime() < end) {
                    rig.session.send(modify).get(Controller.WAIT.toSeconds(), TimeUnit.SECONDS);
                    modifies++;
                }
            }
            Map<String, Long> frames = sender.get(Controller.WAIT.toSeconds() + (long) seconds, TimeUnit.SECONDS);
            Thread.sleep(500);
            lines.add(String.format("%-8s: frames %7d  modifies %7d  UNKNOWN_INST numbered by the switch %3d  other ERRORs %d",
                    phase, frames.getOrDefault("10.0.0.1", 0L), modifies, rig.controller.datapathRaces.size() - races,
                    rig.controller.errors.size() - errors));
        }
        rig.controller.datapathRaces.forEach(r -> lines.add("  " + r));
        rig.controller.errors.forEach(e -> lines.add("  other: " + e));
        lines.forEach(System.out::println);
        Path out = Paths.get("target/pofswitch-modify-race.txt");
        try {
            Files.createDirectories(out.getParent());
            Files.write(out, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            System.out.println("cannot write " + out + ": " + e);
        }
    }

    private static String loadAverage() {
        try {
            return Files.readString(Paths.get("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
