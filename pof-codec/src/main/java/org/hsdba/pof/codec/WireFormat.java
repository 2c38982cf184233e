package org.hsdba.pof.codec;

import java.nio.ByteBuffer;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.match.Operand;
import org.hsdba.pof.message.CString;

/**
 * Readers and writers for the structures shared by many bodies: {@code pof_match},
 * {@code pof_match_x}, the imm/field operand union, flag bytes and fixed strings. Writers assume
 * the target buffer is zero-filled, so padding is skipped, not written. Public for extension
 * codecs.
 */
public final class WireFormat {
    private WireFormat() {
    }

    /** Skips {@code n} already-zero bytes. */
    public static void pad(ByteBuffer out, int n) {
        out.position(out.position() + n);
    }

    public static void u8(ByteBuffer out, int v) {
        out.put((byte) v);
    }

    public static void u16(ByteBuffer out, int v) {
        out.putShort((short) v);
    }

    public static void u32(ByteBuffer out, long v) {
        out.putInt((int) v);
    }

    /** {@code pof_match}: 8 bytes. */
    public static Match readMatch(WireReader in, String what) throws PofDecodeException {
        int fieldId = in.u16(what + ".field_id");
        int offset = in.u16(what + ".offset");
        int len = in.u16(what + ".len");
        in.skip(2, what + ".pad");
        return Match.of(fieldId, offset, len);
    }

    public static void writeMatch(ByteBuffer out, Match m) {
        out.putShort((short) m.fieldId()).putShort((short) m.offsetBits()).putShort((short) m.lengthBits());
        pad(out, 2);
    }

    /** {@code pof_match_x}: 40 bytes. */
    public static MatchX readMatchX(WireReader in, String what) throws PofDecodeException {
        Match field = readMatch(in, what);
        byte[] value = in.bytes(MatchX.VALUE_BYTES, what + ".value");
        byte[] mask = in.bytes(MatchX.VALUE_BYTES, what + ".mask");
        return MatchX.of(field, value, mask);
    }

    public static void writeMatchX(ByteBuffer out, MatchX m) {
        writeMatch(out, m.field());
        out.put(m.value()).put(m.mask());
    }

    /** A type byte of an imm/field union: 0 or 1. */
    public static int readOperandType(WireReader in, String what) throws PofDecodeException {
        int type = in.u8(what);
        if (type != Operand.IMMEDIATE && type != Operand.FIELD) {
            throw new PofDecodeException(in.messageType(), in.offset() - 1, in.context() + ": " + what + " = "
                    + type + " is not a value type (0 immediate, 1 field)");
        }
        return type;
    }

    /** A direction byte: 0 forward, 1 backward. Returns true for backward. */
    public static boolean readDirection(WireReader in, String what) throws PofDecodeException {
        int dir = in.u8(what);
        if (dir > 1) {
            throw new PofDecodeException(in.messageType(), in.offset() - 1, in.context() + ": " + what + " = "
                    + dir + " is not a direction (0 forward, 1 backward)");
        }
        return dir == 1;
    }

    /** The 8-byte imm/field union whose type byte was {@code type}. */
    public static Operand readOperand(int type, WireReader in, String what) throws PofDecodeException {
        if (type == Operand.FIELD) {
            return Operand.field(readMatch(in, what));
        }
        long value = in.u32(what + ".value");
        in.skip(4, what + ".pad");
        return Operand.immediate(value);
    }

    public static void writeOperand(ByteBuffer out, Operand o) {
        if (o.isField()) {
            writeMatch(out, o.field());
        } else {
            out.putInt((int) o.value());
            pad(out, 4);
        }
    }

    public static CString readString(WireReader in, int size, String what) throws PofDecodeException {
        return CString.ofBytes(in.bytes(size, what));
    }
}
