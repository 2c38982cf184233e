package org.hsdba.lab.cli;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.hsdba.scenario.Scenario;
import org.hsdba.scenario.ScenarioJson;
import org.junit.Test;

/** Every shipped example parses, is kept in canonical form, and uses the paper's setup. */
public class ExamplesTest {

    @Test
    public void examplesAreValidAndCanonical() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of(CliRun.example("")))) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().collect(Collectors.toList());
        }
        assertTrue(files.toString(), files.size() >= 5);
        for (Path f : files) {
            Scenario s = ScenarioJson.read(f);
            assertEquals(f.toString(), Files.readString(f), ScenarioJson.write(s));
            assertEquals(f.toString(), 1.0, s.effectiveConfig().trees().get(0).eta(), 0);
            assertEquals(f.toString(), 10e9, s.config().trees().get(0).capacity().asDouble(), 0);
        }
    }
}
