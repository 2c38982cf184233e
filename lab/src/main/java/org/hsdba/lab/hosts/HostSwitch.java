package org.hsdba.lab.hosts;

/**
 * The switch between the hosts of {@code hsdba lab --hosts}: the reference switch in this JVM on
 * real ports ({@link ReferenceHostSwitch}) or a real POFSwitch process ({@link PofSwitchHost}).
 * Either connects to the lab's POF adapter and counts what it sends out of the egress port.
 */
interface HostSwitch extends AutoCloseable {

    /** What it is, for the console: which switch, which ports. */
    String description();

    /** Frame and drop counters so far, for the status lines and the report. */
    String stats();

    /** Why it cannot carry traffic any more (a switch process that exited), or null while it can. */
    String failure();

    /** Stops it; idempotent. */
    @Override
    void close();
}
