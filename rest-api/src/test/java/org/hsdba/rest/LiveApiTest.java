package org.hsdba.rest;

import static org.hsdba.rest.RestFixture.PORT_PATH;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.rest.metrics.Exposition;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TestRule;

/** Parameters, live state, events and metrics. */
public class LiveApiTest {

    @ClassRule
    public static final RestFixture FX = new RestFixture();
    @Rule
    public final TestRule reset = FX.resetEachTest();
    private final Http http = FX.http();

    @Test
    public void parametersAreReadAndPartlyChanged() {
        JsonNode p = http.get("v1/parameters").json();
        assertEquals("auto", p.get("mode").asText());
        assertEquals("ewma", p.get("rateEstimator").get("kind").asText());
        Http.Answer put = http.put("v1/parameters", "{\"idleTimeoutSeconds\": 20, \"rateEstimator\": {\"kind\": \"window\", \"windowSeconds\": \"100ms\"}}");
        assertEquals(put.toString(), 200, put.status());
        assertEquals(20.0, put.json().get("idleTimeoutSeconds").asDouble(), 0);
        assertEquals(0.1, put.json().get("rateEstimator").get("windowSeconds").asDouble(), 1e-12);
        assertEquals(p.get("pollingPeriodSeconds"), put.json().get("pollingPeriodSeconds"));
        assertEquals(put.json(), http.get("v1/parameters").json());
    }

    /**
     * The in-switch responsive hold is a run-time parameter: 2 s by default, set and read back in
     * seconds (0 turns it off and stays off, a partial update naming something else keeps it),
     * refused with its member's pointer outside 0 .. 60 s, a refusal changing nothing.
     */
    @Test
    public void theResponsiveHoldIsSetReadAndBounded() {
        assertEquals(2.0, http.get("v1/parameters").json().get("responsiveHoldSeconds").asDouble(), 0);
        Http.Answer off = http.put("v1/parameters", "{\"responsiveHoldSeconds\": 0}");
        assertEquals(off.toString(), 200, off.status());
        assertEquals(0.0, off.json().get("responsiveHoldSeconds").asDouble(), 0);
        assertEquals(200, http.put("v1/parameters", "{\"joinBurst\": 7}").status());
        assertEquals(0.0, http.get("v1/parameters").json().get("responsiveHoldSeconds").asDouble(), 0);
        Http.Answer on = http.put("v1/parameters", "{\"responsiveHoldSeconds\": 5}");
        assertEquals(on.toString(), 200, on.status());
        assertEquals(5.0, on.json().get("responsiveHoldSeconds").asDouble(), 0);
        JsonNode held = http.get("v1/parameters").json();
        assertEquals(5.0, held.get("responsiveHoldSeconds").asDouble(), 0);
        for (String bad : new String[] {"-0.5", "60.5", "\"soon\""}) {
            Http.Answer a = http.put("v1/parameters", "{\"responsiveHoldSeconds\": " + bad + "}");
            assertEquals(bad + ": " + a, 400, a.status());
            assertTrue(a.toString(), a.error().get("details").toString().contains("/responsiveHoldSeconds"));
            assertEquals(held, http.get("v1/parameters").json());
        }
        assertEquals(200, http.put("v1/parameters", "{\"responsiveHoldSeconds\": \"500ms\"}").status());
        assertEquals(0.5, http.get("v1/parameters").json().get("responsiveHoldSeconds").asDouble(), 0);
        assertEquals(200, http.put("v1/parameters", "{\"responsiveHoldSeconds\": 2}").status());
    }

    /** The preview of a change answers what it would do and sets nothing; a bad body is a 400 as for PUT. */
    @Test
    public void aParametersPreviewSetsNothing() {
        JsonNode before = http.get("v1/parameters").json();
        Http.Answer a = http.post("v1/parameters/preview", "{\"idleTimeoutSeconds\": 4, \"mode\": \"controller-assisted\"}");
        assertEquals(a.toString(), 200, a.status());
        assertEquals(4.0, a.json().get("parameters").get("idleTimeoutSeconds").asDouble(), 0);
        assertEquals("controller-assisted", a.json().get("parameters").get("mode").asText());
        assertEquals("no switch is connected here", 0, a.json().get("devices").size());
        assertEquals(0, a.json().get("reprogram").asInt());
        assertEquals(0.0, a.json().get("enforcementGapSeconds").asDouble(), 0);
        assertTrue(a.json().get("summary").asText().contains("nothing is sent"));
        assertEquals(before, http.get("v1/parameters").json());
        Http.Answer bad = http.post("v1/parameters/preview", "{\"joinBurst\": 0}");
        assertEquals(400, bad.status());
        assertTrue(bad.error().get("details").toString().contains("joinBurst"));
    }

    @Test
    public void badParametersChangeNothing() {
        JsonNode before = http.get("v1/parameters").json();
        Http.Answer a = http.put("v1/parameters", "{\"joinBurst\": 0, \"mode\": \"turbo\"}");
        assertEquals(400, a.status());
        assertEquals("bad-value", a.error().get("code").asText());
        assertTrue(a.error().get("details").toString().contains("/mode"));
        Http.Answer unknown = http.put("v1/parameters", "{\"pollingPeriod\": 1}");
        assertEquals("unknown-field", unknown.error().get("code").asText());
        Http.Answer headroom = http.put("v1/parameters", "{\"headroom\": 0.9}");
        assertEquals("unknown-field", headroom.error().get("code").asText());
        assertTrue(headroom.error().toString(), headroom.error().toString().contains("per tree"));
        assertEquals(before, http.get("v1/parameters").json());
    }

    /**
     * Every run-time parameter has a range: values drawn beyond each end (including the issue's
     * 1e-9 s polling period) get 400 naming the member, and change nothing; the ends are accepted.
     */
    @Test
    public void parametersOutsideTheirRangesAreRefusedWithWhere() {
        java.util.Random random = new java.util.Random();
        JsonNode before = http.get("v1/parameters").json();
        Object[][] cases = {
            {"pollingPeriodSeconds", 0.1, 3600.0},
            {"idleTimeoutSeconds", 0.01, 604800.0},
            {"leafLifetimeSeconds", 0.01, 2592000.0},
            {"joinRatePerSecond", 0.01, 1e6},
        };
        Http.Answer tiny = http.put("v1/parameters", "{\"pollingPeriodSeconds\": 1e-9}");
        assertEquals(tiny.toString(), 400, tiny.status());
        assertTrue(tiny.toString(), tiny.error().get("details").toString().contains("/pollingPeriodSeconds"));
        assertTrue(tiny.toString(), tiny.error().toString().contains("100ms .. 1h"));
        for (Object[] c : cases) {
            double min = (double) c[1];
            double max = (double) c[2];
            for (double v : new double[] {min * random.nextDouble() * 0.99, max * (1.001 + random.nextDouble() * 1e6)}) {
                Http.Answer a = http.put("v1/parameters", "{\"" + c[0] + "\": " + v + "}");
                assertEquals(c[0] + " " + v + ": " + a, 400, a.status());
                assertTrue(a.toString(), a.error().get("details").toString().contains("/" + c[0]));
            }
            assertEquals(c[0] + " at its minimum", 200, http.put("v1/parameters", "{\"" + c[0] + "\": " + min + "}")
                    .status());
            assertEquals(c[0] + " at its maximum", 200, http.put("v1/parameters", "{\"" + c[0] + "\": " + max + "}")
                    .status());
            http.put("v1/parameters", "{\"" + c[0] + "\": " + before.get((String) c[0]) + "}");
        }
        Http.Answer burst = http.put("v1/parameters", "{\"joinBurst\": 1000001}");
        assertEquals(burst.toString(), 400, burst.status());
        Http.Answer k = http.put("v1/parameters", "{\"rateEstimator\": {\"kind\": \"ewma\", \"kSeconds\": 1e-7}}");
        assertEquals(k.toString(), 400, k.status());
        assertTrue(k.toString(), k.error().get("details").toString().contains("/rateEstimator/kSeconds"));
        assertEquals(before, http.get("v1/parameters").json());
    }

    @Test
    public void stateOfAManagedPortListsEveryNode() {
        http.put(PORT_PATH + "/tree", Trees.TWO_LEVEL);
        Http.Answer s = http.get(PORT_PATH + "/state");
        assertEquals(s.toString(), 200, s.status());
        JsonNode state = s.json();
        assertEquals(3, state.get("port").asInt());
        assertEquals(5, state.get("nodes").size());
        JsonNode n = state.get("nodes").get(0);
        assertTrue(n.get("state").asText().matches("[SU]"));
        assertTrue(n.has("measuredBps") && n.has("dropBps") && n.has("targetBps") && n.has("effectiveLimitBps"));
        assertEquals(404, http.get("v1/devices/" + RestFixture.DEVICE + "/ports/8/state").status());
    }

    @Test
    public void whereAnotherInstanceIsMasterTheStateSaysSoAndMeasuresNothing() {
        http.put(PORT_PATH + "/tree", Trees.TWO_LEVEL);
        assertFalse(http.get(PORT_PATH + "/state").json().get("masterElsewhere").asBoolean());
        FX.service().masterElsewhere(RestFixture.DEVICE, true);
        JsonNode state = http.get(PORT_PATH + "/state").json();
        assertTrue(state.get("masterElsewhere").asBoolean());
        assertTrue(state.get("measuredBps").isNull());
        assertEquals(10_000_000_000L, state.get("capacityBps").asLong());
        for (JsonNode n : state.get("nodes")) {
            for (String measured : new String[] {"measuredBps", "state", "fairShareBps", "dropBps", "active", "lastSeen",
                    "targetBps"}) {
                assertTrue(n.get("id") + " " + measured, n.get(measured).isNull());
            }
            assertTrue(n.get("effectiveLimitBps").isNumber());
        }
        assertFalse("the master instance reports the port", http.get("v1/metrics").body().contains("port=\"3\""));
    }

    @Test
    public void eventsAreNewestFirstAndTheLimitIsChecked() {
        Http.Answer e = http.get("v1/events?limit=5");
        assertEquals(200, e.status());
        assertTrue(e.json().get("events").isArray());
        assertTrue(e.json().get("events").size() <= 5);
        assertEquals(400, http.get("v1/events?limit=0").status());
        assertEquals(400, http.get("v1/events?limit=many").status());
    }

    @Test
    public void eventsRefuseUnknownOrRepeatedParametersAndUnknownTypes() {
        assertEquals(200, http.get("v1/events?type=NODE_JOINED,ERROR&device=pof:1&node=x&limit=3").status());
        Http.Answer unknown = http.get("v1/events?limt=5");
        assertEquals(400, unknown.status());
        assertTrue(unknown.error().get("message").asText(), unknown.error().get("message").asText().contains("limt"));
        assertEquals(400, http.get("v1/events?type=JOINED").status());
        assertEquals(400, http.get("v1/events?limit=1&limit=2").status());
    }

    @Test
    public void metricsAreInThePrometheusTextFormat() {
        http.put(PORT_PATH + "/tree", Trees.TWO_LEVEL);
        Http.Answer m = http.get("v1/metrics");
        assertEquals(200, m.status());
        assertTrue(m.header("Content-Type"), m.header("Content-Type").startsWith("text/plain"));
        assertTrue(m.header("Content-Type").contains("version=0.0.4"));
        String text = m.body();
        assertTrue(text.contains("# TYPE hsdba_node_rate_bps gauge\n"));
        assertTrue(text, text.contains("hsdba_node_rate_bps{device=\"" + RestFixture.DEVICE + "\",port=\"3\",node=\"A1\"} 0\n"));
        assertTrue(text.contains("hsdba_node_drop_bps{"));
        assertTrue(text.contains("hsdba_node_target_bps{"));
        Exposition.read(text, false); // strict format check, throws naming the line
        assertTrue(text, text.contains("hsdba_node_bytes_total{device=\"" + RestFixture.DEVICE + "\",port=\"3\",node=\"A1\"} "));
        assertTrue(text.contains("hsdba_port_dropped_packets_total{device=\"" + RestFixture.DEVICE + "\",port=\"3\"} "));
    }

    @Test
    public void metricsAnswerPrometheusAndOpenMetricsAcceptHeaders() {
        http.put(PORT_PATH + "/tree", Trees.TWO_LEVEL);
        // what Prometheus 2.x sends: OpenMetrics first
        Http.Answer om = http.get("v1/metrics", "Accept", "application/openmetrics-text;version=1.0.0,"
                + "application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1");
        assertEquals(om.toString(), 200, om.status());
        assertTrue(om.header("Content-Type"), om.header("Content-Type").startsWith("application/openmetrics-text"));
        assertTrue(om.body().endsWith("# EOF\n"));
        assertTrue(om.body().contains("# TYPE hsdba_joins counter\n"));
        assertTrue(om.body().contains("hsdba_joins_total{"));
        for (String accept : new String[] {"text/plain;version=0.0.4;q=0.5,*/*;q=0.1", "text/plain;version=0.0.4",
                "text/plain", "*/*"}) {
            Http.Answer plain = http.get("v1/metrics", "Accept", accept);
            assertEquals(accept, 200, plain.status());
            assertTrue(accept, plain.header("Content-Type").startsWith("text/plain"));
            assertFalse(plain.body().contains("# EOF"));
        }
    }

    @Test
    public void theServedOpenApiDocumentIsTheMaintainedOne() {
        Http.Answer a = http.get("v1/openapi.json");
        assertEquals(200, a.status());
        assertTrue(a.json().get("paths").has("/devices/{device}/ports/{port}/tree"));
    }
}
