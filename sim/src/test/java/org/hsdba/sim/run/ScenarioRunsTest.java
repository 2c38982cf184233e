package org.hsdba.sim.run;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hsdba.scenario.Scenario;
import org.hsdba.scenario.ScenarioJson;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.engine.ProgressReporter;
import org.hsdba.sim.reference.ReferenceModelFactory;
import org.hsdba.sim.traffic.ArrivalProcess;
import org.hsdba.sim.traffic.TrafficSource;
import org.hsdba.sim.traffic.WallClock;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class ScenarioRunsTest {

    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    private static Scenario scenario() {
        return ScenarioJson.read(ScenarioRunsTestData.SCENARIO);
    }

    @Test
    public void convertsTreeSourcesAndRunParameters() {
        RunSpec spec = ScenarioRuns.fromScenario(scenario(), "two", null, null);
        assertEquals(Mode.IN_SWITCH, spec.mode());
        assertEquals(3, spec.outPort());
        assertEquals(1, spec.inPort());
        assertEquals(4_000_000_000L, spec.durationNs());
        assertEquals(100_000_000L, spec.binNs());
        assertEquals(3, spec.seed());
        assertEquals(100_000_000L, spec.runtime().idleTimeout().toNanos());
        assertEquals("two users 1:3", spec.description());
        assertEquals(List.of("port/3", "u1", "u2"), spec.binding().nodeTree().ids());
        TrafficSource b = spec.sources().get(1);
        assertEquals("u2", b.leafId());
        assertEquals(90e6, b.rateBps(), 0);
        assertEquals("poisson", b.process().kind());
        assertEquals(1500, b.sizes().maxBytes());
        assertEquals(2_000_000_000L, b.intervals().get(0).startNs());
        assertEquals(ArrivalProcess.cbr(), spec.sources().get(0).process());
    }

    @Test
    public void runsTheScenarioEndToEndAndWritesFilesAndPlots() throws Exception {
        Path dir = tmp.getRoot().toPath();
        java.io.ByteArrayOutputStream progress = new java.io.ByteArrayOutputStream();
        RunSpec spec = ScenarioRuns.fromScenario(scenario(), "two", null, null);
        Runner.Outcome o = Runner.runAndWrite(spec, new ReferenceModelFactory(), dir,
                new ProgressReporter(new java.io.PrintStream(progress, true, "UTF-8"), 1e-9, WallClock.system()));
        // Phase 1 (2-4 s): 1:3 of 100 Mb/s -> u1 25, u2 75.
        assertEquals(25e6, o.summary().stat(1, "u1").oracleBps(), 1);
        assertEquals(25e6, o.summary().stat(1, "u1").measuredBps(), 25e6 * 0.05);
        assertEquals(75e6, o.summary().stat(1, "u2").measuredBps(), 75e6 * 0.03);
        for (String f : new String[] {"two-bins.csv", "two-bins.json", "two-summary.json", "two-summary.md",
            "two-leaves.png", "two-leaves.svg"}) {
            assertTrue(f, Files.size(dir.resolve(f)) > 0);
        }
        String md = new String(Files.readAllBytes(dir.resolve("two-summary.md")), "UTF-8");
        assertTrue(md.contains("| mode | in-switch |"));
        assertTrue(md.contains("| estimator_period_s | 0.01 |"));
        assertTrue(md.contains("| idle_timeout_s | 0.1 |"));
        String lines = progress.toString("UTF-8");
        assertTrue(lines, lines.contains("s of 4.000 s simulated") && lines.contains("Mpkt/s"));
    }

    @Test
    public void baselinesRunWithoutAFactoryButSwitchModesNeedOne() {
        RunSpec fifo = ScenarioRuns.fromScenario(scenario(), "two", Mode.FIFO, null);
        assertTrue(Runner.run(fifo, null, null).packets() > 0);
        try {
            Runner.run(ScenarioRuns.fromScenario(scenario(), "two", Mode.CONTROLLER_ASSISTED, null),
                    new ReferenceModelFactory(), null);
            fail();
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("controller-assisted needs a switch program"));
        }
    }
}
