package org.hsdba.lab.cli;

import java.util.Objects;

/**
 * Closes what a long-running subcommand started when the JVM exits before the subcommand could
 * (a signal that {@link StopSignal} does not catch); the subcommand removes it once it closed
 * everything itself.
 */
final class ShutdownHook {

    private final Thread thread;

    private ShutdownHook(Thread thread) {
        this.thread = thread;
    }

    /** Registers {@code close} to run, on a thread named {@code name}, when the JVM shuts down. */
    static ShutdownHook closing(String name, Runnable close) {
        Thread t = new Thread(Objects.requireNonNull(close, "close"), name);
        Runtime.getRuntime().addShutdownHook(t);
        return new ShutdownHook(t);
    }

    /** Unregisters the hook; while the JVM is already shutting down it runs anyway and finds everything closed. */
    void remove() {
        try {
            Runtime.getRuntime().removeShutdownHook(thread);
        } catch (IllegalStateException e) {
            // shutting down already: the hook cannot be removed any more
        }
    }
}
