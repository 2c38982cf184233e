package org.hsdba.interop;

import org.junit.Assume;

/**
 * A check whose target is known to be missed today, with the figure that showed it. It is skipped
 * (and the reason printed, so it shows in the run's skip count) unless {@code -Dhsdba.knownMisses=true},
 * which runs it as it is: the assertion itself is never loosened.
 */
public final class KnownMiss {

    private KnownMiss() {
    }

    public static void skipUnlessAsked(String whyItMisses) {
        boolean run = Boolean.getBoolean("hsdba.knownMisses");
        if (!run) {
            System.out.println("[known miss, skipped; -Dhsdba.knownMisses=true runs it] " + whyItMisses);
        }
        Assume.assumeTrue("known miss: " + whyItMisses + " (run with -Dhsdba.knownMisses=true)", run);
    }
}
