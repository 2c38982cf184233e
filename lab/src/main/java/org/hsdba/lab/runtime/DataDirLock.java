package org.hsdba.lab.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An exclusive OS lock on {@code <data dir>/lab.lock}: the file store allows one writer per
 * directory, so a second lab on the same directory stops with a clear message instead of
 * overwriting the first one's configuration. The OS drops the lock when the process dies.
 */
final class DataDirLock implements AutoCloseable {

    static final String FILE = "lab.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DataDirLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static DataDirLock acquire(Path dir) {
        try {
            Files.createDirectories(dir);
            FileChannel ch = FileChannel.open(dir.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = ch.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                ch.close();
                throw new IllegalStateException("data directory " + dir + " is in use by another running lab"
                        + " (stop it, or choose another directory with --data-dir)");
            }
            return new DataDirLock(ch, lock);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock data directory " + dir + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // the lock goes with the channel anyway
        }
    }
}
