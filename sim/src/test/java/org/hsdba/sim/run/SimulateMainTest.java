package org.hsdba.sim.run;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class SimulateMainTest {

    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return SimulateMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private Path scenario() throws Exception {
        Path f = tmp.getRoot().toPath().resolve("two.json");
        Files.write(f, ScenarioRunsTestData.SCENARIO.getBytes(StandardCharsets.UTF_8));
        return f;
    }

    @Test
    public void runsABaselineFromAFileAndPrintsThePhases() throws Exception {
        Path dir = tmp.getRoot().toPath().resolve("out");
        int code = run(scenario().toString(), "--mode", "dwrr", "--out", dir.toString(), "--duration", "3");
        assertEquals(err.toString(StandardCharsets.UTF_8), 0, code);
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text, text.contains("two: ") && text.contains("mode dwrr") && text.contains("phase 1 [2.000 s, 3.000 s)"));
        assertTrue(Files.exists(dir.resolve("two-summary.md")));
        assertTrue(Files.exists(dir.resolve("two-leaves.png")));
    }

    /** Issue 14: the settling time is an option and a scenario field; a phase shorter than it is not judged. */
    @Test
    public void theSettlingTimeComesFromTheOptionOrTheScenario() throws Exception {
        Path dir = tmp.getRoot().toPath().resolve("out");
        int code = run(scenario().toString(), "--mode", "dwrr", "--out", dir.toString(), "--duration", "3",
                "--settle", "1.5");
        assertEquals(err.toString(StandardCharsets.UTF_8), 0, code);
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text, text.contains("phase 1 [2.000 s, 3.000 s): not judged (no whole bin after the 1.500 s settling"));
        String summary = Files.readString(dir.resolve("two-summary.json"));
        assertTrue(summary, summary.replace(" ", "").contains("\"settle_s\":1.5"));
        out.reset();
        Path withField = tmp.getRoot().toPath().resolve("settled.json");
        Files.writeString(withField, ScenarioRunsTestData.SCENARIO.replace("\"run\": {", "\"run\": {\"settle\": \"200ms\", "));
        assertTrue("the scenario has a run member", !Files.readString(withField).equals(ScenarioRunsTestData.SCENARIO));
        assertEquals(err.toString(StandardCharsets.UTF_8), 0, run(withField.toString(), "--mode", "dwrr", "--out",
                dir.toString(), "--duration", "3"));
        summary = Files.readString(dir.resolve("settled-summary.json"));
        assertTrue(summary, summary.replace(" ", "").contains("\"settle_s\":0.2"));
        assertEquals(2, run(scenario().toString(), "--settle", "-1"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--settle must be >= 0 seconds"));
    }

    /**
     * Issue 14: {@code --responsive-hold} compiles the hold (the summed hold) into the
     * in-switch program; the run's files say so. A bad value is refused with the option's name.
     */
    @Test
    public void theResponsiveHoldIsAnOptionOfTheCompiledRun() throws Exception {
        Path dir = tmp.getRoot().toPath().resolve("held");
        int code = run(scenario().toString(), "--mode", "in-switch", "--out", dir.toString(), "--duration", "3",
                "--responsive-hold", "500ms");
        assertEquals(err.toString(StandardCharsets.UTF_8), 0, code);
        String summary = Files.readString(dir.resolve("two-summary.json"));
        assertTrue(summary, summary.contains("\"processor\" : \"pof-reference-switch (compiled program on the reference"
                + " datapath), responsive hold 500ms\""));
        assertEquals(2, run(scenario().toString(), "--responsive-hold", "long"));
        assertTrue(err.toString(StandardCharsets.UTF_8),
                err.toString(StandardCharsets.UTF_8).contains("--responsive-hold needs a duration such as 2s"));
    }

    @Test
    public void badArgumentsAndBadFilesExitTwoWithAReason() throws Exception {
        assertEquals(2, run(scenario().toString(), "--mode", "fast"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown mode \"fast\""));
        assertEquals(2, run(scenario().toString(), "--duration", "soon"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--duration needs a number"));
        Path bad = tmp.getRoot().toPath().resolve("bad.json");
        Files.write(bad, "{\"format\": \"hsdba-scenario/1\"".getBytes(StandardCharsets.UTF_8));
        assertEquals(2, run(bad.toString()));
        assertEquals(2, run());
        assertEquals(0, run("--help"));
    }
}
