package org.hsdba.pof.codec;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import org.hsdba.pof.action.DropAction;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.table.TableType;

/**
 * Codec throughput benchmark (a main program, not a test). The adapter must program 20,000
 * FLOW_MODs/s over one session; this measures building + encoding, encoding into a reused
 * buffer, and decoding, on one thread. Prints the figures and writes them to
 * {@code target/bench/codec.txt}.
 *
 * <p>Run: {@code mvn -q -pl pof-codec test-compile && java -cp pof-codec/target/classes:pof-codec/target/test-classes
 * org.hsdba.pof.codec.CodecBenchmark [seconds-per-case]}
 */
public final class CodecBenchmark {
    private static final PofCodec CODEC = PofCodec.standard();

    private CodecBenchmark() {
    }

    /** One measured operation; returns something to keep the JIT from discarding the work. */
    private interface Case {
        long run(int i) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 2.0;
        FlowMod sixInstructions = SessionMessages.flow(5, 1, FlowModCommand.ADD);
        byte[] encoded = CODEC.encode(sixInstructions);
        ByteBuffer reused = ByteBuffer.allocate(encoded.length);

        StringBuilder report = new StringBuilder();
        report.append(String.format(Locale.ROOT, "POF codec benchmark: java %s, %d s per case, one thread%n",
                System.getProperty("java.version"), (long) seconds));
        report.append(measure("build+encode FLOW_MOD (1 match, drop)", seconds, i -> CODEC.encode(FlowMod.builder()
                .xid(i).command(FlowModCommand.MODIFY).table(TableType.MM, 0).index(i & 1023).priority(10)
                .counterId(1 + (i & 511)).match(MatchX.exact(SessionMessages.ETHER_TYPE, 0x0800))
                .instruction(ApplyActions.of(DropAction.of(i & 7))).build()).length));
        report.append(measure("encode FLOW_MOD (6 instructions) to new byte[]", seconds,
                i -> CODEC.encode(sixInstructions)[100]));
        report.append(measure("encode FLOW_MOD (6 instructions) into reused buffer", seconds, i -> {
            reused.clear();
            CODEC.encode(sixInstructions, reused);
            return reused.position();
        }));
        report.append(measure("decode FLOW_MOD (6 instructions)", seconds,
                i -> CODEC.decode(encoded).xid()));
        System.out.print(report);
        Path out = Paths.get("pof-codec", "target", "bench");
        if (!Files.isDirectory(Paths.get("pof-codec"))) {
            out = Paths.get("target", "bench");
        }
        Files.createDirectories(out);
        Files.write(out.resolve("codec.txt"), report.toString().getBytes(StandardCharsets.UTF_8));
        System.out.println("written to " + out.resolve("codec.txt").toAbsolutePath());
    }

    private static String measure(String name, double seconds, Case c) throws Exception {
        long sink = 0;
        long warmupEnd = System.nanoTime() + (long) (seconds * 0.5e9);
        int i = 0;
        while (System.nanoTime() < warmupEnd) {
            sink += c.run(i++);
        }
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        long ops = 0;
        long now;
        do {
            for (int k = 0; k < 1000; k++) {
                sink += c.run(i++);
            }
            ops += 1000;
            now = System.nanoTime();
        } while (now < end);
        double perSecond = ops / ((now - start) / 1e9);
        return String.format(Locale.ROOT, "%-55s %,12.0f ops/s  %8.3f us/op  (sink %d)%n", name, perSecond,
                1e6 / perSecond, sink & 1);
    }

}
