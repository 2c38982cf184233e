package org.hsdba.pof.codec;

import java.nio.ByteBuffer;
import java.util.Objects;
import org.hsdba.pof.SlotValue;

/**
 * Encodes and decodes the data area of one action or instruction type: 44 bytes after an
 * action's 4-byte header, 296 after an instruction's 8-byte header (the header is handled by
 * {@link PofCodec}). Register extensions with {@link PofCodec.Builder#action} or
 * {@link PofCodec.Builder#instruction}.
 *
 * @param <T> the action or instruction class
 */
public final class SlotCodec<T extends SlotValue> {
    /** Writes the data area: {@code data} is zero-filled and limited to the data area's size. */
    @FunctionalInterface
    public interface Encoder<T> {
        void encode(T value, ByteBuffer data, PofCodec codec);
    }

    /** Reads the data area; {@code len} is the header's len field. */
    @FunctionalInterface
    public interface Decoder<T> {
        T decode(int len, WireReader data, PofCodec codec) throws PofDecodeException;
    }

    private final int type;
    private final Class<T> valueClass;
    private final Encoder<T> encoder;
    private final Decoder<T> decoder;

    private SlotCodec(int type, Class<T> valueClass, Encoder<T> encoder, Decoder<T> decoder) {
        this.type = type;
        this.valueClass = Objects.requireNonNull(valueClass);
        this.encoder = Objects.requireNonNull(encoder);
        this.decoder = Objects.requireNonNull(decoder);
    }

    public static <T extends SlotValue> SlotCodec<T> of(int type, Class<T> valueClass, Encoder<T> encoder,
                                                        Decoder<T> decoder) {
        return new SlotCodec<>(type, valueClass, encoder, decoder);
    }

    public int type() {
        return type;
    }

    public Class<T> valueClass() {
        return valueClass;
    }

    void encode(SlotValue value, ByteBuffer data, PofCodec codec) {
        encoder.encode(valueClass.cast(value), data, codec);
    }

    T decode(int len, WireReader data, PofCodec codec) throws PofDecodeException {
        return decoder.decode(len, data, codec);
    }
}
