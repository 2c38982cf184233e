package org.hsdba.impl;

/** Whether this instance programs a device (ONOS: it is the device's master; the lab: always). */
@FunctionalInterface
public interface Mastership {

    /** Every device is ours: a single instance. */
    Mastership ALWAYS = deviceId -> true;

    boolean isMaster(String deviceId);
}
