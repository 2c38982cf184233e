package org.hsdba.lab.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (SIGINT) and SIGTERM as a request to stop: the long-running subcommands wait on it, stop
 * their parts in order and return 0. A second signal while stopping ends the process at once
 * (status 130). Without the JDK's signal API (jdk.unsupported) the JVM's own handling applies
 * and the subcommands' shutdown hooks still stop everything.
 */
final class StopSignal {

    private final CountDownLatch stop = new CountDownLatch(1);

    /** Catches INT and TERM from now on (for the rest of the JVM's life). */
    static StopSignal install() {
        StopSignal s = new StopSignal();
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(name), sig -> {
                    if (s.isSet()) {
                        Runtime.getRuntime().halt(130);
                    }
                    s.trigger();
                });
            } catch (IllegalArgumentException | LinkageError e) {
                // signal not available here: the shutdown hook covers it
            }
        }
        return s;
    }

    /** A signal that only {@link #trigger()} sets (tests, --duration). */
    static StopSignal manual() {
        return new StopSignal();
    }

    void trigger() {
        stop.countDown();
    }

    boolean isSet() {
        return stop.getCount() == 0;
    }

    /** Waits up to {@code millis}; true if stop was requested. */
    boolean await(long millis) throws InterruptedException {
        return stop.await(millis, TimeUnit.MILLISECONDS);
    }
}
