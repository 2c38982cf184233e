package org.hsdba.rest.metrics;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.List;
import java.util.Map;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.DeviceStatus;
import org.hsdba.api.JoinCounters;
import org.hsdba.api.NodeState;
import org.hsdba.api.PortState;
import org.hsdba.api.TrafficTotals;
import org.hsdba.model.PortRef;
import org.junit.Test;

public class PrometheusTextTest {

    @Test
    public void labelValuesAreEscapedAndNumbersSpelledForPrometheus() {
        assertEquals("a\\\"b\\\\c\\nd", PrometheusText.escape("a\"b\\c\nd"));
        assertEquals("12", PrometheusText.number(12.0));
        assertEquals("1.5", PrometheusText.number(1.5));
        assertEquals("+Inf", PrometheusText.number(Double.POSITIVE_INFINITY));
        assertEquals("NaN", PrometheusText.number(Double.NaN));
    }

    @Test
    public void everyNodeGetsItsRateDropAndTarget() {
        PortState s = new PortState(PortRef.of("pof:1", 2), 1000, 4, 1e10, 5e9, 3e9, List.of(
                NodeState.builder("n\"1").measuredBps(3e9).dropBps(1e6).targetBps(2.5e9).active(true).build()));
        DeviceStatus d = new DeviceStatus("pof:1", true, DeviceMode.IN_SWITCH, List.of(), true, null, new JoinCounters(7, 1, 0, 4));
        String text = PrometheusText.render(List.of(d), List.of(s));
        assertTrue(text, text.contains("hsdba_node_rate_bps{device=\"pof:1\",port=\"2\",node=\"n\\\"1\"} 3000000000\n"));
        assertTrue(text.contains("hsdba_node_drop_bps{device=\"pof:1\",port=\"2\",node=\"n\\\"1\"} 1000000\n"));
        assertTrue(text.contains("hsdba_node_target_bps{device=\"pof:1\",port=\"2\",node=\"n\\\"1\"} 2500000000\n"));
        assertTrue(text.contains("hsdba_port_capacity_bps{device=\"pof:1\",port=\"2\"} 10000000000\n"));
        assertTrue(text.contains("hsdba_joins_total{device=\"pof:1\",result=\"accepted\"} 7\n"));
        assertTrue(text.contains("hsdba_joins_total{device=\"pof:1\",result=\"ignored\"} 4\n"));
        assertTrue(text.contains("# TYPE hsdba_joins_total counter\n"));
    }

    private static List<PortState> portWithTraffic() {
        NodeState parent = NodeState.builder("A").measuredBps(3e6).totals(new TrafficTotals(9_007_199_254_740_993L, 7, 300, 2))
                .build();
        NodeState leaf = NodeState.builder("A1").totals(new TrafficTotals(1000, 4, 300, 2)).build();
        return List.of(new PortState(PortRef.of("pof:1", 2), 1000, 4, 1e8, 5e7, 3e6, List.of(parent, leaf))
                .withTotals(new TrafficTotals(9_007_199_254_740_993L, 7, 300, 2)));
    }

    private static final DeviceStatus DEVICE = new DeviceStatus("pof:1", true, DeviceMode.IN_SWITCH, List.of(), true,
            null, new JoinCounters(7, 1, 0));

    @Test
    public void bytePacketAndDropCountersPerNodeAndPortBesideTheGauges() {
        String text = PrometheusText.render(List.of(DEVICE), portWithTraffic());
        Map<String, Double> samples = Exposition.read(text, false);
        String a = "{device=\"pof:1\",port=\"2\",node=\"A\"}";
        String a1 = "{device=\"pof:1\",port=\"2\",node=\"A1\"}";
        String port = "{device=\"pof:1\",port=\"2\"}";
        assertEquals(7.0, samples.get("hsdba_node_packets_total" + a), 0);
        assertEquals(1000.0, samples.get("hsdba_node_bytes_total" + a1), 0);
        assertEquals(300.0, samples.get("hsdba_node_dropped_bytes_total" + a1), 0);
        assertEquals(2.0, samples.get("hsdba_node_dropped_packets_total" + a1), 0);
        assertEquals(7.0, samples.get("hsdba_port_packets_total" + port), 0);
        assertEquals(2.0, samples.get("hsdba_port_dropped_packets_total" + port), 0);
        assertEquals(3e6, samples.get("hsdba_node_rate_bps" + a), 0);
        // exact above 2^53, where a double would round
        assertTrue(text, text.contains("hsdba_node_bytes_total" + a + " 9007199254740993\n"));
        assertTrue(text.contains("# TYPE hsdba_node_bytes_total counter\n"));
        assertTrue(text.contains("# TYPE hsdba_port_dropped_bytes_total counter\n"));
        assertTrue(text.contains("# TYPE hsdba_node_rate_bps gauge\n"));
    }

    @Test
    public void openMetricsNamesCounterFamiliesWithoutTotalAndEndsWithEof() {
        String text = PrometheusText.renderOpenMetrics(List.of(DEVICE), portWithTraffic());
        Map<String, Double> samples = Exposition.read(text, true);
        assertTrue(text.contains("# TYPE hsdba_node_dropped_packets counter\n"));
        assertTrue(text.contains("# TYPE hsdba_joins counter\n"));
        assertEquals(300.0, samples.get("hsdba_port_dropped_bytes_total{device=\"pof:1\",port=\"2\"}"), 0);
        assertEquals(Exposition.read(PrometheusText.render(List.of(DEVICE), portWithTraffic()), false), samples);
    }

    /** The checker is strict: what it must refuse. */
    @Test
    public void theFormatCheckRefusesWhatPrometheusWould() {
        String ok = "# HELP x_total h\n# TYPE x_total counter\nx_total{a=\"1\"} 3\n";
        Exposition.read(ok, false);
        for (String bad : new String[] {
            "x_total{a=\"1\"} 3\n", // no TYPE
            "# TYPE x_total counter\nx_total{a=\"1\"} -3\n", // counter below zero
            "# TYPE x_total counter\nx_total{a=\"1\"} 3\nx_total{a=\"1\"} 4\n", // repeated sample
            "# TYPE x gauge\nx{a=\"1\"} 1\n# TYPE y gauge\ny{a=\"1\"} 1\nx{a=\"2\"} 1\n", // family split
            "# TYPE x gauge\nx{a=\"1\" } 1\n", // bad label syntax
            "# TYPE x gauge\nx{a=\"\\q\"} 1\n", // bad escape
            "# TYPE x gauge\nx{a=\"1\"} one\n", // not a number
            "# TYPE x gauge\nx{a=\"1\"} 1", // no final line feed
        }) {
            try {
                Exposition.read(bad, false);
                fail("accepted: " + bad);
            } catch (IllegalArgumentException expected) {
                // refused, as it must be
            }
        }
        try {
            Exposition.read("# TYPE x_total counter\nx_total{a=\"1\"} 3\n# EOF\n", true);
            fail("an OpenMetrics counter family named with _total was accepted");
        } catch (IllegalArgumentException expected) {
            // refused
        }
    }
}
