package org.hsdba.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replaces a file so that after a crash (even kill -9 or power loss) it holds either the old or
 * the new content, never a mix: write a temporary file in the same directory, fsync it, rename
 * it over the target atomically, fsync the directory so the rename itself is durable.
 */
final class AtomicFiles {

    private AtomicFiles() {
    }

    /** Suffix of the copy {@link #writeKeepingPrevious} keeps. */
    static final String PREVIOUS_SUFFIX = ".prev";

    /**
     * {@link #write}, keeping what {@code target} held before as {@code target.prev} (a hard link,
     * so it costs no copy): a file corrupted outside the store (an editor, a full disk, a bad
     * hand edit) can be recovered from the version before the last write.
     */
    static void writeKeepingPrevious(Path target, byte[] content) {
        if (Files.exists(target)) {
            Path dir = target.toAbsolutePath().getParent();
            Path prev = previous(target);
            Path link = dir.resolve(prev.getFileName() + ".tmp");
            try {
                Files.deleteIfExists(link);
                try {
                    Files.createLink(link, target);
                } catch (UnsupportedOperationException | IOException e) {
                    Files.copy(target, link, StandardCopyOption.REPLACE_EXISTING); // no hard links here
                }
                Files.move(link, prev, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot keep the previous " + target + " as " + prev + ": "
                        + e.getMessage(), e);
            }
        }
        write(target, content); // its directory fsync makes the .prev rename durable too
    }

    /** Where {@link #writeKeepingPrevious} keeps the previous content of {@code target}. */
    static Path previous(Path target) {
        return target.resolveSibling(target.getFileName() + PREVIOUS_SUFFIX);
    }

    static void write(Path target, byte[] content) {
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = dir.resolve(target.getFileName() + ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buf = ByteBuffer.wrap(content);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("the file system of " + dir + " cannot rename atomically", e);
            }
            syncDirectory(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    /** fsync of a directory: supported on Linux and macOS; where the OS refuses, the rename is as durable as it gets. */
    private static void syncDirectory(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows")) {
                throw e;
            }
        }
    }
}
