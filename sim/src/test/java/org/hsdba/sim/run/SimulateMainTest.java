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
     * Issue 14: the responsive hold (the summed hold) is compiled into the in-switch program by
     * default, 2 s, unless the scenario's runtime says otherwise; {@code --responsive-hold} overrides
     * either, 0 turning it off. The run's files say which. A bad value is refused with the option's name.
     */
    @Test
    public void theResponsiveHoldIsOnByDefaultAndAnOptionOfTheCompiledRun() throws Exception {
        assertEquals("2.0", holdOf(scenario(), "default"));
        assertEquals("0.5", holdOf(scenario(), "held", "--responsive-hold", "500ms"));
        assertEquals("0.0", holdOf(scenario(), "off", "--responsive-hold", "0"));
        Path offInFile = tmp.getRoot().toPath().resolve("offfile.json");
        Files.writeString(offInFile, ScenarioRunsTestData.SCENARIO.replace("\"runtime\": {",
                "\"runtime\": {\"responsiveHold\": \"0s\", "));
        assertTrue("the scenario has a runtime member", !Files.readString(offInFile).equals(ScenarioRunsTestData.SCENARIO));
        assertEquals("0.0", holdOf(offInFile, "offfile"));
        assertEquals("3.0", holdOf(offInFile, "offfile", "--responsive-hold", "3s"));
        assertEquals(2, run(scenario().toString(), "--responsive-hold", "long"));
        assertTrue(err.toString(StandardCharsets.UTF_8),
                err.toString(StandardCharsets.UTF_8).contains("--responsive-hold needs a duration such as 2s"));
        assertEquals(2, run(scenario().toString(), "--responsive-hold", "2min"));
        assertTrue(err.toString(StandardCharsets.UTF_8),
                err.toString(StandardCharsets.UTF_8).contains("--responsive-hold 2min is outside"));
    }

    /** The responsive_hold_s the in-switch run's summary records. */
    private String holdOf(Path scenario, String name, String... extra) throws Exception {
        Path dir = tmp.getRoot().toPath().resolve("hold-" + name + extra.length);
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of(scenario.toString(), "--mode",
                "in-switch", "--out", dir.toString(), "--duration", "2"));
        args.addAll(java.util.List.of(extra));
        assertEquals(err.toString(StandardCharsets.UTF_8), 0, run(args.toArray(new String[0])));
        String base = scenario.getFileName().toString().replaceFirst("\\.json$", "");
        String summary = Files.readString(dir.resolve(base + "-summary.json")).replace(" ", "");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"responsive_hold_s\":\"?([0-9.]+)").matcher(summary);
        assertTrue(summary, m.find());
        return m.group(1);
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
