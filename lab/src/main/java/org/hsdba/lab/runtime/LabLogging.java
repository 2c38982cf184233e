package org.hsdba.lab.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Where the lab's components log (they use SLF4J, bound to java.util.logging): everything from
 * INFO up, one line per record, appended to a file in the data directory; warnings and errors
 * also on stderr, so the console keeps the lab's own lines readable. The file is size-capped
 * ({@link RotatingFileHandler}).
 */
public final class LabLogging {

    public static final String FILE = "lab.log";
    /** lab.log moves to lab.log.1 (and on up to .3) when it passes this: at most 40 MiB of logs. */
    public static final long MAX_BYTES = 10L << 20;
    public static final int KEEP = 3;
    /** Held so the levels stick: java.util.logging keeps loggers only weakly. */
    private static final Logger[] QUIETER = {Logger.getLogger("org.eclipse.jetty"), Logger.getLogger("org.glassfish")};

    /** The file's handler, for failures the console shows in one line and the file in full. */
    private static volatile Handler fileOnly;

    private LabLogging() {
    }

    /**
     * Writes a failure with its stack trace to the log file only (the console gets the one-line
     * message from the caller, whose "details in lab.log" must then be true).
     */
    public static void recordFailure(String what, Throwable e) {
        Handler h = fileOnly;
        if (h != null) {
            LogRecord r = new LogRecord(Level.SEVERE, what + ": " + e.getMessage());
            r.setLoggerName("org.hsdba.lab");
            r.setThrown(e);
            h.publish(r);
            h.flush();
        }
    }

    /** Replaces the JVM's logging configuration; returns the log file. */
    public static Path configure(Path dataDir) {
        Path file = dataDir.resolve(FILE);
        try {
            Files.createDirectories(dataDir);
            LogManager.getLogManager().reset();
            Logger root = Logger.getLogger("");
            root.setLevel(Level.INFO);
            Handler fileHandler = new RotatingFileHandler(file, MAX_BYTES, KEEP);
            fileHandler.setFormatter(new OneLine());
            fileHandler.setLevel(Level.INFO);
            root.addHandler(fileHandler);
            fileOnly = fileHandler;
            Handler console = new ConsoleHandler();
            console.setFormatter(new OneLine());
            console.setLevel(Level.WARNING);
            root.addHandler(console);
            // Jetty and Jersey are chatty at INFO about their own start-up.
            for (Logger l : QUIETER) {
                l.setLevel(Level.WARNING);
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open log file " + file + ": " + e.getMessage(), e);
        }
    }

    /** {@code 12:00:01.234 WARNING org.hsdba.impl.HsdbaManager: message} and the stack trace, if any. */
    static final class OneLine extends Formatter {
        @Override
        public String format(LogRecord r) {
            StringBuilder b = new StringBuilder(new SimpleDateFormat("HH:mm:ss.SSS").format(new Date(r.getMillis())))
                    .append(' ').append(r.getLevel()).append(' ').append(r.getLoggerName()).append(": ")
                    .append(formatMessage(r)).append(System.lineSeparator());
            if (r.getThrown() != null) {
                java.io.StringWriter w = new java.io.StringWriter();
                r.getThrown().printStackTrace(new java.io.PrintWriter(w));
                b.append(w);
            }
            return b.toString();
        }
    }
}
