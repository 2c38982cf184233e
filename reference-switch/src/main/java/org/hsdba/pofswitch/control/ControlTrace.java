package org.hsdba.pofswitch.control;

import java.util.List;
import org.hsdba.pof.message.PofMessage;

/**
 * When the control channel read, handled and wrote messages (System.nanoTime), for timing a
 * controller's round trips from the switch's side (the join benchmark splits its "switch round
 * trip" with it). Called on the channel's threads: implementations must be thread-safe and quick.
 */
public interface ControlTrace {

    /** No trace (the default): the channel takes no timestamps. */
    ControlTrace NONE = new ControlTrace() {
        @Override
        public void handled(PofMessage message, long readNanos, long handledNanos) {
        }

        @Override
        public void wrote(List<PofMessage> messages, long nanos) {
        }
    };

    /**
     * A message from the controller was handled: {@code readNanos} when the socket read that
     * completed it returned, {@code handledNanos} when the session had applied it (before its
     * answer, if any, is written).
     */
    void handled(PofMessage message, long readNanos, long handledNanos);

    /** {@code messages} were written to the controller and flushed, at {@code nanos}. */
    void wrote(List<PofMessage> messages, long nanos);
}
