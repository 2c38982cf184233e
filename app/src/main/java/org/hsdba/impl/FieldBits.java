package org.hsdba.impl;

import org.hsdba.model.FieldSpec;

/** Reads a POF field (MSB-first bit offset and length) out of a frame. */
final class FieldBits {

    private FieldBits() {
    }

    /**
     * The field's bits, left-aligned in {@code ceil(length / 8)} bytes with the unused low bits
     * zero; null if the frame is too short to hold the field.
     */
    static byte[] extract(byte[] frame, FieldSpec field) {
        if ((long) frame.length * 8 < field.endBits()) {
            return null;
        }
        byte[] out = new byte[field.lengthBytes()];
        for (int i = 0; i < field.lengthBits(); i++) {
            int bit = field.offsetBits() + i;
            if ((frame[bit >>> 3] & (0x80 >>> (bit & 7))) != 0) {
                out[i >>> 3] |= (byte) (0x80 >>> (i & 7));
            }
        }
        return out;
    }
}
