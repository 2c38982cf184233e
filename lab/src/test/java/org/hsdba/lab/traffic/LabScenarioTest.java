package org.hsdba.lab.traffic;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.json.ConfigException;
import org.hsdba.sim.traffic.Arrival;
import org.hsdba.sim.traffic.FrameFactory;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class LabScenarioTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    static Path examples() {
        return Paths.get(System.getProperty("hsdba.examples", "../examples"));
    }

    /** The size is checked before and while reading: a huge file or an endless device fails at once. */
    @Test
    public void aHugeOrEndlessScenarioFileIsRefusedWithoutReadingIt() throws Exception {
        java.nio.file.Path big = java.nio.file.Files.createTempFile("hsdba-huge", ".json");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(3L << 30); // sparse: 3 GiB on paper, nothing on disk
        }
        try {
            for (java.nio.file.Path p : new java.nio.file.Path[] {big, java.nio.file.Paths.get("/dev/zero")}) {
                if (!java.nio.file.Files.exists(p)) {
                    continue;
                }
                try {
                    LabScenario.read(p);
                    org.junit.Assert.fail("read " + p);
                } catch (org.hsdba.model.json.ConfigException e) {
                    org.junit.Assert.assertTrue(e.getMessage(), e.getMessage().contains("larger than the limit of 16 MiB"));
                }
            }
        } finally {
            java.nio.file.Files.delete(big);
        }
    }

    @Test
    public void shippedLabFileSeedsTheScaledTreeOnEverySwitchWithoutTheGuests() {
        LabScenario lab = LabScenario.read(examples().resolve("lab/two-level.json"));
        assertTrue(lab.loop());
        assertEquals(0.01, lab.scale(), 0);
        assertEquals(List.of("A4", "B4"), List.copyOf(lab.joiners()));
        assertTrue(lab.perSwitchTemplate());

        HsdbaConfig seed = lab.seedConfig(3, 1.0);
        assertEquals(List.of("pof:0000000000000001", "pof:0000000000000002", "pof:0000000000000003"),
                seed.trees().stream().map(t -> t.port().deviceId()).collect(Collectors.toList()));
        for (BandwidthTree t : seed.trees()) {
            assertEquals(2, t.port().port());
            assertEquals(100e6, t.capacity().asDouble(), 0);
            assertFalse("guest A4 is left to join", t.contains("A4"));
            assertFalse("guest B4 is left to join", t.contains("B4"));
            assertEquals(30e6, t.get("A-guests").peak().asDouble(), 0);
            assertTrue(t.get("A1").isPinned());
        }
        assertEquals(3, seed.runtime().idleTimeout().getSeconds());
    }

    @Test
    public void everySwitchPlaysEverySourceAtTheScaledRateWithFramesMatchingTheLeaf() {
        LabScenario lab = LabScenario.read(examples().resolve("lab/two-level.json"));
        SwitchTraffic t = lab.trafficFor(2, 1.0);
        assertEquals(8, t.sources().size());
        assertEquals(2, t.highestEgressPort());
        assertEquals(30e6, t.sources().get(0).rateBps(), 1e-6);
        assertEquals(60.0, t.durationSeconds(), 0);
        // at 12 s: A1, A2, A3 and the guest A4 send
        assertEquals(120e6, t.offeredBpsAt(12), 1);

        FrameFactory frames = t.frames();
        int guest = t.sources().stream().map(s -> s.leafId()).collect(Collectors.toList()).indexOf("A4");
        byte[] f = frames.frame(new Arrival(0, guest, 1024));
        assertEquals(1024, f.length);
        assertEquals("IPv4 destination of the guest", "10.1.0.4",
                (f[30] & 0xff) + "." + (f[31] & 0xff) + "." + (f[32] & 0xff) + "." + (f[33] & 0xff));
    }

    @Test
    public void extraScaleMultipliesTheFilesScale() {
        LabScenario lab = LabScenario.read(examples().resolve("lab/two-level.json"));
        assertEquals(50e6, lab.seedConfig(1, 0.5).trees().get(0).capacity().asDouble(), 0);
        assertEquals(15e6, lab.trafficFor(1, 0.5).sources().get(0).rateBps(), 1e-6);
    }

    @Test
    public void plainScenarioFileIsPlayedAsWrittenWithoutGuests() {
        LabScenario lab = LabScenario.read(examples().resolve("paper-two-level.json"));
        assertEquals(1.0, lab.scale(), 0);
        assertTrue(lab.joiners().isEmpty());
        assertEquals(10e9, lab.seedConfig(1, 1.0).trees().get(0).capacity().asDouble(), 0);
        assertEquals(1, lab.seedConfig(0, 1.0).trees().size());
    }

    @Test
    public void treesOnOtherDevicesAreSeededAsWrittenAndPlayedOnlyByTheirSwitch() throws IOException {
        String text = Files.readString(examples().resolve("paper-two-level.json"))
                .replace("pof:0000000000000001", "pof:0000000000000002");
        Path file = folder.newFile("dev2.json").toPath();
        Files.writeString(file, text);
        LabScenario lab = LabScenario.read(file);
        assertFalse(lab.perSwitchTemplate());
        HsdbaConfig seed = lab.seedConfig(3, 1.0);
        assertEquals(1, seed.trees().size());
        assertEquals("pof:0000000000000002", seed.trees().get(0).port().deviceId());
        assertTrue(lab.trafficFor(1, 1.0).isEmpty());
        assertEquals(6, lab.trafficFor(2, 1.0).sources().size());
    }

    @Test
    public void aJoinerThatCannotJoinIsRefusedWithItsPointer() throws IOException {
        Path file = folder.newFile("bad.json").toPath();
        Files.writeString(file, "{\"format\": \"hsdba-lab/1\", \"scenario\": \"" + examples().toAbsolutePath()
                .resolve("paper-two-level.json").toString().replace("\\", "/") + "\", \"joiners\": [\"A1\", \"A\"]}");
        try {
            LabScenario.read(file);
            fail("accepted joiners without templates");
        } catch (ConfigException e) {
            assertEquals("/joiners/0", e.problems().get(0).pointer());
            assertTrue(e.getMessage(), e.problems().get(0).message().contains("no template"));
            assertEquals("/joiners/1", e.problems().get(1).pointer());
            assertTrue(e.getMessage(), e.problems().get(1).message().contains("only leaves"));
        }
    }

    @Test
    public void unknownFieldsAndBadScaleAreReportedWhereTheyAre() throws IOException {
        Path file = folder.newFile("typo.json").toPath();
        Files.writeString(file, "{\"format\": \"hsdba-lab/1\", \"scenario\": \"x.json\", \"scale\": -1, \"jioners\": []}");
        try {
            LabScenario.read(file);
            fail("accepted a typo");
        } catch (ConfigException e) {
            List<String> pointers = e.problems().stream().map(ConfigException.Problem::pointer).collect(Collectors.toList());
            assertTrue(pointers.toString(), pointers.contains("/scale"));
            assertTrue(pointers.toString(), pointers.contains("/jioners"));
        }
    }

    @Test
    public void inlineScenarioProblemsPointIntoTheScenario() throws IOException {
        Path file = folder.newFile("inline.json").toPath();
        Files.writeString(file, "{\"format\": \"hsdba-lab/1\", \"scenario\": {\"format\": \"hsdba-scenario/1\","
                + " \"config\": {\"format\": \"hsdba/1\", \"trees\": []}, \"sources\": [], \"run\": {\"duration\": \"ten\"}}}");
        try {
            LabScenario.read(file);
            fail("accepted a bad duration");
        } catch (ConfigException e) {
            assertTrue(e.getMessage(), e.problems().get(0).pointer().startsWith("/scenario/run"));
        }
    }
}
