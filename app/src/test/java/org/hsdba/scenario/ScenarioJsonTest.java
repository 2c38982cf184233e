package org.hsdba.scenario;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.hsdba.model.EnforcementMode;
import org.hsdba.model.Estimator;
import org.hsdba.model.json.ConfigException;
import org.junit.Test;

public class ScenarioJsonTest {

    private static final String CONFIG = "{\"format\": \"hsdba/1\", \"trees\": [{\"device\": \"pof:1\", \"port\": 1,"
            + " \"capacity\": \"10G\", \"eta\": 1,\n"
            + " \"levels\": [{\"name\": \"subnet\", \"field\": {\"offset\": 240, \"length\": 32}},"
            + " {\"name\": \"host\", \"field\": {\"offset\": 240, \"length\": 32}}],\n"
            + " \"nodes\": [{\"id\": \"A\", \"key\": \"10.1.0.0/16\"}, {\"id\": \"a1\", \"parent\": \"A\", \"key\": \"10.1.0.1\"},"
            + " {\"id\": \"a2\", \"parent\": \"A\", \"key\": \"10.1.0.2\"}]}]}";

    private static String scenario(String sources, String run) {
        return "{\"format\": \"hsdba-scenario/1\", \"description\": \"test\", \"config\": " + CONFIG + ",\n"
                + "\"sources\": [\n" + sources + "\n],\n\"run\": " + run + "}";
    }

    private static final String SOURCES = String.join(",\n",
            "{\"id\": \"x\", \"node\": \"a1\", \"rate\": \"3G\", \"packetSize\": 1024, \"active\": [[0, 10], [20, 30]]}",
            "{\"id\": \"y\", \"node\": \"a2\", \"rate\": \"2G\", \"packetSize\": [{\"size\": 64, \"share\": 0.5},"
                    + " {\"size\": 1500, \"share\": 0.5}], \"distribution\": {\"type\": \"onoff\", \"on\": \"100ms\", \"off\": \"300ms\"},"
                    + " \"active\": [[5, 25]]}",
            "{\"id\": \"z\", \"node\": \"a1\", \"rate\": \"1G\", \"packetSize\": 512, \"distribution\": \"poisson\"}");

    private static ConfigException rejected(String text) {
        try {
            ScenarioJson.read(text);
            fail("accepted " + text);
            return null;
        } catch (ConfigException e) {
            return e;
        }
    }

    @Test
    public void readsSourcesAndRunWithDefaults() {
        Scenario s = ScenarioJson.read(scenario(SOURCES, "{\"duration\": 40, \"eta\": 0.9, \"seed\": 7}"));
        assertEquals(3, s.sources().size());
        TrafficSource y = s.sources().get(1);
        assertEquals(0.25, y.distribution().dutyCycle(), 1e-12);
        assertEquals(782.0, y.sizes().meanBytes(), 1e-9);
        assertEquals(List.of(Interval.of(0, 40)), s.sources().get(2).active());
        assertEquals(Estimator.DEFAULT, s.run().estimator());
        assertEquals(EnforcementMode.IN_SWITCH, s.run().mode());
        assertEquals(0.1, s.run().binSeconds(), 0);
        assertEquals(7, s.run().seed());
        assertEquals(0.9, s.effectiveConfig().trees().get(0).eta(), 0);
        assertEquals(1.0, s.config().trees().get(0).eta(), 0);
    }

    @Test
    public void demandIsTheSumOfActiveSourcesMeanRatesPerLeaf() {
        Scenario s = ScenarioJson.read(scenario(SOURCES, "{\"duration\": 40}"));
        Map<String, Double> d7 = s.demandAt(7);
        assertEquals(4e9, d7.get("a1"), 0);
        assertEquals(0.5e9, d7.get("a2"), 0);
        Map<String, Double> d12 = s.demandAt(12);
        assertEquals(1e9, d12.get("a1"), 0);
        assertEquals(0.0, s.demandAt(35).get("a2"), 0);
        assertEquals(List.of("x", "z"), s.activeSourcesAt(0));
    }

    @Test
    public void phasesSplitWhereTheActiveSetChanges() {
        Scenario s = ScenarioJson.read(scenario(SOURCES, "{\"duration\": 40}"));
        List<String> phases = s.phases().stream().map(Phase::toString).collect(Collectors.toList());
        assertEquals(List.of("[0.0, 5.0) [x, z]", "[5.0, 10.0) [x, y, z]", "[10.0, 20.0) [y, z]", "[20.0, 25.0) [x, y, z]",
                "[25.0, 30.0) [x, z]", "[30.0, 40.0) [z]"), phases);
        assertEquals(35.0, s.phases().get(5).midpoint(), 0);
    }

    @Test
    public void roundTripIsExact() {
        Scenario s = ScenarioJson.read(scenario(SOURCES, "{\"duration\": 40, \"estimator\": {\"type\": \"window\","
                + " \"window\": \"50ms\"}, \"eta\": 0.9, \"mode\": \"literal\", \"bin\": \"250ms\"}"));
        String text = ScenarioJson.write(s);
        assertEquals(s, ScenarioJson.read(text));
        assertEquals(text, ScenarioJson.write(ScenarioJson.read(text)));
        assertTrue(text, text.contains("\"bin\": 0.25") && text.contains("\"window\": \"50ms\"")
                && text.contains("\"mode\": \"literal\"") && text.contains("\"eta\": 0.9"));
    }

    @Test
    public void sourceProblemsAreLocated() {
        ConfigException e = rejected(scenario(String.join(",\n",
                "{\"id\": \"x\", \"node\": \"A\", \"rate\": \"3G\", \"packetSize\": 1024}",
                "{\"id\": \"x\", \"node\": \"nope\", \"rate\": \"3G\", \"packetSize\": 1024}",
                "{\"id\": \"w\", \"node\": \"a1\", \"rate\": \"3G\", \"packetSize\": 64}"), "{\"duration\": 10}"));
        assertEquals(List.of("/sources/0/node", "/sources/1/id", "/sources/1/node"),
                e.problems().stream().map(ConfigException.Problem::pointer).collect(Collectors.toList()));
        assertTrue(e.getMessage(), e.getMessage().contains("subnet \"A\" under port 1 is not a leaf"));
        ConfigException tooShort = rejected(scenario(
                "{\"id\": \"w\", \"node\": \"a1\", \"rate\": \"3G\", \"packetSize\": [{\"size\": 1500, \"share\": 0.9}]}",
                "{\"duration\": 10}"));
        assertTrue(tooShort.getMessage(), tooShort.getMessage().contains("shares sum to 0.9, not 1"));
    }

    @Test
    public void fieldProblemsAreAllReported() {
        ConfigException e = rejected(scenario(
                "{\"id\": \"x\", \"node\": \"a1\", \"rate\": \"3X\", \"packetSize\": 10, \"distribution\": \"bursty\","
                        + " \"active\": [[5, 1], [1, 2, 3]], \"colour\": \"red\"}",
                "{\"duration\": -1, \"mode\": \"magic\"}"));
        List<String> pointers = e.problems().stream().map(ConfigException.Problem::pointer).collect(Collectors.toList());
        assertEquals(List.of("/run/duration", "/run/mode", "/sources/0/rate", "/sources/0/packetSize",
                "/sources/0/distribution", "/sources/0/active/0", "/sources/0/active/1", "/sources/0/colour"), pointers);
        assertTrue(e.problems().get(0).line() > 0);
    }

    @Test
    public void overlappingIntervalsAreRejected() {
        ConfigException e = rejected(scenario(
                "{\"id\": \"x\", \"node\": \"a1\", \"rate\": \"3G\", \"packetSize\": 100, \"active\": [[0, 10], [5, 20]]}",
                "{\"duration\": 30}"));
        assertEquals("/sources/0/active", e.first().pointer());
        assertTrue(e.getMessage(), e.getMessage().contains("overlap"));
    }
}
