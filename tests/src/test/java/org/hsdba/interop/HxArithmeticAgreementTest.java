package org.hsdba.interop;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;

import org.hsdba.pof.ext.HxAluOp;
import org.hsdba.pof.ext.HxArithmetic;
import org.hsdba.pof.ext.HxBranchCond;
import org.junit.Assume;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * One specification, two implementations, for the extension's arithmetic: every HX_ALU op
 * (and an unknown one), every HX_BRANCH condition and the SplitMix64 stream, on random and edge
 * operands, computed by the reference switch's Java ({@code HxArithmetic}, the datapath's RAND
 * stream) and by the C of {@code pofswitch-hx/src/hx_arith.c} (compiled here with gcc and fed
 * the same vectors through {@code hx_vectors}): identical bits, 0 differences. The vectors are
 * written to {@code target/pofswitch/hx-vectors.txt} with the expected answers alongside.
 * Skipped without gcc.
 */
public class HxArithmeticAgreementTest {

    private static final long[] EDGES = {0, 1, 2, 3, 6, 63, 64, 65, (1L << 26) - 1, 1L << 26, (1L << 26) + 1,
        0xFFFF_FFFFL, 1L << 32, (1L << 32) + 1, 0x1_7154_7653L, 1_000_000_000L, Long.MAX_VALUE, Long.MIN_VALUE, -2, -1};

    private static Path driver;

    @BeforeClass
    public static void compileTheDriver() throws IOException {
        Assume.assumeTrue("C/reference agreement skipped: no gcc on PATH", Shell.tryRun("gcc", "--version").exit == 0);
        Path root = PofSwitchBuild.repoRoot();
        Path out = root.resolve("target/pofswitch");
        Files.createDirectories(out);
        driver = out.resolve("hx-vectors");
        Shell.run("gcc", "-O2", "-std=gnu11", "-Wall", "-Wextra", "-Werror", "-o", driver.toString(),
                root.resolve("pofswitch-hx/src/hx_arith.c").toString(), root.resolve("pofswitch-hx/src/hx_vectors.c").toString());
    }

    /** An operand: an edge value, a random value of random width, or an edge value nudged by a little. */
    private static long operand(Random rnd) {
        switch (rnd.nextInt(3)) {
            case 0: return EDGES[rnd.nextInt(EDGES.length)];
            case 1: return rnd.nextLong() >>> rnd.nextInt(64);
            default: return EDGES[rnd.nextInt(EDGES.length)] + rnd.nextInt(7) - 3;
        }
    }

    @Test
    public void theCImplementationAgreesWithTheReferenceBitForBit() throws Exception {
        long seed = System.nanoTime();
        Random rnd = new Random(seed);
        List<String> vectors = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 40_000; i++) {
            int code = rnd.nextInt(HxAluOp.values().length + 1); // one past the last: unknown
            long a = operand(rnd);
            long b = operand(rnd);
            long c = operand(rnd);
            if (code == HxAluOp.EXPNEG.code() && rnd.nextBoolean()) {
                b = 1 + (rnd.nextLong() >>> (1 + rnd.nextInt(40))); // K in ns, a = T around it
                a = rnd.nextBoolean() ? rnd.nextLong() >>> rnd.nextInt(64) : (long) (b * rnd.nextDouble() * 40);
            }
            vectors.add(String.format("alu %d %x %x %x", code, a, b, c));
            HxAluOp op = HxAluOp.ofCode(code);
            expected.add(op == null ? "bad" : Long.toHexString(HxArithmetic.apply(op, a, b, c)));
        }
        for (int i = 0; i < 5_000; i++) {
            int code = rnd.nextInt(HxBranchCond.values().length + 1);
            long a = operand(rnd);
            long b = rnd.nextInt(4) == 0 ? a : operand(rnd);
            vectors.add(String.format("cond %d %x %x", code, a, b));
            HxBranchCond cond = HxBranchCond.ofCode(code);
            expected.add(cond == null ? "bad" : HxArithmetic.test(cond, a, b) ? "1" : "0");
        }
        for (int i = 0; i < 50; i++) {
            long s = i == 0 ? 0 : rnd.nextLong();
            vectors.add(String.format("rand %x %d", s, 64));
            expected.add(referenceRandom(s, 64));
        }

        Path root = PofSwitchBuild.repoRoot();
        Path in = root.resolve("target/pofswitch/hx-vectors.txt");
        StringBuilder file = new StringBuilder();
        for (int i = 0; i < vectors.size(); i++) {
            file.append(vectors.get(i)).append('\n');
        }
        Files.writeString(in, file, StandardCharsets.UTF_8);
        Files.writeString(root.resolve("target/pofswitch/hx-vectors.expected.txt"), String.join("\n", expected) + "\n",
                StandardCharsets.UTF_8);
        String[] got = Shell.run("sh", "-c", "'" + driver + "' < '" + in + "'").split("\n");

        assertEquals("answers from the C driver", vectors.size(), got.length);
        int differences = 0;
        StringBuilder first = new StringBuilder();
        for (int i = 0; i < vectors.size(); i++) {
            if (!got[i].equals(expected.get(i))) {
                if (differences++ < 10) {
                    first.append(String.format("%n  %s: reference %s, C %s", vectors.get(i), expected.get(i), got[i]));
                }
            }
        }
        System.out.printf("HX arithmetic, seed %d: %d vectors, %d differences between the reference switch and the C implementation%n",
                seed, vectors.size(), differences);
        assertEquals("differences (seed " + seed + ")" + first, 0, differences);
    }

    /**
     * The reference switch's own RAND stream (its datapath state, package-private there: the
     * extension's state is not an API), {@code n} 64-bit outputs from {@code seed}.
     */
    private static String referenceRandom(long seed, int n) throws ReflectiveOperationException {
        Class<?> state = Class.forName("org.hsdba.pofswitch.datapath.HxState");
        Constructor<?> make = state.getDeclaredConstructor(int.class, long.class);
        make.setAccessible(true);
        Object s = make.newInstance(1, seed);
        Method next = state.getDeclaredMethod("nextRandom");
        next.setAccessible(true);
        StringJoiner out = new StringJoiner(" ");
        for (int i = 0; i < n; i++) {
            out.add(Long.toHexString((long) next.invoke(s)));
        }
        return out.toString();
    }
}
