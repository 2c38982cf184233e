import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.IntSupplier;
import java.util.function.IntToLongFunction;
import org.hsdba.pofswitch.bench.BinaryTreeSetup;
import org.hsdba.pofswitch.bench.CbrArrivals;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.datapath.PacketOutcome;

/**
 * One build's side of scripts/bench-ab.sh: compiled against that build's classes and loaded in a
 * class loader of its own, so two builds run in one JVM. The interpreter benchmark's HSDBA case
 * (5 levels of fan-out 2, 32 leaves, 1024-byte CBR packets at 11.2 Gb/s offered, the hand-written
 * level program) on the fast path; {@link #applyAsLong} runs the next {@code n} packets (the
 * arrivals repeat, shifted in time, so a switch's clock never goes back) and returns their
 * instructions. Fed through {@code Datapath.processBatch} in batches of {@code batch} where the
 * build has it and batch > 1, else one at a time through {@code processInto}.
 */
public final class AbRunner implements IntToLongFunction, IntSupplier {
    private static final int PACKET = 1024;
    private final CbrArrivals arrivals;
    private final byte[][] frames;
    private final Datapath dp;
    private final MethodHandle batchCall;
    private final int batch;
    private final byte[][] batchFrames;
    private final int[] batchLengths;
    private final long[] batchTimes;
    private final PacketOutcome[] outs;
    private int next;
    private long shift;
    private final long duration;

    public AbRunner(int batch, double seconds) throws Exception {
        BinaryTreeSetup tree = new BinaryTreeSetup(5, 2, (long) (10_000_000_000L * 0.95 / 8), 2_000_000);
        double[] demand = new double[tree.leaves()];
        for (int i = 0; i < demand.length; i++) {
            demand[i] = (i < 12 ? 100e6 : 500e6) / 8;
        }
        duration = (long) (seconds * 1e9);
        arrivals = new CbrArrivals(demand, PACKET, duration);
        frames = new byte[tree.leaves()][];
        for (int i = 0; i < frames.length; i++) {
            frames[i] = tree.frameFor(i, PACKET);
        }
        dp = new Datapath(DatapathConfig.builder().rngSeed(42).fastPath(true).build());
        dp.enableAllPorts();
        tree.install(dp, 2, 0);
        MethodHandle h = null;
        if (batch > 1) {
            try {
                h = MethodHandles.publicLookup().findVirtual(Datapath.class, "processBatch", MethodType.methodType(
                        void.class, byte[][].class, int[].class, int.class, int.class, long[].class, PacketOutcome[].class));
            } catch (NoSuchMethodException e) {
                h = null; // a build without batches: one at a time
            }
        }
        this.batchCall = h;
        this.batch = h == null ? 1 : batch;
        batchFrames = new byte[this.batch][];
        batchLengths = new int[this.batch];
        batchTimes = new long[this.batch];
        outs = new PacketOutcome[this.batch];
        for (int i = 0; i < this.batch; i++) {
            outs[i] = new PacketOutcome();
        }
    }

    /** Packets per call of the datapath (1 where the build has no batches). */
    @Override
    public int getAsInt() {
        return batch;
    }

    @Override
    public long applyAsLong(int n) {
        long instructions = 0;
        try {
            for (int done = 0; done < n; ) {
                int k = Math.min(batch, n - done);
                for (int j = 0; j < k; j++) {
                    if (next == arrivals.count()) {
                        next = 0;
                        shift += duration;
                    }
                    batchFrames[j] = frames[arrivals.source(next)];
                    batchLengths[j] = PACKET;
                    batchTimes[j] = arrivals.time(next) + shift;
                    next++;
                }
                if (batchCall != null) {
                    batchCall.invokeExact(dp, batchFrames, batchLengths, k, 1, batchTimes, outs);
                } else {
                    dp.processInto(batchFrames[0], 1, batchTimes[0], outs[0]);
                }
                for (int j = 0; j < k; j++) {
                    instructions += outs[j].instructions();
                }
                done += k;
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        return instructions;
    }
}
