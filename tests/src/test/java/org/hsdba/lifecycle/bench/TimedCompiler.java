package org.hsdba.lifecycle.bench;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import org.hsdba.impl.program.ProgramChange;
import org.hsdba.lifecycle.ObservedCompiler;
import org.hsdba.lifecycle.bench.JoinStages.Stage;
import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.message.PacketIn;

/**
 * Stamps {@link Stage#DEQUEUED} (the control thread looks up a join's site) and
 * {@link Stage#DIFF_STARTED}/{@link Stage#DIFF_DONE} around each program update, the compiler's
 * incremental diff, of an {@link ObservedCompiler}.
 */
final class TimedCompiler implements ObservedCompiler.Observer {

    private final JoinStages stages;
    private final Function<byte[], String> nodeIdOfFrame;

    /** @param nodeIdOfFrame the id the join of a PACKET_IN's frame creates */
    TimedCompiler(JoinStages stages, Function<byte[], String> nodeIdOfFrame) {
        this.stages = Objects.requireNonNull(stages, "stages");
        this.nodeIdOfFrame = Objects.requireNonNull(nodeIdOfFrame, "nodeIdOfFrame");
    }

    @Override
    public void updated(List<BandwidthTree> trees, ProgramChange change, long startNanos, long endNanos) {
        List<String> joins = stages.reached(Stage.DIFF_STARTED, id -> containsNode(trees, id), startNanos);
        stages.reached(Stage.DIFF_DONE, joins, endNanos);
        stages.diff(endNanos - startNanos, joins.size(), change.messages().size(), change.examined());
    }

    @Override
    public void joinSiteLookup(PacketIn packetIn) {
        stages.reached(Stage.DEQUEUED, nodeIdOfFrame.apply(packetIn.data()), System.nanoTime());
        stages.takenOn(Thread.currentThread().getName());
    }

    private static boolean containsNode(List<BandwidthTree> trees, String id) {
        for (BandwidthTree t : trees) {
            if (t.contains(id)) {
                return true;
            }
        }
        return false;
    }
}
