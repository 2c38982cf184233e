package org.hsdba.lab.cli;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** {@code hsdba lab}'s command line; the running lab itself is tested in org.hsdba.lab.runtime. */
public class LabCommandTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    @Test
    public void listedInHelpWithTheSwitchCommand() {
        CliRun r = CliRun.of("--help");
        assertTrue(r.out, r.out.contains("lab ") && r.out.contains("switch "));
        CliRun lab = CliRun.of("lab", "--help");
        assertEquals(0, lab.exit);
        assertTrue(lab.out, lab.out.contains("--data-dir DIR"));
    }

    @Test
    public void badOptionsAreUsageErrors() {
        assertUsage("--switches: expected a whole number, got \"two\"", "lab", "--switches", "two");
        assertUsage("--http-port must be in 0..65535", "lab", "--http-port", "70000");
        assertUsage("--scale must be a number > 0", "lab", "--scale", "0");
        assertUsage("unknown option --swiches", "lab", "--swiches", "2");
        assertUsage("--pof-port needs a value", "lab", "--pof-port");
    }

    @Test
    public void aBadScenarioIsReportedWithItsLocationBeforeAnythingStarts() throws Exception {
        Path file = folder.newFile("bad.json").toPath();
        Files.writeString(file, "{\"format\": \"hsdba-lab/1\",\n \"scenario\": \"missing.json\"}");
        Path dir = folder.getRoot().toPath().resolve("never-created");
        CliRun r = CliRun.of("lab", "--scenario", file.toString(), "--data-dir", dir.toString());
        assertEquals(r.toString(), Subcommand.BAD_INPUT, r.exit);
        assertTrue(r.err, r.err.contains("/scenario") && r.err.contains("no scenario file"));
        assertTrue("nothing was started or created", !Files.exists(dir));
    }

    /** A corrupted configuration stops the start: stderr names the kept previous file, lab.log has the details. */
    @Test
    public void aCorruptedConfigurationNamesTheBackupAndTheLogHasTheDetails() throws Exception {
        Path dir = folder.newFolder("data").toPath();
        Files.writeString(dir.resolve("hsdba-config.json"), "{\"format\": \"hsdba/1\", \"trees\": [");
        Files.writeString(dir.resolve("hsdba-config.json.prev"), "{\"format\": \"hsdba/1\", \"trees\": []}");
        CliRun r = CliRun.of("lab", "--data-dir", dir.toString(), "--http-port", "0", "--pof-port", "0");
        assertEquals(r.toString(), Subcommand.FAILURE, r.exit);
        assertTrue(r.err, r.err.contains(dir.resolve("hsdba-config.json.prev").toString()));
        assertTrue(r.err, r.err.contains("details in"));
        String log = Files.readString(dir.resolve("lab.log"));
        assertTrue(log, log.contains("SEVERE") && log.contains("hsdba-config.json") && log.contains("\tat org.hsdba"));
    }

    @Test
    public void theDefaultScenarioIsFound() {
        assertTrue(Examples.find(LabCommand.DEFAULT_SCENARIO).isPresent());
        assertTrue(Files.isRegularFile(Paths.get(CliRun.example(LabCommand.DEFAULT_SCENARIO))));
    }

    private static void assertUsage(String expected, String... args) {
        CliRun r = CliRun.of(args);
        assertEquals(r.toString(), Subcommand.BAD_INPUT, r.exit);
        assertTrue(r.err, r.err.contains(expected));
    }
}
