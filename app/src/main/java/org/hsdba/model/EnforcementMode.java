package org.hsdba.model;

/** Where and how the allocation is enforced. */
public enum EnforcementMode {
    /** Per-packet algorithm in the switch, drop decision at the deepest level (algorithm section 3). */
    IN_SWITCH("in-switch"),
    /** The controller computes fair shares from polled rates and installs them as limits. */
    CONTROLLER_ASSISTED("controller-assisted"),
    /** The paper's Algorithm 1 read literally (drops at every level), for comparison. */
    LITERAL("literal");

    private final String jsonName;

    EnforcementMode(String jsonName) {
        this.jsonName = jsonName;
    }

    public String jsonName() {
        return jsonName;
    }

    public static EnforcementMode fromJsonName(String name) {
        for (EnforcementMode m : values()) {
            if (m.jsonName.equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown mode \"" + name + "\" (use in-switch, controller-assisted or literal)");
    }
}
