package org.hsdba.pof.codec;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.hsdba.pof.PofVersion;
import org.hsdba.pof.action.Action;
import org.hsdba.pof.action.RawAction;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.RawInstruction;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.RawMessage;

/**
 * Encoder/decoder of whole POF 1.4.0 messages (header + body), immutable and thread-safe.
 * {@link #standard()} knows every message, instruction and action of POFSwitch 1.4.0; types it
 * does not know decode to {@link RawMessage}, {@link RawInstruction} and {@link RawAction}, which
 * re-encode byte-identically. Extensions register typed codecs through {@link #toBuilder()}.
 */
public final class PofCodec {
    private static final PofCodec STANDARD = new Builder()
            .messages(StandardMessages.all())
            .instructions(StandardInstructions.all())
            .actions(StandardActions.all())
            .build();

    private final Map<Integer, MessageCodec<?>> messagesByType;
    private final Map<Class<?>, MessageCodec<?>> messagesByClass;
    private final SlotKind<Instruction> instructions;
    private final SlotKind<Action> actions;

    private PofCodec(Builder b) {
        messagesByType = Map.copyOf(b.messagesByType);
        messagesByClass = Map.copyOf(b.messagesByClass);
        instructions = b.instructions;
        actions = b.actions;
    }

    /** The codec for stock POFSwitch 1.4.0. */
    public static PofCodec standard() {
        return STANDARD;
    }

    /** A builder holding this codec's registrations, to add extension codecs. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.messagesByType.putAll(messagesByType);
        b.messagesByClass.putAll(messagesByClass);
        b.instructions = instructions;
        b.actions = actions;
        return b;
    }

    /** True if messages of this header type decode to a typed class (not {@link RawMessage}). */
    public boolean decodesMessageType(int type) {
        return messagesByType.containsKey(type);
    }

    /** True if instructions of this type decode to a typed class. */
    public boolean decodesInstructionType(int type) {
        return instructions.decodes(type);
    }

    /** True if actions of this type decode to a typed class. */
    public boolean decodesActionType(int type) {
        return actions.decodes(type);
    }

    // ---------------------------------------------------------------- encoding

    /** The encoded size of a message, header included. */
    public int encodedLength(PofMessage message) {
        if (message instanceof RawMessage) {
            return PofVersion.HEADER_LENGTH + ((RawMessage) message).body().length;
        }
        return PofVersion.HEADER_LENGTH + codecFor(message).bodyLength(message);
    }

    /** Encodes a message to a new array (version 4, the message's type and xid, its length). */
    public byte[] encode(PofMessage message) {
        return encode(message, message.xid());
    }

    /**
     * Encodes a message with {@code xid} in its header instead of {@link PofMessage#xid()}: a
     * controller numbers the messages others built when it sends them.
     */
    public byte[] encode(PofMessage message, long xid) {
        byte[] out = new byte[encodedLength(message)];
        write(message, xid, ByteBuffer.wrap(out), out.length);
        return out;
    }

    /** Encodes a message at {@code out}'s position and advances it past the message. */
    public void encode(PofMessage message, ByteBuffer out) {
        encode(message, message.xid(), out);
    }

    /**
     * Encodes a message with {@code xid} in its header (see {@link #encode(PofMessage, long)}) at
     * {@code out}'s position and advances it past the message.
     */
    public void encode(PofMessage message, long xid, ByteBuffer out) {
        int length = encodedLength(message);
        if (out.remaining() < length) {
            throw new IllegalArgumentException(MessageType.name(message.type()) + " needs " + length
                    + " bytes but the buffer has " + out.remaining() + " remaining");
        }
        ByteBuffer target = out.slice();
        target.limit(length);
        for (int i = 0; i < length; i++) {
            target.put(i, (byte) 0);
        }
        write(message, xid, target, length);
        out.position(out.position() + length);
    }

    private void write(PofMessage message, long xid, ByteBuffer out, int length) {
        if (xid < 0 || xid > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("xid " + xid + " is not a u32");
        }
        if (length > PofVersion.MAX_MESSAGE_LENGTH) {
            throw new IllegalArgumentException(MessageType.name(message.type()) + " would be " + length
                    + " bytes; POFSwitch receives at most " + PofVersion.MAX_MESSAGE_LENGTH);
        }
        out.put((byte) PofVersion.VERSION).put((byte) message.type()).putShort((short) length)
                .putInt((int) xid);
        if (message instanceof RawMessage) {
            out.put(((RawMessage) message).body());
            return;
        }
        ByteBuffer body = out.slice();
        body.limit(length - PofVersion.HEADER_LENGTH);
        codecFor(message).encode(message, body, this);
    }

    private MessageCodec<?> codecFor(PofMessage message) {
        MessageCodec<?> codec = messagesByClass.get(message.getClass());
        if (codec == null) {
            throw new IllegalArgumentException("no codec registered for " + message.getClass().getName());
        }
        return codec;
    }

    /**
     * Writes one instruction slot at {@code slot}'s position: type, len, 4 pad bytes and the
     * 296-byte data area; advances by 304. {@code slot} must be zero-filled.
     */
    public void encodeInstruction(Instruction instruction, ByteBuffer slot) {
        instructions.encode(instruction, slot, this);
    }

    /** Writes one 48-byte action slot at {@code slot}'s position and advances by 48. */
    public void encodeAction(Action action, ByteBuffer slot) {
        actions.encode(action, slot, this);
    }

    // ---------------------------------------------------------------- decoding

    /** Decodes exactly one whole message: the array must hold exactly the header's length. */
    public PofMessage decode(byte[] message) throws PofDecodeException {
        return decode(message, 0, message.length);
    }

    /**
     * Decodes exactly one whole message: {@code message.remaining()} must equal the header's
     * length. The buffer's position is not changed.
     */
    public PofMessage decode(ByteBuffer message) throws PofDecodeException {
        if (message.hasArray()) {
            int start = message.arrayOffset() + message.position();
            return decode(message.array(), start, start + message.remaining());
        }
        byte[] copy = new byte[message.remaining()];
        message.duplicate().get(copy);
        return decode(copy, 0, copy.length);
    }

    private PofMessage decode(byte[] bytes, int start, int end) throws PofDecodeException {
        int available = end - start;
        int length = checkHeader(bytes, start, available);
        int type = bytes[start + 1] & 0xFF;
        if (available < length) {
            throw new PofDecodeException(type, available, "truncated message: the header says " + length
                    + " bytes but only " + available + " are present");
        }
        if (available > length) {
            throw new PofDecodeException(type, length, "the header says " + length + " bytes but " + available
                    + " were given (trailing bytes or a length field that lies)");
        }
        WireReader reader = WireReader.ofMessage(bytes, start, end, type);
        reader.skip(4, "header");
        long xid = reader.u32("xid");
        MessageCodec<?> codec = messagesByType.get(type);
        if (codec == null) {
            return new RawMessage(type, xid, reader.rest());
        }
        WireReader body = reader.slice(length - PofVersion.HEADER_LENGTH, MessageType.name(type) + " body");
        try {
            return codec.decode(xid, body, this);
        } catch (IllegalArgumentException | IndexOutOfBoundsException | BufferUnderflowException e) {
            throw invalid(body, e);
        }
    }

    /** A value class or an extension codec refused what it was given: report it as a decode error. */
    static PofDecodeException invalid(WireReader region, RuntimeException cause) {
        PofDecodeException e = region.error("invalid content: " + cause.getMessage());
        e.initCause(cause);
        return e;
    }

    /**
     * Framing: given buffered bytes starting at {@code buffered}'s position, returns the length of
     * the first message if all of it is present, or 0 if more bytes are needed. Validates the
     * header as soon as it is complete (version 4, 8 &lt;= length &lt;= 2560, and the body size
     * this type must have, e.g. 2192 for FLOW_MOD). Does not change the buffer's position.
     */
    public int frameLength(ByteBuffer buffered) throws PofDecodeException {
        if (buffered.remaining() < PofVersion.HEADER_LENGTH) {
            return 0;
        }
        byte[] header = new byte[PofVersion.HEADER_LENGTH];
        buffered.duplicate().get(header);
        int length = checkHeader(header, 0, header.length);
        return buffered.remaining() >= length ? length : 0;
    }

    /** Validates a header at {@code bytes[start]}; returns the length field. */
    private int checkHeader(byte[] bytes, int start, int available) throws PofDecodeException {
        if (available < PofVersion.HEADER_LENGTH) {
            throw new PofDecodeException(-1, available, "truncated header: " + available + " of "
                    + PofVersion.HEADER_LENGTH + " bytes");
        }
        int version = bytes[start] & 0xFF;
        int type = bytes[start + 1] & 0xFF;
        int length = ((bytes[start + 2] & 0xFF) << 8) | (bytes[start + 3] & 0xFF);
        if (version != PofVersion.VERSION) {
            throw new PofDecodeException(type, 0, "version " + version + " is not " + PofVersion.VERSION);
        }
        if (length < PofVersion.HEADER_LENGTH || length > PofVersion.MAX_MESSAGE_LENGTH) {
            throw new PofDecodeException(type, 2, "length " + length + " is outside " + PofVersion.HEADER_LENGTH
                    + ".." + PofVersion.MAX_MESSAGE_LENGTH);
        }
        MessageCodec<?> codec = messagesByType.get(type);
        if (codec != null) {
            int body = length - PofVersion.HEADER_LENGTH;
            if (codec.minBodyLength() == codec.maxBodyLength() && body != codec.minBodyLength()) {
                throw new PofDecodeException(type, 2, "length " + length + " is wrong: " + MessageType.name(type)
                        + " is always " + (codec.minBodyLength() + PofVersion.HEADER_LENGTH) + " bytes");
            }
            if (body < codec.minBodyLength() || body > codec.maxBodyLength()) {
                throw new PofDecodeException(type, 2, "length " + length + " is outside "
                        + (codec.minBodyLength() + PofVersion.HEADER_LENGTH) + ".."
                        + (codec.maxBodyLength() + PofVersion.HEADER_LENGTH) + " for " + MessageType.name(type));
            }
        }
        return length;
    }

    /** Reads one 304-byte instruction slot. */
    public Instruction decodeInstruction(WireReader slot) throws PofDecodeException {
        return instructions.decode(slot, this);
    }

    /** Reads one 48-byte action slot. */
    public Action decodeAction(WireReader slot) throws PofDecodeException {
        return actions.decode(slot, this);
    }

    /** Registrations of message, instruction and action codecs; later ones replace earlier ones. */
    public static final class Builder {
        private final Map<Integer, MessageCodec<?>> messagesByType = new HashMap<>();
        private final Map<Class<?>, MessageCodec<?>> messagesByClass = new HashMap<>();
        private SlotKind<Instruction> instructions = SlotKind.INSTRUCTIONS;
        private SlotKind<Action> actions = SlotKind.ACTIONS;

        private Builder() {
        }

        public Builder message(MessageCodec<?> codec) {
            messagesByType.put(codec.type(), codec);
            messagesByClass.put(codec.valueClass(), codec);
            return this;
        }

        public Builder instruction(SlotCodec<? extends Instruction> codec) {
            instructions = instructions.with(codec);
            return this;
        }

        public Builder action(SlotCodec<? extends Action> codec) {
            actions = actions.with(codec);
            return this;
        }

        Builder messages(Iterable<MessageCodec<?>> codecs) {
            codecs.forEach(this::message);
            return this;
        }

        Builder instructions(Iterable<SlotCodec<? extends Instruction>> codecs) {
            codecs.forEach(this::instruction);
            return this;
        }

        Builder actions(Iterable<SlotCodec<? extends Action>> codecs) {
            codecs.forEach(this::action);
            return this;
        }

        public PofCodec build() {
            return new PofCodec(this);
        }
    }
}
