package org.hsdba.model;

/** How a tree turns guaranteed rates and weights into shares (algorithm sections 1 and 5). */
public enum AllocationMode {
    /** Weighted max-min: guarantees and weights must be proportional among siblings. */
    WEIGHTED("weighted"),
    /** Guarantee + excess: each node gets min(demand, g) first, the rest is shared by weight; g and w independent. */
    GUARANTEE_EXCESS("guarantee-excess");

    private final String jsonName;

    AllocationMode(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The name used in configuration files. */
    public String jsonName() {
        return jsonName;
    }

    public static AllocationMode fromJsonName(String name) {
        for (AllocationMode m : values()) {
            if (m.jsonName.equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown allocation mode \"" + name + "\" (use weighted or guarantee-excess)");
    }
}
