package org.hsdba.pof.codec;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.hsdba.pof.SlotValue;
import org.hsdba.pof.action.Action;
import org.hsdba.pof.action.RawAction;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.RawInstruction;

/**
 * One kind of slot value (actions or instructions): the slot layout
 * {@code u16 type | u16 len | pad | data}, the raw form that keeps types without a codec
 * byte-identical, and the codecs registered by type and by class. Immutable: {@link #with}
 * returns a copy, so a {@link PofCodec} and its builder can share one.
 *
 * @param <T> the value class
 */
final class SlotKind<T extends SlotValue> {
    /** Makes the raw value for a type without a codec. */
    @FunctionalInterface
    interface RawFactory<T> {
        T create(int type, int len, byte[] data);
    }

    static final SlotKind<Action> ACTIONS = of("action", Action.HEADER_LENGTH, Action.SLOT_LENGTH,
            RawAction.class, RawAction::data, RawAction::new);
    static final SlotKind<Instruction> INSTRUCTIONS = of("instruction", Instruction.HEADER_LENGTH,
            Instruction.SLOT_LENGTH, RawInstruction.class, RawInstruction::data, RawInstruction::new);

    /** The two u16 header fields every slot starts with; the rest of the header is padding. */
    private static final int TYPE_AND_LEN = 4;

    private final String name;
    private final int headerLength;
    private final int slotLength;
    /** The data bytes of a raw value, null for a typed one. */
    private final Function<T, byte[]> rawData;
    private final RawFactory<T> rawFactory;
    private final Map<Integer, SlotCodec<? extends T>> byType;
    private final Map<Class<?>, SlotCodec<? extends T>> byClass;

    private SlotKind(String name, int headerLength, int slotLength, Function<T, byte[]> rawData,
                     RawFactory<T> rawFactory, Map<Integer, SlotCodec<? extends T>> byType,
                     Map<Class<?>, SlotCodec<? extends T>> byClass) {
        this.name = name;
        this.headerLength = headerLength;
        this.slotLength = slotLength;
        this.rawData = rawData;
        this.rawFactory = rawFactory;
        this.byType = Map.copyOf(byType);
        this.byClass = Map.copyOf(byClass);
    }

    private static <T extends SlotValue, R extends T> SlotKind<T> of(String name, int headerLength, int slotLength,
                                                                     Class<R> rawClass, Function<R, byte[]> data,
                                                                     RawFactory<T> rawFactory) {
        return new SlotKind<>(name, headerLength, slotLength,
                v -> rawClass.isInstance(v) ? data.apply(rawClass.cast(v)) : null, rawFactory, Map.of(), Map.of());
    }

    /** A copy with {@code codec} registered, replacing any codec for its type or class. */
    SlotKind<T> with(SlotCodec<? extends T> codec) {
        Map<Integer, SlotCodec<? extends T>> types = new HashMap<>(byType);
        Map<Class<?>, SlotCodec<? extends T>> classes = new HashMap<>(byClass);
        types.put(codec.type(), codec);
        classes.put(codec.valueClass(), codec);
        return new SlotKind<>(name, headerLength, slotLength, rawData, rawFactory, types, classes);
    }

    /** True if values of this type decode to a typed class. */
    boolean decodes(int type) {
        return byType.containsKey(type);
    }

    /** Writes one slot at {@code slot}'s position and advances past it; {@code slot} must be zero-filled. */
    void encode(T value, ByteBuffer slot, PofCodec codec) {
        int start = slot.position();
        slot.putShort((short) value.type()).putShort((short) value.len());
        slot.position(start + headerLength);
        ByteBuffer data = slot.slice();
        data.limit(slotLength - headerLength);
        byte[] raw = rawData.apply(value);
        if (raw != null) {
            data.put(raw);
        } else {
            SlotCodec<? extends T> typed = byClass.get(value.getClass());
            if (typed == null) {
                throw new IllegalArgumentException("no codec registered for " + value.getClass().getName());
            }
            typed.encode(value, data, codec);
        }
        slot.position(start + slotLength);
    }

    /** Reads one slot; a type without a codec becomes the raw value. */
    T decode(WireReader slot, PofCodec codec) throws PofDecodeException {
        int type = slot.u16(name + " type");
        int len = slot.u16(name + " len");
        if (headerLength > TYPE_AND_LEN) {
            slot.skip(headerLength - TYPE_AND_LEN, name + " pad");
        }
        WireReader data = slot.slice(slotLength - headerLength, slot.context() + " data");
        SlotCodec<? extends T> typed = byType.get(type);
        if (typed == null) {
            return rawFactory.create(type, len, data.rest());
        }
        try {
            return typed.decode(len, data, codec);
        } catch (IllegalArgumentException | IndexOutOfBoundsException | BufferUnderflowException e) {
            throw PofCodec.invalid(data, e);
        }
    }
}
