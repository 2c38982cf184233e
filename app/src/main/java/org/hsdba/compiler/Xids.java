package org.hsdba.compiler;

/** The xids of one compilation's messages, counting up from the first (mod 2^32). */
final class Xids {
    private long next;

    Xids(long first) {
        this.next = first;
    }

    long next() {
        long x = next;
        next = (next + 1) & 0xFFFF_FFFFL;
        return x;
    }

    /** The xid the next message would get. */
    long peek() {
        return next;
    }
}
