package org.hsdba.pof.ext;

import java.nio.ByteBuffer;
import org.hsdba.pof.instruction.Instruction;

/**
 * An extension instruction (section 4), a stock {@link Instruction} so it can sit in a FLOW_MOD's
 * instruction list: with {@link ExtCodec#extendedCodec()} it encodes into a 304-byte slot; new
 * instructions use {@code len = 8 + bodyLength()}, decoded ones keep the len they had. In
 * HX_BLOCK_MOD they use the compact form ({@link ExtCodec#compact(HxInstruction)}). Immutable.
 */
public abstract class HxInstruction extends Instruction {
    HxInstruction(int len) {
        super(len);
    }

    /** Body size in bytes (without the 8-byte instruction header). */
    public abstract int bodyLength();

    abstract void encodeBody(ByteBuffer out);

    /** The body bytes, {@link #bodyLength()} long. */
    public final byte[] body() {
        ByteBuffer out = ByteBuffer.allocate(bodyLength());
        encodeBody(out);
        return out.array();
    }

    /** The minimal header {@code len}: 8 + body (what new instructions carry). */
    public final int wireLength() {
        return HEADER_LENGTH + bodyLength();
    }
}
