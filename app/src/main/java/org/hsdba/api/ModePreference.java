package org.hsdba.api;

import java.util.Locale;

/** Which enforcement the operator wants: what the switch can do ({@code auto}), or one forced mode. */
public enum ModePreference {
    /** In-switch where the switch has the extension, controller-assisted otherwise. */
    AUTO("auto"),
    /** In-switch only; a stock switch is left unprogrammed with an error saying why. */
    IN_SWITCH("in-switch"),
    /** Controller-assisted on every switch, even one with the extension. */
    CONTROLLER_ASSISTED("controller-assisted");

    private final String jsonName;

    ModePreference(String jsonName) {
        this.jsonName = jsonName;
    }

    public String jsonName() {
        return jsonName;
    }

    /** Parses {@code auto}, {@code in-switch} or {@code controller-assisted} (case-insensitive). */
    public static ModePreference fromJsonName(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        for (ModePreference m : values()) {
            if (m.jsonName.equals(n)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown mode \"" + name + "\" (use auto, in-switch or controller-assisted)");
    }
}
