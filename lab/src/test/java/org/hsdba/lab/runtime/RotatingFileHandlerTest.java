package org.hsdba.lab.runtime;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** lab.log never takes more than (keep + 1) x the cap, and the newest lines are in lab.log. */
public class RotatingFileHandlerTest {

    @Rule
    public final TemporaryFolder dir = new TemporaryFolder();

    @Test
    public void theLogIsCappedAndTheNewestLineIsInTheFile() throws Exception {
        Path file = dir.getRoot().toPath().resolve("lab.log");
        long cap = 64 * 1024;
        RotatingFileHandler h = new RotatingFileHandler(file, cap, 3);
        h.setFormatter(new LabLogging.OneLine());
        Random random = new Random();
        long written = 0;
        String last = null;
        for (int i = 0; i < 20_000; i++) {
            // lines of random length, as 50,000 bad connections would write them
            last = "connection " + i + " closed: " + "x".repeat(random.nextInt(200));
            h.publish(new LogRecord(Level.INFO, last));
            written += last.length();
        }
        h.close();
        long total = 0;
        try (var files = Files.list(dir.getRoot().toPath())) {
            for (Path p : (Iterable<Path>) files::iterator) {
                assertTrue(p + " is " + Files.size(p) + " bytes", Files.size(p) <= cap);
                total += Files.size(p);
            }
        }
        assertTrue(written > 10 * cap);
        assertTrue("total " + total, total <= 4 * cap);
        assertTrue(Files.exists(file.resolveSibling("lab.log.3")));
        assertFalse(Files.exists(file.resolveSibling("lab.log.4")));
        String content = Files.readString(file);
        assertTrue(content.trim().endsWith(last));
        // a new handler appends to what is there
        RotatingFileHandler again = new RotatingFileHandler(file, cap, 3);
        again.setFormatter(new LabLogging.OneLine());
        again.publish(new LogRecord(Level.WARNING, "after a restart"));
        again.close();
        assertTrue(Files.readString(file).startsWith(content));
    }
}
