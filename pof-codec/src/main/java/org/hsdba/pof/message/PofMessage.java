package org.hsdba.pof.message;

import org.hsdba.pof.Components;
import org.hsdba.pof.FieldChecks;

/**
 * A POF message: the 8-byte header's type and xid plus a typed body. Version and length are not
 * stored: the codec writes 4 and the encoded length. Subclasses are immutable values.
 */
public abstract class PofMessage {
    private final long xid;

    protected PofMessage(long xid) {
        this.xid = FieldChecks.u32(xid, "xid");
    }

    /** The header type ({@link MessageType}). */
    public abstract int type();

    /** Transaction id (u32); replies echo the request's. */
    public final long xid() {
        return xid;
    }

    /** Body values for equals/hashCode/toString (not type or xid). */
    protected abstract Object[] components();

    /** Names of {@link #components()}, in order. */
    protected abstract String[] componentNames();

    @Override
    public final boolean equals(Object o) {
        return o instanceof PofMessage && xid == ((PofMessage) o).xid && type() == ((PofMessage) o).type()
                && sameBody((PofMessage) o);
    }

    /**
     * Whether {@code other}, a message of the same type and xid, has the same body. By
     * {@link #components()}; a class compared on a hot path (the compiler compares flow entries
     * per program update) overrides it with a comparison that boxes nothing.
     */
    protected boolean sameBody(PofMessage other) {
        return Components.equal(this, components(), other, other.components());
    }

    @Override
    public final int hashCode() {
        return Components.hash(this, components()) * 31 + Long.hashCode(xid);
    }

    @Override
    public String toString() {
        Object[] values = components();
        String[] names = componentNames();
        Object[] pairs = new Object[values.length * 2 + 2];
        pairs[0] = "xid";
        pairs[1] = xid;
        for (int i = 0; i < values.length; i++) {
            pairs[2 * i + 2] = names[i];
            pairs[2 * i + 3] = values[i];
        }
        return Components.describe(getClass().getSimpleName(), pairs);
    }
}
