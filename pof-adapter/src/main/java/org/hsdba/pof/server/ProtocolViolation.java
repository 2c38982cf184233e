package org.hsdba.pof.server;

/** The decoder's verdict that a switch sent bad input; the session closes the connection with it. */
final class ProtocolViolation {
    private final String reason;

    ProtocolViolation(String reason) {
        this.reason = reason;
    }

    String reason() {
        return reason;
    }

    @Override
    public String toString() {
        return "ProtocolViolation{" + reason + "}";
    }
}
