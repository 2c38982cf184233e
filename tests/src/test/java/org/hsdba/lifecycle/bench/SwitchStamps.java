package org.hsdba.lifecycle.bench;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import org.hsdba.lifecycle.bench.JoinStages.Stage;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pofswitch.control.ControlTrace;

/**
 * The reference switch's side of a join: when it wrote the join's PACKET_IN, read the batch the
 * controller sent for it, had applied it (its confirming ECHO_REQUEST handled: the switch handles
 * messages in order) and wrote the ECHO_REPLY. The manager has one change in flight per switch,
 * so the batch read is the one whose joins wait at {@link Stage#SENT}; a keep-alive ECHO finds no
 * join at the stage before and moves none.
 */
final class SwitchStamps implements ControlTrace {

    private final JoinStages stages;
    private final Function<byte[], String> nodeIdOfFrame;

    SwitchStamps(JoinStages stages, Function<byte[], String> nodeIdOfFrame) {
        this.stages = Objects.requireNonNull(stages, "stages");
        this.nodeIdOfFrame = Objects.requireNonNull(nodeIdOfFrame, "nodeIdOfFrame");
    }

    @Override
    public void handled(PofMessage message, long readNanos, long handledNanos) {
        if (message.type() == MessageType.ECHO_REQUEST) {
            stages.moved(Stage.SWITCH_READ, Stage.SWITCH_APPLIED, handledNanos);
        } else if (message.type() != MessageType.ECHO_REPLY) {
            stages.moved(Stage.SENT, Stage.SWITCH_READ, readNanos);
        }
    }

    @Override
    public void wrote(List<PofMessage> messages, long nanos) {
        for (PofMessage m : messages) {
            if (m instanceof PacketIn) {
                stages.written(nodeIdOfFrame.apply(((PacketIn) m).data()), nanos);
            } else if (m.type() == MessageType.ECHO_REPLY) {
                stages.moved(Stage.SWITCH_APPLIED, Stage.ECHO_WRITTEN, nanos);
            }
        }
    }
}
