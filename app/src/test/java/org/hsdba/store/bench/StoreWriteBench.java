package org.hsdba.store.bench;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.store.DistributedHsdbaStore;
import org.onosproject.store.service.TestStorageService;

/**
 * What one join costs in the ONOS store ({@link DistributedHsdbaStore} on ONOS's in-memory
 * StorageService), against trees of N joined users: the write as the store makes it now (a
 * membership delta) and the same write forced to be a full entry (an operator write, which is
 * what every join was before deltas). Same JVM, same tree, alternating, so machine load hits both.
 * Prints median / p99 per size and writes {@code target/bench/store-write.txt}.
 *
 * <pre>java -cp ... org.hsdba.store.bench.StoreWriteBench [sizes, default 100,1000,3000] [writes, default 300]</pre>
 */
public final class StoreWriteBench {

    private static final PortRef PORT = PortRef.of("pof:0000000000000001", 3);

    private StoreWriteBench() {
    }

    public static void main(String[] args) throws IOException {
        int[] sizes = Arrays.stream((args.length > 0 ? args[0] : "100,1000,3000").split(",")).mapToInt(Integer::parseInt)
                .toArray();
        int writes = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        List<String> lines = new ArrayList<>();
        lines.add("# one join's store write (putTree) in DistributedHsdbaStore on ONOS's in-memory StorageService;"
                + " JVM " + System.getProperty("java.version") + ", " + Runtime.getRuntime().availableProcessors()
                + " cores shared with other builds");
        lines.add(String.format(Locale.ROOT, "%8s %8s %22s %22s %8s", "users", "writes", "delta: med / p99 ms",
                "full: med / p99 ms", "load"));
        for (int n : sizes) {
            lines.add(run(n, writes / 3));  // warm-up, not kept
            lines.remove(lines.size() - 1);
            lines.add(run(n, writes));
            System.out.println(lines.get(lines.size() - 1));
        }
        Path out = Path.of("target", "bench", "store-write.txt");
        Files.createDirectories(out.getParent());
        Files.write(out, lines);
        lines.forEach(System.out::println);
    }

    private static String run(int users, int writes) {
        DistributedHsdbaStore store = DistributedHsdbaStore.create(new TestStorageService());
        BandwidthTree t = tree(users);
        store.putTree(t, 0);
        double[] delta = new double[writes];
        double[] full = new double[writes];
        for (int i = 0; i < writes; i++) {
            // a join: one more joined user, same operator version -> written as a delta
            BandwidthTree joined = join(t, users + 2 * i);
            long s = System.nanoTime();
            store.putTree(joined, t.version());
            delta[i] = (System.nanoTime() - s) / 1e6;
            // the same kind of change made by the operator (new operator version) -> a full entry
            BandwidthTree declared = join(joined, users + 2 * i + 1).toBuilder()
                    .operatorVersion(joined.operatorVersion() + 1).build();
            s = System.nanoTime();
            store.putTree(declared, joined.version());
            full[i] = (System.nanoTime() - s) / 1e6;
            t = declared;
        }
        store.close();
        double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return String.format(Locale.ROOT, "%8d %8d %10.3f / %9.3f %10.3f / %9.3f %8.2f", users, writes, pct(delta, 50),
                pct(delta, 99), pct(full, 50), pct(full, 99), load);
    }

    private static double pct(double[] xs, double p) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s[Math.min(s.length - 1, (int) Math.ceil(p / 100 * s.length) - 1)];
    }

    private static BandwidthTree tree(int users) {
        BandwidthTree t = BandwidthTree.builder(PORT).capacity(Rate.parse("10G")).version(1).operatorVersion(1)
                .generation(1).levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 16)),
                        LevelSpec.of("user", FieldSpec.of(240, 32))))
                .addNode(NodeSpec.builder("lab").key(MatchKey.parse("0x0a00", null, 16)).weight(1.0).build()).build();
        for (int i = 0; i < users; i++) {
            t = join(t, i);
        }
        return t;
    }

    private static BandwidthTree join(BandwidthTree t, int i) {
        return t.toBuilder().addNode(NodeSpec.builder("user-" + i).parent("lab")
                .key(MatchKey.exact(32, BigInteger.valueOf(0x0a000000L + (i % 65536)))).weight(1.0).joined(true)
                .build()).version(t.version() + 1).build();
    }
}
