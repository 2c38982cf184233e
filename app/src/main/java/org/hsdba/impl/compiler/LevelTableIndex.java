package org.hsdba.impl.compiler;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import org.hsdba.model.PortRef;

/** Which tree (by port) and level each level table of a device program is, by global table id. */
final class LevelTableIndex {

    /** A tree's level table. */
    static final class Level {
        final PortRef port;
        final int level;

        Level(PortRef port, int level) {
            this.port = port;
            this.level = level;
        }
    }

    private final Map<Integer, Level> byGlobalId = new HashMap<>();

    void put(int globalTableId, PortRef port, int level) {
        byGlobalId.put(globalTableId, new Level(port, level));
    }

    Optional<Level> at(int globalTableId) {
        return Optional.ofNullable(byGlobalId.get(globalTableId));
    }
}
