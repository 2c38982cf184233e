package org.hsdba.lab.traffic;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Rate;
import org.hsdba.scenario.ScenarioJson;
import org.junit.Test;

public class RateScalingTest {

    @Test
    public void scalesEveryRateAndNothingElse() {
        BandwidthTree t = ScenarioJson.read(LabScenarioTest.examples().resolve("lab-two-level.json")).config().trees().get(0);
        BandwidthTree s = RateScaling.scale(t, 0.001);
        assertEquals(10e6, s.capacity().asDouble(), 0);
        assertEquals(3e6, s.get("A4").peak().asDouble(), 0);
        assertTrue(s.get("A1").peak().isUnlimited());
        assertEquals(t.get("A3").weight(), s.get("A3").weight());
        assertEquals(t.get("A3").key(), s.get("A3").key());
        assertEquals(3e6, s.levels().get(1).join().get().peak().asDouble(), 0);
        assertEquals(t.levels().get(1).join().get().lifetime(), s.levels().get(1).join().get().lifetime());
        assertEquals(t.eta(), s.eta(), 0);
        assertSame(t, RateScaling.scale(t, 1.0));
    }

    @Test
    public void roundsToWholeBitsAndRefusesNonPositiveFactors() {
        assertEquals(1, RateScaling.scale(Rate.ofBps(3), 0.3).bps());
        assertEquals(2, RateScaling.scale(Rate.ofBps(3), 0.5).bps());
        try {
            RateScaling.scale(Rate.ofBps(3), 0);
            throw new AssertionError("accepted scale 0");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains("> 0"));
        }
    }
}
