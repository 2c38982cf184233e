package org.hsdba.lab.cli;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** {@code hsdba simulate} and {@code evaluate} reach the harness and write their files; bad input exits 2. */
public class SimulateCommandTest {

    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    @Test
    public void simulatesAnExampleThroughTheCompiledProgramAndWritesTheRecords() throws Exception {
        Path out = tmp.getRoot().toPath().resolve("two-level");
        // The first 0.2 s: one 3 Gb/s source, about 73 000 packets through the reference datapath.
        CliRun r = CliRun.of("simulate", CliRun.example("paper-two-level.json"), "--out", out.toString(),
                "--duration", "0.2");
        assertEquals(r.toString(), 0, r.exit);
        assertTrue(r.toString(), r.out.contains("paper-two-level: ") && r.out.contains("mode in-switch"));
        for (String f : new String[] {"bins.csv", "bins.json", "summary.json", "summary.md", "leaves.png", "leaves.svg"}) {
            assertTrue(f, Files.size(out.resolve("paper-two-level-" + f)) > 0);
        }
    }

    @Test
    public void evaluateRunsOneQuickExperimentAndWritesTheReport() throws Exception {
        Path out = tmp.getRoot().toPath().resolve("evaluation");
        CliRun r = CliRun.of("evaluate", "--quick", "--only", "joins-prunes", "--out", out.toString(), "--threads", "1");
        assertEquals(r.toString(), 0, r.exit);
        assertTrue(r.toString(), r.out.contains("joins-prunes") && r.out.contains("targets met"));
        assertTrue(Files.readString(out.resolve("README.md")).contains("## Joins and prunes"));
        CliRun bad = CliRun.of("evaluate", "--only", "no-such-experiment");
        assertEquals(bad.toString(), 2, bad.exit);
        assertTrue(bad.err, bad.err.contains("unknown experiment \"no-such-experiment\""));
    }

    @Test
    public void aMissingFileOrABadOptionExitsTwo() {
        CliRun missing = CliRun.of("simulate", "no-such-file.json");
        assertEquals(missing.toString(), 2, missing.exit);
        CliRun bad = CliRun.of("simulate", CliRun.example("paper-two-level.json"), "--engine", "warp");
        assertEquals(bad.toString(), 2, bad.exit);
        assertTrue(bad.err, bad.err.contains("--engine is switch or kernel"));
    }
}
