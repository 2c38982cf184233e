import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.IntToLongFunction;
import java.util.function.IntSupplier;

/**
 * scripts/bench-ab.sh's driver: two builds of the reference switch in one JVM, each in a class
 * loader of its own (its classes, its dependencies, its {@code AbRunner}), run in alternating
 * chunks of packets, A then B, then B then A, ..., each chunk timed by the thread's CPU clock. A
 * pair of chunks is milliseconds apart, so the machine's swing between minutes (other work, the
 * sibling hardware thread) hits both builds alike; the ratio B/A per pair and its median and
 * quartiles say whether a change is beyond the spread.
 *
 * <p>Arguments: classpathA classpathB chunkPackets pairs batch seconds warmupPairs
 */
public final class AbDriver {
    private AbDriver() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 7) {
            throw new IllegalArgumentException("usage: AbDriver cpA cpB chunkPackets pairs batch seconds warmupPairs");
        }
        int chunk = Integer.parseInt(args[2]);
        int pairs = Integer.parseInt(args[3]);
        int batch = Integer.parseInt(args[4]);
        double seconds = Double.parseDouble(args[5]);
        int warmup = Integer.parseInt(args[6]);
        IntToLongFunction[] runners = {runner(args[0], batch, seconds), runner(args[1], batch, seconds)};
        for (int b = 0; b < 2; b++) {
            System.out.printf(Locale.ROOT, "# %s: %d packet(s) per datapath call%n", b == 0 ? "A" : "B",
                    ((IntSupplier) runners[b]).getAsInt());
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long[] instructions = new long[2];
        for (int w = 0; w < warmup; w++) {
            for (int b = 0; b < 2; b++) {
                instructions[b] += runners[b].applyAsLong(chunk);
            }
        }
        double[][] ns = new double[2][pairs];
        double[] ratio = new double[pairs];
        System.out.printf(Locale.ROOT, "# pair  A ns/packet  B ns/packet  B/A (CPU time of the thread; %d packets a chunk)%n", chunk);
        for (int p = 0; p < pairs; p++) {
            for (int k = 0; k < 2; k++) {
                int b = (p % 2 == 0) ? k : 1 - k; // A B, B A, ...
                long c0 = mx.getCurrentThreadCpuTime();
                instructions[b] += runners[b].applyAsLong(chunk);
                ns[b][p] = (mx.getCurrentThreadCpuTime() - c0) / (double) chunk;
            }
            ratio[p] = ns[0][p] / ns[1][p]; // B's rate over A's
            System.out.printf(Locale.ROOT, "%5d %12.1f %12.1f %7.3f%n", p + 1, ns[0][p], ns[1][p], ratio[p]);
        }
        for (int b = 0; b < 2; b++) {
            double[] s = ns[b].clone();
            Arrays.sort(s);
            System.out.printf(Locale.ROOT, "# %s: median %.1f ns per packet = %,.0f packets per CPU second (quartiles %.1f-%.1f ns, best %.1f ns = %,.0f /CPU s)%n",
                    b == 0 ? "A" : "B", q(s, 0.5), 1e9 / q(s, 0.5), q(s, 0.25), q(s, 0.75), s[0], 1e9 / s[0]);
        }
        double[] r = ratio.clone();
        Arrays.sort(r);
        long faster = Arrays.stream(ratio).filter(x -> x > 1).count();
        System.out.printf(Locale.ROOT, "# B/A packets per CPU second: median %.3f, quartiles %.3f-%.3f, B faster in %d of %d pairs: %s%n",
                q(r, 0.5), q(r, 0.25), q(r, 0.75), faster, pairs,
                q(r, 0.25) > 1 ? "B faster beyond the spread (lower quartile > 1)"
                        : q(r, 0.75) < 1 ? "B slower beyond the spread (upper quartile < 1)"
                        : "within the spread (no difference shown)");
        System.out.printf(Locale.ROOT, "# instructions run: A %d, B %d (same program, same packets)%n", instructions[0], instructions[1]);
    }

    private static double q(double[] sorted, double f) {
        double at = f * (sorted.length - 1);
        int lo = (int) Math.floor(at);
        int hi = (int) Math.ceil(at);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
    }

    /** A build's runner in a loader of its own (parent: the platform loader, so nothing of it is shared). */
    private static IntToLongFunction runner(String classpath, int batch, double seconds) throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String e : classpath.split(File.pathSeparator)) {
            if (!e.isEmpty()) {
                urls.add(new File(e).toURI().toURL());
            }
        }
        ClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
        Object r = loader.loadClass("AbRunner").getConstructor(int.class, double.class).newInstance(batch, seconds);
        return (IntToLongFunction) r;
    }
}
