package org.hsdba.pofswitch.datapath;

import java.util.Arrays;

/**
 * One packet in flight, laid out as POFSwitch's {@code pofdp_packet}: a 2048-byte buffer whose
 * packet starts after 128 bytes of headroom, the current layer offset (bytes, may go negative into
 * the headroom) and the bytes left after it, and the 128-byte metadata with the packet length at
 * bits 0-15 and the ingress port at bits 16-23.
 */
final class Packet {
    static final int PREBUF = 128;
    static final int RAW_MAX = 2048;
    static final int METADATA_BYTES = 128;
    static final int METADATA_BITS = METADATA_BYTES * 8;

    final byte[] buf = new byte[PREBUF + RAW_MAX];
    final byte[] metadata = new byte[METADATA_BYTES];
    int offset;
    int leftLen;
    int inPort;
    int ingressLength;
    boolean hasPacket;
    /** Bytes of {@link #buf} in [dirtyFrom, dirtyTo) may be non-zero; everything else is zero. */
    private int dirtyFrom;
    private int dirtyTo;

    /** Loads a received frame (length already checked) and initialises the metadata. */
    void load(byte[] frame, int length, int port) {
        Arrays.fill(buf, (byte) 0);
        Arrays.fill(metadata, (byte) 0);
        System.arraycopy(frame, 0, buf, PREBUF, length);
        offset = 0;
        leftLen = length;
        inPort = port;
        ingressLength = length;
        hasPacket = true;
        setLengthField(length);
        metadata[2] = (byte) port;
        markAllDirty();
    }

    /**
     * {@link #load} for the fast path, with the same result: instead of clearing the whole buffer
     * it clears only what the last packet may have left outside the new frame.
     */
    void loadFast(byte[] frame, int length, int port) {
        int end = PREBUF + length;
        if (dirtyFrom < PREBUF) {
            Arrays.fill(buf, dirtyFrom, PREBUF, (byte) 0);
        }
        System.arraycopy(frame, 0, buf, PREBUF, length);
        if (dirtyTo > end) {
            Arrays.fill(buf, end, dirtyTo, (byte) 0);
        }
        Arrays.fill(metadata, (byte) 0);
        offset = 0;
        leftLen = length;
        inPort = port;
        ingressLength = length;
        hasPacket = true;
        setLengthField(length);
        metadata[2] = (byte) port;
        markAllDirty(); // until the run says what it touched
    }

    /** After the interpreter ran on this buffer: anything may be non-zero. */
    void markAllDirty() {
        dirtyFrom = 0;
        dirtyTo = buf.length;
    }

    /**
     * After a packet ran entirely on the fast path, which writes only inside the frame (its
     * operations keep offset + leftLen at the frame's length) and, if the layer offset went
     * negative, in the headroom.
     */
    void markFastDirty(boolean headroom) {
        dirtyFrom = headroom ? 0 : PREBUF;
        dirtyTo = PREBUF + ingressLength;
    }

    /** A packet-less context for deactivation hooks: no packet, zero metadata. */
    void loadEmpty() {
        Arrays.fill(metadata, (byte) 0);
        offset = 0;
        leftLen = 0;
        inPort = 0;
        ingressLength = 0;
        hasPacket = false;
    }

    /** Index in {@link #buf} of the current layer. */
    int base() {
        return PREBUF + offset;
    }

    /** The metadata's packet length field (bits 0-15), what entry counters add. */
    int lengthField() {
        return ((metadata[0] & 0xFF) << 8) | (metadata[1] & 0xFF);
    }

    void setLengthField(int len) {
        metadata[0] = (byte) (len >>> 8);
        metadata[1] = (byte) len;
    }

    /** The frame from its start up to the end (what PACKET_IN carries). */
    byte[] wholeFrame() {
        return Arrays.copyOfRange(buf, PREBUF, PREBUF + offset + leftLen);
    }
}
