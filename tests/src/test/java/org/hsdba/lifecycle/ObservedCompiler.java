package org.hsdba.lifecycle;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.impl.program.CounterReading;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.EditHistory;
import org.hsdba.impl.program.JoinSite;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.impl.program.ProgramChange;
import org.hsdba.impl.program.ProgramCompiler;
import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.southbound.PofSwitch;

/**
 * A compiler whose programs pass every call to the real ones and tell an {@link Observer} about
 * program updates (with what they cost) and join-site lookups: what tests and benchmarks see of
 * the manager's use of the compiler.
 */
public final class ObservedCompiler implements ProgramCompiler {

    /** Told on the manager's control thread. */
    public interface Observer {
        /** An update to {@code trees} gave {@code change}; the call took from {@code startNanos} to {@code endNanos}. */
        default void updated(List<BandwidthTree> trees, ProgramChange change, long startNanos, long endNanos) {
        }

        /** The control thread looks up the join site of a packet-in (it starts handling it). */
        default void joinSiteLookup(PacketIn packetIn) {
        }
    }

    private final ProgramCompiler delegate;
    private final Observer observer;

    public ObservedCompiler(ProgramCompiler delegate, Observer observer) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.observer = Objects.requireNonNull(observer, "observer");
    }

    @Override
    public DeviceProgram compile(List<BandwidthTree> trees, PofSwitch sw, DeviceMode mode, HsdbaParameters parameters) {
        return new Observed(delegate.compile(trees, sw, mode, parameters));
    }

    private ProgramChange observed(ProgramChange change) {
        return change.isWipe() ? change
                : new ProgramChange(change.messages(), new Observed(change.next()), change.examined());
    }

    /** A program passing every call through. */
    private final class Observed implements DeviceProgram {
        private final DeviceProgram program;

        Observed(DeviceProgram program) {
            this.program = program;
        }

        @Override
        public ProgramChange update(List<BandwidthTree> trees, EditHistory history, HsdbaParameters parameters) {
            long start = System.nanoTime();
            ProgramChange change = program.update(trees, history, parameters);
            observer.updated(trees, change, start, System.nanoTime());
            return observed(change);
        }

        @Override
        public Optional<JoinSite> joinSite(PacketIn packetIn) {
            observer.joinSiteLookup(packetIn);
            return program.joinSite(packetIn);
        }

        @Override
        public ProgramChange step(CounterReading reading) {
            return observed(program.step(reading));
        }

        @Override
        public DeviceMode mode() {
            return program.mode();
        }

        @Override
        public HsdbaParameters parameters() {
            return program.parameters();
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
