package org.hsdba.model;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.time.Duration;

import org.junit.Test;

/** K derived from the port's capacity (issue 14): 1024 MTU frames at C, clamped to [1 ms, 1 s]. */
public class EstimatorTest {

    @Test
    public void theDefaultDerivesKFromTheCapacity() {
        assertTrue(Estimator.DEFAULT.derived());
        assertEquals(Duration.ofNanos(122_880_000), Estimator.DEFAULT.forCapacity(100e6).period());
        assertEquals(Duration.ofNanos(12_288_000), Estimator.DEFAULT.forCapacity(1e9).period());
        assertEquals(Duration.ofNanos(1_229_000), Estimator.DEFAULT.forCapacity(10e9).period());
        assertEquals("clamped below", Duration.ofMillis(1), Estimator.DEFAULT.forCapacity(100e9).period());
        assertEquals("clamped above", Duration.ofSeconds(1), Estimator.DEFAULT.forCapacity(10e6).period());
    }

    @Test
    public void anExplicitKIsKeptOnEveryPort() {
        Estimator set = Estimator.ewma(Duration.ofMillis(10));
        assertSame(set, set.forCapacity(100e6));
        assertSame(set, set.forCapacity(10e9));
    }

    @Test
    public void theDerivedKHasNoPeriodUntilResolved() {
        try {
            Estimator.AUTO.period();
            fail("a derived K has no value without a capacity");
        } catch (IllegalStateException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("forCapacity"));
        }
        try {
            Estimator.AUTO.forCapacity(0);
            fail();
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("capacity"));
        }
    }
}
