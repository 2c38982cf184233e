package org.hsdba.lab.hosts;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.hsdba.lab.traffic.LabScenario;
import org.junit.Test;

/** What --hosts plans from a scenario, and the scenarios it refuses (no root needed). */
public class HostPlanTest {

    private static LabScenario read(String json) throws Exception {
        Path f = Files.createTempFile("hosts-plan", ".json");
        Files.writeString(f, json);
        return LabScenario.read(f);
    }

    @Test
    public void flowsAddressesAndExactAllocation() throws Exception {
        HostPlan plan = HostPlan.of(read(HostsLabTest.scenario(1, 3, 8, 8, 6, "\"u2\"")), 1.0);
        assertTrue(plan.leavesAreDestinations());
        assertEquals("10.9.0.1", plan.flows().get(0).leafAddress().getHostAddress());
        assertEquals("udp", plan.flows().get(0).protocol());
        assertEquals("tcp", plan.flows().get(1).protocol());
        // u1 UDP 8 Mb/s against a share of 2.5; u2 TCP (greedy) gets 7.5 of 10 Mb/s
        Map<String, Double> exact = plan.exactAt(1);
        assertEquals(2.5e6, exact.get("h1"), 1);
        assertEquals(7.5e6, exact.get("h2"), 1);
        // iperf3's payload rate for 1000-byte frames: 958/1000 of the on-wire rate
        assertEquals(Math.round(8e6 * 958 / 1000), plan.flows().get(0).iperfPayloadBps());
    }

    @Test
    public void aLevelOnAnotherFieldIsRefusedWithItsName() throws Exception {
        String json = HostsLabTest.scenario(1, 1, 5, 5, 6, "").replace("\"name\": \"site\", \"field\": {\"offset\": 240",
                "\"name\": \"site\", \"field\": {\"offset\": 208");
        try {
            HostPlan.of(read(json), 1.0);
            fail("mixed source/destination levels accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("level \"host\" matches offset 240"));
        }
    }

    @Test
    public void anUnknownTcpSourceIsAProblemAtItsPointer() throws Exception {
        try {
            read(HostsLabTest.scenario(1, 1, 5, 5, 6, "\"nope\""));
            fail("unknown tcp source accepted");
        } catch (org.hsdba.model.json.ConfigException e) {
            assertTrue(e.getMessage(), e.describe("f").contains("/tcp/0"));
        }
    }

    private static String withRtt(String rtt) {
        return HostsLabTest.scenario(1, 1, 5, 5, 6, "\"u2\"").replaceFirst("\"loop\": false,", "\"loop\": false, \"rtt\": " + rtt + ",");
    }

    @Test
    public void addedRoundTripTimeIsPerSourceOrForAll() throws Exception {
        HostPlan none = HostPlan.of(read(HostsLabTest.scenario(1, 1, 5, 5, 6, "")), 1.0);
        assertEquals(java.time.Duration.ZERO, none.flows().get(0).addedRtt());
        HostPlan all = HostPlan.of(read(withRtt("\"10ms\"")), 1.0);
        assertEquals(java.time.Duration.ofMillis(10), all.flows().get(0).addedRtt());
        assertEquals(java.time.Duration.ofMillis(10), all.flows().get(1).addedRtt());
        assertEquals("10ms on every flow", HostsReport.rttSummary(all));
        HostPlan each = HostPlan.of(read(withRtt("{\"u2\": \"2.5ms\"}")), 1.0);
        assertEquals(java.time.Duration.ZERO, each.flows().get(0).addedRtt());
        assertEquals(java.time.Duration.ofNanos(2_500_000), each.flows().get(1).addedRtt());
        assertTrue(HostsReport.rttSummary(each), HostsReport.rttSummary(each).startsWith("u1 0s, u2 2500us"));
    }

    @Test
    public void aBadRoundTripTimeIsAProblemAtItsPointer() throws Exception {
        String[][] cases = {{"{\"nope\": \"1ms\"}", "/rtt/nope"}, {"{\"u1\": 5}", "/rtt/u1"}, {"\"-1ms\"", "/rtt"},
            {"\"3s\"", "/rtt"}, {"[1]", "/rtt"}};
        for (String[] c : cases) {
            try {
                read(withRtt(c[0]));
                fail("rtt " + c[0] + " accepted");
            } catch (org.hsdba.model.json.ConfigException e) {
                assertTrue(c[0] + ": " + e.describe("f"), e.describe("f").contains(c[1] + ":"));
            }
        }
    }

    @Test
    public void congestionControlIsCubicUnlessTheLabFileNamesAnother() throws Exception {
        assertEquals("cubic", HostPlan.of(read(HostsLabTest.scenario(1, 1, 5, 5, 6, "")), 1.0).congestionControl());
        String bbr = HostsLabTest.scenario(1, 1, 5, 5, 6, "").replaceFirst("\"loop\": false,", "\"loop\": false, \"congestionControl\": \"bbr\",");
        assertEquals("bbr", HostPlan.of(read(bbr), 1.0).congestionControl());
        try {
            read(bbr.replace("\"bbr\"", "\"cubic; reboot\""));
            fail("a bad algorithm name accepted");
        } catch (org.hsdba.model.json.ConfigException e) {
            assertTrue(e.describe("f"), e.describe("f").contains("/congestionControl"));
        }
    }
}
