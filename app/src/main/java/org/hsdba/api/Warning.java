package org.hsdba.api;

import java.util.Objects;

/**
 * Something an operator should know about a tree that a write did not refuse: a code (stable,
 * for programs) and a message (for people). Immutable.
 */
public final class Warning {

    /** The tree's switch is not connected: checked against its tables and programmed when it connects. */
    public static final String SWITCH_NOT_CONNECTED = "SWITCH_NOT_CONNECTED";

    private final String code;
    private final String message;

    public Warning(String code, String message) {
        this.code = Objects.requireNonNull(code, "code");
        this.message = Objects.requireNonNull(message, "message");
    }

    public String code() {
        return code;
    }

    public String message() {
        return message;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Warning && ((Warning) o).code.equals(code) && ((Warning) o).message.equals(message);
    }

    @Override
    public int hashCode() {
        return Objects.hash(code, message);
    }

    @Override
    public String toString() {
        return message + " [" + code + "]";
    }
}
