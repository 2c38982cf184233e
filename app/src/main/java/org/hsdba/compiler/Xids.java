package org.hsdba.compiler;

/** The xids of one compilation's messages, counting up from the first (mod 2^32). */
public final class Xids {
    private long next;

    public Xids(long first) {
        this.next = first;
    }

    public long next() {
        long x = next;
        next = (next + 1) & 0xFFFF_FFFFL;
        return x;
    }

    /** The xid the next message would get. */
    public long peek() {
        return next;
    }
}
