package org.hsdba.onos.cluster;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.hsdba.onos.cluster.FallbackLog.Cause;
import org.junit.Test;

/** One line per device and cause, not per request. */
public class FallbackLogTest {

    private final List<String> warnings = new ArrayList<>();
    private final List<String> infos = new ArrayList<>();
    private final FallbackLog log = new FallbackLog(warnings::add, infos::add);

    @Test
    public void repeatedCauseIsSaidOnce() {
        for (int i = 0; i < 5; i++) {
            log.fellBack("pof:1", Cause.TIMEOUT, "master a did not answer within 2000 ms");
        }
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0), warnings.get(0).contains("pof:1") && warnings.get(0).contains("2000 ms"));
    }

    @Test
    public void anotherDeviceOrCauseIsSaidAgain() {
        log.fellBack("pof:1", Cause.TIMEOUT, "t");
        log.fellBack("pof:2", Cause.TIMEOUT, "t");
        log.fellBack("pof:1", Cause.UNREADABLE, "u");
        log.fellBack("pof:1", Cause.UNREADABLE, "u");
        assertEquals(3, warnings.size());
    }

    @Test
    public void answeringAgainIsSaidOnceAndReArmsTheCause() {
        log.answered("pof:1");
        assertEquals("nothing was wrong: nothing to say", 0, infos.size());
        log.fellBack("pof:1", Cause.NOT_RUNNING, "n");
        log.answered("pof:1");
        log.answered("pof:1");
        assertEquals(1, infos.size());
        log.fellBack("pof:1", Cause.NOT_RUNNING, "n");
        assertEquals(2, warnings.size());
    }
}
