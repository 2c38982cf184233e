package org.hsdba.store;

import java.nio.file.Path;

/**
 * Child process of {@link FileHsdbaStoreCrashTest}: writes versions 1, 2, 3, ... of a tree into a
 * file store as fast as it can and prints {@code ack N} after each write returned (is durable).
 */
public final class StoreWriterMain {

    private StoreWriterMain() {
    }

    public static void main(String[] args) {
        FileHsdbaStore store = FileHsdbaStore.open(Path.of(args[0]));
        for (long v = 1; ; v++) {
            store.putTree(StoreTrees.tree(StoreTrees.PORT, (int) (v % 50) + 1, v), v - 1);
            System.out.println("ack " + v);
            System.out.flush();
        }
    }
}
