package org.hsdba.compiler;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where one tree of a switch with several trees lives: its entry in the dispatch table, its level
 * tables (MM ids, level 1 first), its blocks (in-switch: the port block, then one per level;
 * empty in controller-assisted mode), its register chunks (word bases of
 * {@value #REGISTER_CHUNK_SLOTS} register slots each) and its counter chunks (first counter id of
 * {@value #COUNTER_CHUNK_IDS} ids each). Numbers stay the tree's own while it exists, so editing
 * one tree never moves another. Immutable.
 */
public final class TreePlacement {

    /** Register slots per register chunk (8 words each). */
    public static final int REGISTER_CHUNK_SLOTS = 64;
    /** Counter ids per counter chunk. */
    public static final int COUNTER_CHUNK_IDS = 64;

    private final long port;
    private final long dispatchIndex;
    private final List<Integer> levelTables;
    private final List<Integer> blocks;
    private final List<Long> registerChunks;
    private final List<Long> counterChunks;

    TreePlacement(long port, long dispatchIndex, List<Integer> levelTables, List<Integer> blocks,
                  List<Long> registerChunks, List<Long> counterChunks) {
        this.port = port;
        this.dispatchIndex = dispatchIndex;
        this.levelTables = List.copyOf(levelTables);
        this.blocks = List.copyOf(blocks);
        this.registerChunks = List.copyOf(registerChunks);
        this.counterChunks = List.copyOf(counterChunks);
    }

    /**
     * The placement of a tree compiled alone in controller-assisted mode: level k in
     * MM#{firstTable + k - 1}, counter id = handle (chunks from id 0 up, enough for
     * {@code handleLimit} handles).
     */
    public static TreePlacement alone(long port, int firstTable, int levels, long handleLimit) {
        List<Integer> tables = new ArrayList<>();
        for (int k = 0; k < levels; k++) {
            tables.add(firstTable + k);
        }
        List<Long> counters = new ArrayList<>();
        for (long id = 0; id < handleLimit; id += COUNTER_CHUNK_IDS) {
            counters.add(id);
        }
        return new TreePlacement(port, 0, tables, List.of(), List.of(), counters);
    }

    public long port() {
        return port;
    }

    /** Index of the tree's entry in the dispatch table. */
    public long dispatchIndex() {
        return dispatchIndex;
    }

    /** Per-type MM ids of the level tables, level 1 first. */
    public List<Integer> levelTables() {
        return levelTables;
    }

    /** Block ids: the port block, then level 1, 2, ... (empty in controller-assisted mode). */
    public List<Integer> blocks() {
        return blocks;
    }

    /** Word bases of the register chunks, in slot order. */
    public List<Long> registerChunks() {
        return registerChunks;
    }

    /** First counter ids of the counter chunks, in handle order. */
    public List<Long> counterChunks() {
        return counterChunks;
    }

    /** The counter id of a node handle (controller-assisted mode). */
    public long counterId(int handle) {
        int chunk = handle / COUNTER_CHUNK_IDS;
        if (handle < 0 || chunk >= counterChunks.size()) {
            throw new IllegalStateException("handle " + handle + " is outside the " + counterChunks.size()
                    + " counter chunks of port " + port);
        }
        return counterChunks.get(chunk) + handle % COUNTER_CHUNK_IDS;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TreePlacement)) {
            return false;
        }
        TreePlacement p = (TreePlacement) o;
        return p.port == port && p.dispatchIndex == dispatchIndex && p.levelTables.equals(levelTables)
                && p.blocks.equals(blocks) && p.registerChunks.equals(registerChunks)
                && p.counterChunks.equals(counterChunks);
    }

    @Override
    public int hashCode() {
        return Objects.hash(port, dispatchIndex, levelTables, blocks, registerChunks, counterChunks);
    }

    @Override
    public String toString() {
        return "port " + port + ": dispatch[" + dispatchIndex + "], MM" + levelTables
                + (blocks.isEmpty() ? "" : ", blocks " + blocks)
                + (registerChunks.isEmpty() ? "" : ", register chunks at " + registerChunks)
                + (counterChunks.isEmpty() ? "" : ", counters from " + counterChunks);
    }
}
