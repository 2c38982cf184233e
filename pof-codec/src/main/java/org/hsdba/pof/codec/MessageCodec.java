package org.hsdba.pof.codec;

import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.function.ToIntFunction;
import org.hsdba.pof.message.PofMessage;

/**
 * Encodes and decodes the body of one message type (everything after the 8-byte header), and
 * knows the valid body sizes so framing can reject a wrong length before decoding. Register
 * extension messages with {@link PofCodec.Builder#message(MessageCodec)}.
 *
 * @param <T> the message class
 */
public final class MessageCodec<T extends PofMessage> {
    /** Writes a body into a zero-filled buffer of exactly the body length. */
    @FunctionalInterface
    public interface Encoder<T> {
        void encode(T message, ByteBuffer body, PofCodec codec);
    }

    /** Reads a body whose length is already checked against the codec's range. */
    @FunctionalInterface
    public interface Decoder<T> {
        T decode(long xid, WireReader body, PofCodec codec) throws PofDecodeException;
    }

    private final int type;
    private final Class<T> valueClass;
    private final int minBodyLength;
    private final int maxBodyLength;
    private final ToIntFunction<T> bodyLength;
    private final Encoder<T> encoder;
    private final Decoder<T> decoder;

    private MessageCodec(int type, Class<T> valueClass, int minBodyLength, int maxBodyLength,
                         ToIntFunction<T> bodyLength, Encoder<T> encoder, Decoder<T> decoder) {
        if (minBodyLength < 0 || maxBodyLength < minBodyLength) {
            throw new IllegalArgumentException("bad body length range " + minBodyLength + ".." + maxBodyLength);
        }
        this.type = type;
        this.valueClass = Objects.requireNonNull(valueClass);
        this.minBodyLength = minBodyLength;
        this.maxBodyLength = maxBodyLength;
        this.bodyLength = Objects.requireNonNull(bodyLength);
        this.encoder = Objects.requireNonNull(encoder);
        this.decoder = Objects.requireNonNull(decoder);
    }

    /** A codec for a fixed-size body. */
    public static <T extends PofMessage> MessageCodec<T> fixed(int type, Class<T> valueClass, int bodyLength,
                                                               Encoder<T> encoder, Decoder<T> decoder) {
        return new MessageCodec<>(type, valueClass, bodyLength, bodyLength, m -> bodyLength, encoder, decoder);
    }

    /** A codec for a variable-size body. */
    public static <T extends PofMessage> MessageCodec<T> variable(int type, Class<T> valueClass, int minBodyLength,
                                                                  int maxBodyLength, ToIntFunction<T> bodyLength,
                                                                  Encoder<T> encoder, Decoder<T> decoder) {
        return new MessageCodec<>(type, valueClass, minBodyLength, maxBodyLength, bodyLength, encoder, decoder);
    }

    public int type() {
        return type;
    }

    public Class<T> valueClass() {
        return valueClass;
    }

    public int minBodyLength() {
        return minBodyLength;
    }

    public int maxBodyLength() {
        return maxBodyLength;
    }

    int bodyLength(PofMessage message) {
        return bodyLength.applyAsInt(valueClass.cast(message));
    }

    void encode(PofMessage message, ByteBuffer body, PofCodec codec) {
        encoder.encode(valueClass.cast(message), body, codec);
    }

    T decode(long xid, WireReader body, PofCodec codec) throws PofDecodeException {
        return decoder.decode(xid, body, codec);
    }
}
