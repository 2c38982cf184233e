package org.hsdba.lifecycle.bench;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import org.hsdba.lifecycle.ForwardingPofSwitch;
import org.hsdba.lifecycle.ForwardingSwitchService;
import org.hsdba.lifecycle.bench.JoinStages.Stage;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchService;

/**
 * The adapter as the manager sees it, stamping {@link Stage#ARRIVED} when a join PACKET_IN reaches
 * the listeners and {@link Stage#SENT}/{@link Stage#CONFIRMED} around {@link PofSwitch#send}. Each
 * switch session is wrapped once, so the manager's identity checks on sessions still hold.
 */
final class TimedSwitches extends ForwardingSwitchService {

    private final JoinStages stages;
    private final Function<byte[], String> nodeIdOfFrame;
    /** The last PACKET_IN seen (the benchmark copies its reason and table). */
    volatile PacketIn lastPacketIn;
    /** The last switch session that became ready (wrapped). */
    volatile PofSwitch lastReady;

    TimedSwitches(PofSwitchService real, JoinStages stages, Function<byte[], String> nodeIdOfFrame) {
        super(real);
        this.stages = Objects.requireNonNull(stages, "stages");
        this.nodeIdOfFrame = Objects.requireNonNull(nodeIdOfFrame, "nodeIdOfFrame");
    }

    @Override
    protected PofSwitch decorate(PofSwitch session) {
        return new Timed(session);
    }

    @Override
    protected void beforeReady(PofSwitch sw) {
        lastReady = sw;
    }

    @Override
    protected void beforePacketIn(PacketIn p) {
        stages.arrived(nodeIdOfFrame.apply(p.data()), System.nanoTime());
        lastPacketIn = p;
    }

    /** A session passing every call through, timing sends. */
    private final class Timed extends ForwardingPofSwitch {

        Timed(PofSwitch sw) {
            super(sw);
        }

        @Override
        public CompletableFuture<Void> send(List<? extends PofMessage> messages) {
            List<String> joins = stages.reached(Stage.SENT, id -> true, System.nanoTime());
            // a dependent future: the stamp is taken before the manager's own callback runs
            return super.send(messages).whenComplete((ok, err) -> {
                if (err == null) {
                    stages.reached(Stage.CONFIRMED, joins, System.nanoTime());
                }
            });
        }
    }
}
