package org.hsdba.rest.metrics;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.List;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.DeviceStatus;
import org.hsdba.api.JoinCounters;
import org.hsdba.api.NodeState;
import org.hsdba.api.PortState;
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
        DeviceStatus d = new DeviceStatus("pof:1", true, DeviceMode.IN_SWITCH, List.of(), true, null, new JoinCounters(7, 1, 0));
        String text = PrometheusText.render(List.of(d), List.of(s));
        assertTrue(text, text.contains("hsdba_node_rate_bps{device=\"pof:1\",port=\"2\",node=\"n\\\"1\"} 3000000000\n"));
        assertTrue(text.contains("hsdba_node_drop_bps{device=\"pof:1\",port=\"2\",node=\"n\\\"1\"} 1000000\n"));
        assertTrue(text.contains("hsdba_node_target_bps{device=\"pof:1\",port=\"2\",node=\"n\\\"1\"} 2500000000\n"));
        assertTrue(text.contains("hsdba_port_capacity_bps{device=\"pof:1\",port=\"2\"} 10000000000\n"));
        assertTrue(text.contains("hsdba_joins_total{device=\"pof:1\",result=\"accepted\"} 7\n"));
        assertTrue(text.contains("# TYPE hsdba_joins_total counter\n"));
    }
}
