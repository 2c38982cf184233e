package org.hsdba.southbound;

/**
 * The session a pending operation belonged to has ended (connection lost, switch silent, bad
 * input, replaced by a reconnection, or the controller shut down); the switch will be wiped by the
 * next session's HELLO, so the operation is moot. Futures of {@link PofSwitch} fail with it.
 */
public class SwitchDisconnectedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SwitchDisconnectedException(String message) {
        super(message);
    }
}
