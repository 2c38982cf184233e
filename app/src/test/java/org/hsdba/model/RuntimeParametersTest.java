package org.hsdba.model;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import org.junit.Test;

public class RuntimeParametersTest {

    @Test
    public void holdLabelNamesZeroOffAndOtherwiseTheDuration() {
        assertEquals("responsive hold off", RuntimeParameters.holdLabel(Duration.ZERO));
        assertEquals("responsive hold 2s", RuntimeParameters.holdLabel(Duration.ofSeconds(2)));
        assertEquals("responsive hold 250ms", RuntimeParameters.holdLabel(Duration.ofMillis(250)));
    }

    @Test
    public void defaultsDescribeTheDefaultHold() {
        assertTrue(RuntimeParameters.DEFAULTS.toString(),
                RuntimeParameters.DEFAULTS.toString().contains("responsive hold 2s"));
        assertTrue(RuntimeParameters.DEFAULTS.withResponsiveHold(Duration.ZERO).toString()
                .contains("responsive hold off"));
    }
}
