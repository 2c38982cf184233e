package org.hsdba.lifecycle.bench;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.impl.program.CounterReading;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.JoinSite;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.impl.program.ProgramChange;
import org.hsdba.impl.program.ProgramCompiler;
import org.hsdba.lifecycle.bench.JoinStages.Stage;
import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.southbound.PofSwitch;

/**
 * A compiler whose programs stamp {@link Stage#DEQUEUED} (the control thread looks up a join's
 * site) and {@link Stage#DIFF_STARTED}/{@link Stage#DIFF_DONE} around {@link DeviceProgram#update},
 * the compiler's incremental diff.
 */
final class TimedCompiler implements ProgramCompiler {

    private final ProgramCompiler delegate;
    private final JoinStages stages;
    private final Function<byte[], String> nodeIdOfFrame;

    /** @param nodeIdOfFrame the id the join of a PACKET_IN's frame creates */
    TimedCompiler(ProgramCompiler delegate, JoinStages stages, Function<byte[], String> nodeIdOfFrame) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.stages = Objects.requireNonNull(stages, "stages");
        this.nodeIdOfFrame = Objects.requireNonNull(nodeIdOfFrame, "nodeIdOfFrame");
    }

    @Override
    public DeviceProgram compile(List<BandwidthTree> trees, PofSwitch sw, DeviceMode mode, HsdbaParameters parameters) {
        return new Timed(delegate.compile(trees, sw, mode, parameters));
    }

    private ProgramChange timed(ProgramChange change) {
        return change.isWipe() ? change : new ProgramChange(change.messages(), new Timed(change.next()));
    }

    private static boolean containsNode(List<BandwidthTree> trees, String id) {
        for (BandwidthTree t : trees) {
            if (t.contains(id)) {
                return true;
            }
        }
        return false;
    }

    /** A program passing every call through, timing its updates. */
    private final class Timed implements DeviceProgram {
        private final DeviceProgram program;

        Timed(DeviceProgram program) {
            this.program = program;
        }

        @Override
        public ProgramChange update(List<BandwidthTree> trees) {
            long start = System.nanoTime();
            ProgramChange change = program.update(trees);
            long end = System.nanoTime();
            List<String> joins = stages.reached(Stage.DIFF_STARTED, id -> containsNode(trees, id), start);
            stages.reached(Stage.DIFF_DONE, joins, end);
            stages.diff(end - start, joins.size(), change.messages().size());
            return timed(change);
        }

        @Override
        public Optional<JoinSite> joinSite(PacketIn packetIn) {
            stages.reached(Stage.DEQUEUED, nodeIdOfFrame.apply(packetIn.data()), System.nanoTime());
            return program.joinSite(packetIn);
        }

        @Override
        public ProgramChange step(CounterReading reading) {
            return timed(program.step(reading));
        }

        @Override
        public DeviceMode mode() {
            return program.mode();
        }

        @Override
        public List<BandwidthTree> trees() {
            return program.trees();
        }

        @Override
        public List<PofMessage> installMessages() {
            return program.installMessages();
        }

        @Override
        public Optional<NodeRef> nodeAt(int globalTableId, long entryIndex) {
            return program.nodeAt(globalTableId, entryIndex);
        }

        @Override
        public Optional<NodeRef> nodeOf(PofMessage message) {
            return program.nodeOf(message);
        }

        @Override
        public CompletableFuture<CounterReading> readCounters(PofSwitch sw) {
            return program.readCounters(sw);
        }
    }
}
