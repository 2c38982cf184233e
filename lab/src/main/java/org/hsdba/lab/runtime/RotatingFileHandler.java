package org.hsdba.lab.runtime;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.logging.Handler;
import java.util.logging.LogRecord;

/**
 * Appends records to one file ({@code lab.log}, the name the docs and hints give) and, when it
 * passes {@code maxBytes}, moves it to {@code lab.log.1} (older ones to {@code .2} ... up to
 * {@code keep}, the oldest dropped): the log never takes more than {@code (keep + 1) * maxBytes}
 * however many bad connections it records. java.util.logging's FileHandler would number every
 * file, {@code lab.log} included.
 */
final class RotatingFileHandler extends Handler {

    private final Path file;
    private final long maxBytes;
    private final int keep;
    private OutputStream out;
    private long size;

    RotatingFileHandler(Path file, long maxBytes, int keep) {
        this.file = file;
        this.maxBytes = maxBytes;
        this.keep = keep;
        open();
    }

    @Override
    public synchronized void publish(LogRecord record) {
        if (!isLoggable(record) || out == null) {
            return;
        }
        byte[] line = getFormatter().format(record).getBytes(StandardCharsets.UTF_8);
        try {
            if (size > 0 && size + line.length > maxBytes) {
                rotate();
            }
            out.write(line);
            out.flush();
            size += line.length;
        } catch (IOException e) {
            reportError("cannot write " + file + ": " + e.getMessage(), e, 0);
        }
    }

    @Override
    public synchronized void flush() {
        try {
            if (out != null) {
                out.flush();
            }
        } catch (IOException e) {
            reportError(e.getMessage(), e, 0);
        }
    }

    @Override
    public synchronized void close() {
        try {
            if (out != null) {
                out.close();
            }
        } catch (IOException e) {
            reportError(e.getMessage(), e, 0);
        }
        out = null;
    }

    private void rotate() throws IOException {
        out.close();
        Files.deleteIfExists(numbered(keep));
        for (int i = keep - 1; i >= 1; i--) {
            if (Files.exists(numbered(i))) {
                Files.move(numbered(i), numbered(i + 1), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        if (keep >= 1) {
            Files.move(file, numbered(1), StandardCopyOption.REPLACE_EXISTING);
        } else {
            Files.deleteIfExists(file);
        }
        open();
    }

    private Path numbered(int i) {
        return file.resolveSibling(file.getFileName() + "." + i);
    }

    private void open() {
        try {
            out = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            size = Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open log file " + file + ": " + e.getMessage(), e);
        }
    }
}
