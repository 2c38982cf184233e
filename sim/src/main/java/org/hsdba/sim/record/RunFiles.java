package org.hsdba.sim.record;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hsdba.sim.engine.RunResult;

/**
 * Writes a run's files into a directory: {@code <name>-bins.csv}, {@code <name>-bins.json},
 * {@code <name>-summary.json} and {@code <name>-summary.md}.
 */
public final class RunFiles {

    private RunFiles() {
    }

    /** Writes all four files and returns the summary they contain. */
    public static RunSummary write(RunResult r, long settleNs, Path dir, String name, String title)
            throws IOException {
        Files.createDirectories(dir);
        List<BinRow> rows = BinTable.rows(r);
        RunSummary summary = RunSummary.of(r, settleNs);
        try (Writer w = Files.newBufferedWriter(dir.resolve(name + "-bins.csv"), StandardCharsets.UTF_8)) {
            CsvWriter.write(rows, w);
        }
        try (OutputStream o = Files.newOutputStream(dir.resolve(name + "-bins.json"))) {
            JsonWriter.writeBins(r, rows, o);
        }
        try (OutputStream o = Files.newOutputStream(dir.resolve(name + "-summary.json"))) {
            JsonWriter.writeSummary(summary, o);
        }
        try (Writer w = Files.newBufferedWriter(dir.resolve(name + "-summary.md"), StandardCharsets.UTF_8)) {
            MarkdownWriter.write(summary, title, w);
        }
        return summary;
    }
}
