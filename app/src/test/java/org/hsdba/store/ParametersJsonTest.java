package org.hsdba.store;

import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.fail;

import java.time.Duration;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.ModePreference;
import org.hsdba.model.Estimator;
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
        expectError("{\"pollingPeriodSeconds\": \"1s\"}", "/pollingPeriodSeconds: must be a number");
        expectError("{\"rateEstimator\": {\"kind\": \"ewma\", \"kSeconds\": -1}}", "/rateEstimator/kSeconds");
        expectError("{\"mode\": \"turbo\"}", "unknown mode \"turbo\"");
        expectError("{\"colour\": 1}", "/colour: unknown member");
        expectError("{\"joinBurst\": 0}", "/joinBurst: join burst 0 is outside 1 .. 1000000");
        expectError("{\"pollingPeriodSeconds\": 1e-9}", "/pollingPeriodSeconds: polling period 1ns is outside 100ms .. 1h");
    }

    @Test
    public void theRetiredHeadroomIsNeitherWrittenNorRefused() throws Exception {
        assertFalse(ParametersJson.toJson(HsdbaParameters.DEFAULTS).has("headroom"));
        // Stores written before it was retired still open; the value means nothing now.
        HsdbaParameters p = ParametersJson.fromJson(MAPPER.readTree("{\"headroom\": 0.9, \"joinBurst\": 4}"),
                HsdbaParameters.DEFAULTS);
        assertEquals(HsdbaParameters.DEFAULTS.toBuilder().joinBurst(4).build(), p);
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
