package org.hsdba.pofswitch.control;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.datapath.OutputFrame;
import org.hsdba.pofswitch.datapath.PacketOutcome;
import org.hsdba.pofswitch.datapath.ProcessResult;

/**
 * A complete reference POF switch: a {@link Datapath} plus its {@link ControlChannel} to a
 * controller. Frames are fed with {@link #receive}; what the datapath sends to the controller
 * (PACKET_IN, ERROR, HX_ENTRY_STATUS) goes over the channel when it is up, and the frames it
 * outputs (including PACKET_OUT's) go to the registered port listeners.
 */
public final class ReferenceSwitch implements AutoCloseable {
    private final Datapath datapath;
    private final ControlChannel channel;
    private final List<Consumer<OutputFrame>> portListeners = new CopyOnWriteArrayList<>();

    public ReferenceSwitch(DatapathConfig datapathConfig, ControlConfig controlConfig) {
        this.datapath = new Datapath(datapathConfig);
        this.channel = new ControlChannel(datapath, controlConfig, this::emit);
    }

    public Datapath datapath() {
        return datapath;
    }

    public ControlChannel channel() {
        return channel;
    }

    /** Starts connecting to the controller. */
    public ReferenceSwitch start() {
        channel.start();
        return this;
    }

    /** Registers a listener for every frame the switch sends out of a port. */
    public void onOutput(Consumer<OutputFrame> listener) {
        portListeners.add(listener);
    }

    /** Processes a received frame at switch time {@code timeNanos}; forwards upward messages. */
    public ProcessResult receive(byte[] frame, int inPort, long timeNanos) {
        ProcessResult r = datapath.process(frame, inPort, timeNanos);
        emit(r.outputs());
        channel.sendUpward(r.upward());
        return r;
    }

    /** Processes a received frame at the live clock. */
    public ProcessResult receive(byte[] frame, int inPort) {
        return receive(frame, inPort, datapath.nowNanos());
    }

    /**
     * {@link #receive(byte[], int)} of {@code frame[0, length)} into the caller's reused {@code out}
     * (one per thread), allocating nothing for a plain packet: the listener {@code direct} (the
     * caller's own, which sends the frames from {@code out}) is skipped; any other port listener
     * gets each output frame as usual.
     */
    public void receiveInto(byte[] frame, int length, int inPort, PacketOutcome out, Consumer<OutputFrame> direct) {
        datapath.processInto(frame, length, inPort, datapath.nowNanos(), out);
        deliver(out, direct);
    }

    /**
     * {@link #receiveInto} of {@code count} frames a port received together (one receive batch):
     * frame {@code i} is {@code frames[i][0, lengths[i])}, its outcome goes to {@code outs[i]}. The
     * datapath runs them as one batch ({@link Datapath#processBatch}), each at the live clock as it
     * starts (as one at a time: the in-switch program's rates see the same times); then each
     * outcome goes to the other listeners and upward, in order.
     */
    public void receiveBatchInto(byte[][] frames, int[] lengths, int count, int inPort, PacketOutcome[] outs,
            Consumer<OutputFrame> direct) {
        receiveBatchInto(frames, lengths, count, inPort, null, outs, direct);
    }

    /**
     * {@link #receiveBatchInto(byte[][], int[], int, int, PacketOutcome[], Consumer)} with frame
     * {@code i} run at switch time {@code times[i]} ({@link #nowNanos()}'s clock): when each frame
     * arrived, so that a batch that waited for the CPU is not seen as a burst at one instant. Null
     * {@code times}: each at the live clock.
     */
    public void receiveBatchInto(byte[][] frames, int[] lengths, int count, int inPort, long[] times,
            PacketOutcome[] outs, Consumer<OutputFrame> direct) {
        datapath.processBatch(frames, lengths, count, inPort, times, outs);
        for (int i = 0; i < count; i++) {
            deliver(outs[i], direct);
        }
    }

    /** A processed frame's outputs to every port listener but {@code direct}, its messages upward. */
    private void deliver(PacketOutcome out, Consumer<OutputFrame> direct) {
        for (int i = 0; i < out.outputCount(); i++) {
            OutputFrame f = null;
            for (Consumer<OutputFrame> l : portListeners) {
                if (l != direct) {
                    f = f == null ? out.outputFrame(i) : f;
                    l.accept(f);
                }
            }
        }
        if (!out.upward().isEmpty()) {
            channel.sendUpward(out.upward());
        }
    }

    /** The switch's live clock: nanoseconds since its datapath was created. */
    public long nowNanos() {
        return datapath.nowNanos();
    }

    /**
     * Lets the live clock reach the datapath without a packet: idle expiries that are due run and
     * their HX_ENTRY_STATUS messages go to the controller. A switch without traffic needs this
     * called periodically (a real switch has a timer) for idle leaves to be reported.
     */
    public void advanceClock() {
        channel.sendUpward(datapath.advanceTime(datapath.nowNanos()));
    }

    private void emit(List<OutputFrame> frames) {
        for (OutputFrame f : new ArrayList<>(frames)) {
            for (Consumer<OutputFrame> l : portListeners) {
                l.accept(f);
            }
        }
    }

    @Override
    public void close() {
        channel.stop();
    }
}
