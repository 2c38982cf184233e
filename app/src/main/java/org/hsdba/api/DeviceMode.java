package org.hsdba.api;

/** How a device enforces HSDBA, as its capability probe found. */
public enum DeviceMode {
    /** The switch runs the per-packet algorithm (HSDBA POF extension). */
    IN_SWITCH("in-switch"),
    /** Stock POF switch: the controller computes drop thresholds from polled counters. */
    CONTROLLER_ASSISTED("controller-assisted"),
    /** Not connected, or the probe has not been answered yet. */
    UNKNOWN("unknown");

    private final String jsonName;

    DeviceMode(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The REST spelling, e.g. {@code in-switch}. */
    public String jsonName() {
        return jsonName;
    }
}
