package org.hsdba.store;

import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.fail;

import java.time.Duration;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.ModePreference;
import org.hsdba.model.Estimator;
import org.hsdba.model.json.ConfigException;
import org.junit.Test;

public class ParametersJsonTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    public void roundTrip() {
        HsdbaParameters p = HsdbaParameters.builder().estimator(Estimator.window(Duration.ofMillis(100)))
                .pollingPeriod(Duration.ofMillis(500)).idleTimeout(Duration.ofSeconds(3))
                .leafLifetime(Duration.ofMinutes(2)).mode(ModePreference.CONTROLLER_ASSISTED)
                .joinRatePerSecond(50).joinBurst(5).responsiveHold(Duration.ofMillis(1500)).build();
        assertEquals(p, ParametersJson.fromJson(ParametersJson.toJson(p), HsdbaParameters.DEFAULTS));
    }

    /** The default K, derived from each port's capacity, is written without kSeconds and read back as such. */
    @Test
    public void theDerivedKRoundTripsWithoutKSeconds() {
        HsdbaParameters p = HsdbaParameters.builder().estimator(Estimator.AUTO).build();
        assertEquals(false, ParametersJson.toJson(p).path("rateEstimator").has("kSeconds"));
        assertEquals(p, ParametersJson.fromJson(ParametersJson.toJson(p),
                HsdbaParameters.DEFAULTS.toBuilder().estimator(Estimator.ewma(Duration.ofMillis(3))).build()));
    }

    @Test
    public void theRestShapeReadsAsAPartialUpdate() throws Exception {
        HsdbaParameters p = ParametersJson.fromJson(MAPPER.readTree(
                "{\"rateEstimator\":{\"kind\":\"ewma\",\"kSeconds\":0.002},\"pollingPeriodSeconds\":1,"
                        + "\"idleTimeoutSeconds\":10,\"leafLifetimeSeconds\":300,\"mode\":\"auto\"}"),
                HsdbaParameters.DEFAULTS.toBuilder().joinBurst(9).build());
        assertEquals(Estimator.ewma(Duration.ofMillis(2)), p.estimator());
        assertEquals(9, p.joinBurst());
        assertEquals(ModePreference.AUTO, p.mode());
    }

    @Test
    public void errorsNameTheMember() throws Exception {
        expectError("{\"pollingPeriodSeconds\": true}", "/pollingPeriodSeconds: expected a duration");
        expectError("{\"rateEstimator\": {\"kind\": \"ewma\", \"kSeconds\": -1}}", "/rateEstimator/kSeconds");
        expectError("{\"mode\": \"turbo\"}", "unknown mode \"turbo\"");
        expectError("{\"colour\": 1}", "/colour: unknown field \"colour\"");
        expectError("{\"joinBurst\": 0}", "/joinBurst");
        expectError("{\"pollingPeriodSeconds\": 1e-9}", "/pollingPeriodSeconds: polling period 1ns is outside 100ms .. 1h");
        expectError("[1]", "expected an object");
    }

    /** Every problem of a document is reported at once, each at its member. */
    @Test
    public void everyProblemIsReported() throws Exception {
        try {
            ParametersJson.read(MAPPER.readTree("{\"mode\": \"turbo\", \"colour\": 1}"), HsdbaParameters.DEFAULTS);
            fail("accepted");
        } catch (ConfigException e) {
            assertEquals(2, e.totalProblems());
        }
    }

    /** Durations are seconds or strings with units, in a client's document and in a stored one alike. */
    @Test
    public void durationsTakeUnits() throws Exception {
        assertEquals(Duration.ofMillis(1500), ParametersJson.fromJson(
                MAPPER.readTree("{\"pollingPeriodSeconds\": \"1500ms\"}"), HsdbaParameters.DEFAULTS).pollingPeriod());
        assertEquals(Duration.ofMillis(500), ParametersJson.read(
                MAPPER.readTree("{\"responsiveHoldSeconds\": 0.5}"), HsdbaParameters.DEFAULTS).responsiveHold());
    }

    /**
     * The responsive hold is 2 s by default: a stored document without it (one written before 2 s
     * became the default) gets 2 s; an explicit 0 (off) and 5 s survive a write and a read.
     */
    @Test
    public void theResponsiveHoldDefaultsTo2sAndAnExplicitZeroStaysOff() throws Exception {
        assertEquals(Duration.ofSeconds(2), HsdbaParameters.DEFAULTS.responsiveHold());
        assertEquals(Duration.ofSeconds(2), HsdbaParameters.DEFAULTS.toRuntime().responsiveHold());
        HsdbaParameters old = ParametersJson.fromJson(MAPPER.readTree(
                "{\"rateEstimator\":{\"kind\":\"ewma\"},\"pollingPeriodSeconds\":1,\"idleTimeoutSeconds\":10,"
                        + "\"leafLifetimeSeconds\":300,\"mode\":\"auto\",\"joinRatePerSecond\":1000,\"joinBurst\":100,"
                        + "\"maxTreeNodes\":100000}"), HsdbaParameters.DEFAULTS);
        assertEquals(Duration.ofSeconds(2), old.responsiveHold());
        assertEquals(HsdbaParameters.DEFAULTS, old);
        for (Duration h : new Duration[] {Duration.ZERO, Duration.ofSeconds(5), Duration.ofSeconds(2)}) {
            HsdbaParameters p = HsdbaParameters.DEFAULTS.toBuilder().responsiveHold(h).build();
            ObjectNode json = ParametersJson.toJson(p);
            assertEquals(h.toNanos() / 1e9, json.path("responsiveHoldSeconds").asDouble(), 0);
            assertEquals(h, ParametersJson.fromJson(json, HsdbaParameters.DEFAULTS).responsiveHold());
            assertEquals(h, ParametersJson.read(MAPPER.readTree(json.toString()), HsdbaParameters.DEFAULTS)
                    .responsiveHold());
        }
        HsdbaParameters off = ParametersJson.read(MAPPER.readTree("{\"responsiveHoldSeconds\": 0}"),
                HsdbaParameters.DEFAULTS);
        assertEquals(Duration.ZERO, off.responsiveHold());
        // A partial update that does not name the hold keeps the current one, off included.
        assertEquals(Duration.ZERO, ParametersJson.read(MAPPER.readTree("{\"joinBurst\": 7}"), off).responsiveHold());
        expectError("{\"responsiveHoldSeconds\": 61}", "/responsiveHoldSeconds");
    }

    @Test
    public void aClientSendingHeadroomIsToldWhereEtaLives() throws Exception {
        try {
            ParametersJson.read(MAPPER.readTree("{\"headroom\": 0.9}"), HsdbaParameters.DEFAULTS);
            fail("accepted headroom");
        } catch (ConfigException e) {
            assertThat(e.getMessage(), containsString("set per tree"));
        }
    }

    private static void expectError(String json, String expected) throws Exception {
        try {
            ParametersJson.fromJson(MAPPER.readTree(json), HsdbaParameters.DEFAULTS);
            fail("accepted " + json);
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage(), containsString(expected));
        }
    }
}
