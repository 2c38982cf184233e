package org.hsdba.pof.codec;

import java.nio.ByteBuffer;
import java.util.Objects;
import org.hsdba.pof.action.Action;

/**
 * Encodes and decodes the 44-byte data area of one action type (the 4-byte header is
 * handled by {@link PofCodec}). Register extension actions with
 * {@link PofCodec.Builder#action(ActionCodec)}.
 *
 * @param <T> the action class
 */
public final class ActionCodec<T extends Action> {
    /** Writes the data area: {@code data} is zero-filled and limited to 44 bytes. */
    @FunctionalInterface
    public interface Encoder<T> {
        void encode(T action, ByteBuffer data, PofCodec codec);
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

    private ActionCodec(int type, Class<T> valueClass, Encoder<T> encoder, Decoder<T> decoder) {
        this.type = type;
        this.valueClass = Objects.requireNonNull(valueClass);
        this.encoder = Objects.requireNonNull(encoder);
        this.decoder = Objects.requireNonNull(decoder);
    }

    public static <T extends Action> ActionCodec<T> of(int type, Class<T> valueClass, Encoder<T> encoder,
                                                                 Decoder<T> decoder) {
        return new ActionCodec<>(type, valueClass, encoder, decoder);
    }

    public int type() {
        return type;
    }

    public Class<T> valueClass() {
        return valueClass;
    }

    void encode(Action action, ByteBuffer data, PofCodec codec) {
        encoder.encode(valueClass.cast(action), data, codec);
    }

    T decode(int len, WireReader data, PofCodec codec) throws PofDecodeException {
        return decoder.decode(len, data, codec);
    }
}
