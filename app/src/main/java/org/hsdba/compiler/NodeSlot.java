package org.hsdba.compiler;

import java.util.Objects;

/**
 * Where one node lives in the switch: its level (1 = children of the port; the level table it is
 * an entry of), its entry index in that table, its handle (the tag its children's entries match
 * on, and its counter id in controller-assisted mode) and its register slot ({@link #NONE} at the
 * deepest level, which never has children). Stable across edits.
 */
public final class NodeSlot {

    public static final int NONE = -1;

    private final int level;
    private final long entryIndex;
    private final int handle;
    private final int registerSlot;

    public NodeSlot(int level, long entryIndex, int handle, int registerSlot) {
        this.level = level;
        this.entryIndex = entryIndex;
        this.handle = handle;
        this.registerSlot = registerSlot;
    }

    public int level() {
        return level;
    }

    public long entryIndex() {
        return entryIndex;
    }

    public int handle() {
        return handle;
    }

    public int registerSlot() {
        return registerSlot;
    }

    public boolean hasRegisters() {
        return registerSlot != NONE;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof NodeSlot)) {
            return false;
        }
        NodeSlot s = (NodeSlot) o;
        return s.level == level && s.entryIndex == entryIndex && s.handle == handle && s.registerSlot == registerSlot;
    }

    @Override
    public int hashCode() {
        return Objects.hash(level, entryIndex, handle, registerSlot);
    }

    @Override
    public String toString() {
        return "level " + level + " entry " + entryIndex + " handle " + handle
                + (hasRegisters() ? " registers " + registerSlot : "");
    }
}
