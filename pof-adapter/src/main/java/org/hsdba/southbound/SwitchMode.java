package org.hsdba.southbound;

/** How a switch can enforce HSDBA, as found by the capability probe after the handshake. */
public enum SwitchMode {
    /** The switch implements the HSDBA POF extension (docs/pof-hsdba-extension.md). */
    IN_SWITCH,
    /** Stock POF 1.4.0: the controller runs the algorithm from polled counters. */
    CONTROLLER_ASSISTED,
    /** The probe has not been answered yet. */
    UNKNOWN
}
