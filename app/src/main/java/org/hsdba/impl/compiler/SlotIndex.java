package org.hsdba.impl.compiler;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import org.hsdba.compiler.NodeSlot;
import org.hsdba.compiler.SlotMap;

/** Reverse lookups of a slot map: which node holds (level, entry index), which holds a handle. */
final class SlotIndex {

    private final Map<Long, String> byEntry = new HashMap<>();
    private final Map<Integer, String> byHandle = new HashMap<>();

    SlotIndex(SlotMap slots) {
        for (Map.Entry<String, NodeSlot> e : slots.all().entrySet()) {
            byEntry.put(key(e.getValue().level(), e.getValue().entryIndex()), e.getKey());
            byHandle.put(e.getValue().handle(), e.getKey());
        }
    }

    private static long key(int level, long entryIndex) {
        return ((long) level << 40) | entryIndex;
    }

    Optional<String> atEntry(int level, long entryIndex) {
        return Optional.ofNullable(byEntry.get(key(level, entryIndex)));
    }

    Optional<String> withHandle(long handle) {
        return handle > Integer.MAX_VALUE ? Optional.empty() : Optional.ofNullable(byHandle.get((int) handle));
    }
}
