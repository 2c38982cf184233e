package org.hsdba.pof.codec;

import java.nio.ByteBuffer;
import java.util.Objects;
import org.hsdba.pof.instruction.Instruction;

/**
 * Encodes and decodes the 296-byte data area of one instruction type (the 8-byte header is
 * handled by {@link PofCodec}). Register extension instructions with
 * {@link PofCodec.Builder#instruction(InstructionCodec)}.
 *
 * @param <T> the instruction class
 */
public final class InstructionCodec<T extends Instruction> {
    /** Writes the data area: {@code data} is zero-filled and limited to 296 bytes. */
    @FunctionalInterface
    public interface Encoder<T> {
        void encode(T instruction, ByteBuffer data, PofCodec codec);
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

    private InstructionCodec(int type, Class<T> valueClass, Encoder<T> encoder, Decoder<T> decoder) {
        this.type = type;
        this.valueClass = Objects.requireNonNull(valueClass);
        this.encoder = Objects.requireNonNull(encoder);
        this.decoder = Objects.requireNonNull(decoder);
    }

    public static <T extends Instruction> InstructionCodec<T> of(int type, Class<T> valueClass, Encoder<T> encoder,
                                                                 Decoder<T> decoder) {
        return new InstructionCodec<>(type, valueClass, encoder, decoder);
    }

    public int type() {
        return type;
    }

    public Class<T> valueClass() {
        return valueClass;
    }

    void encode(Instruction instruction, ByteBuffer data, PofCodec codec) {
        encoder.encode(valueClass.cast(instruction), data, codec);
    }

    T decode(int len, WireReader data, PofCodec codec) throws PofDecodeException {
        return decoder.decode(len, data, codec);
    }
}
