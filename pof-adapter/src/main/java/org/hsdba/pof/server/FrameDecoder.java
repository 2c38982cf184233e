package org.hsdba.pof.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;
import org.hsdba.pof.codec.PofCodec;
import org.hsdba.pof.codec.PofDecodeException;

/**
 * Splits a switch's byte stream into messages by the header's length and decodes them. Bad input
 * (wrong version, a length outside 8..2560 or wrong for the type, a type a switch never sends, a
 * body that does not decode) yields one {@link ProtocolViolation} and every later byte is
 * discarded: the session closes the connection, and nothing after the fault is trusted.
 * The header is judged as soon as its 8 bytes are in, so a lying length cannot stall the check.
 */
final class FrameDecoder extends ByteToMessageDecoder {
    private static final int HEADER = 8;

    private final PofCodec codec;
    private long offset;
    private boolean failed;

    FrameDecoder(PofCodec codec) {
        this.codec = codec;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        while (in.readableBytes() >= HEADER) {
            int start = in.readerIndex();
            int type = in.getUnsignedByte(start + 1);
            int length;
            try {
                length = codec.frameLength(in.nioBuffer(start, in.readableBytes()));
            } catch (PofDecodeException e) {
                fail(in, out, "bad header at stream offset " + offset + ": " + e.getMessage());
                return;
            }
            if (!SwitchMessageTypes.fromSwitch(type)) {
                fail(in, out, (codec.decodesMessageType(type) ? "message " + SwitchMessageTypes.name(type)
                        + " (" + type + ") is not one a switch sends" : "unknown message type " + type)
                        + " at stream offset " + offset);
                return;
            }
            if (length == 0) {
                return;
            }
            byte[] message = new byte[length];
            in.readBytes(message);
            try {
                out.add(codec.decode(message));
            } catch (PofDecodeException e) {
                fail(in, out, "undecodable message at stream offset " + offset + ": " + e.getMessage());
                return;
            }
            offset += length;
        }
    }

    private void fail(ByteBuf in, List<Object> out, String reason) {
        failed = true;
        in.skipBytes(in.readableBytes());
        out.add(new ProtocolViolation(reason));
    }
}
