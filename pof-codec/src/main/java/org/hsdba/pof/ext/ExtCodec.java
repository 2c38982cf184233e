package org.hsdba.pof.ext;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.hsdba.pof.PofVersion;
import org.hsdba.pof.codec.MessageCodec;
import org.hsdba.pof.codec.PofCodec;
import org.hsdba.pof.codec.PofDecodeException;
import org.hsdba.pof.codec.SlotCodec;
import org.hsdba.pof.codec.WireReader;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.RawInstruction;
import org.hsdba.pof.message.RawMessage;

/**
 * Encode/decode of the HSDBA extension (docs/pof-hsdba-extension.md). Two ways in:
 * <ul>
 * <li>{@link #extendedCodec()}: the stock {@link PofCodec} with every extension message and
 * instruction registered, so they decode to typed values like stock ones (for the controller);</li>
 * <li>conversions from the stock codec's raw forms ({@link #toTyped(RawInstruction)},
 * {@link #toTyped(RawMessage)}) and whole-message {@link #encode}/{@link #decode}, which report
 * problems as {@link HxDecodeException} with the error code an extended switch answers with.</li>
 * </ul>
 */
public final class ExtCodec {
    private static final PofCodec EXTENDED = register(PofCodec.standard().toBuilder()).build();

    private ExtCodec() {
    }

    /** The stock codec plus every extension message and instruction. */
    public static PofCodec extendedCodec() {
        return EXTENDED;
    }

    /** Adds the extension's message and instruction codecs to {@code builder}. */
    public static PofCodec.Builder register(PofCodec.Builder builder) {
        instruction(builder, HxTypes.CALL_BLOCK, HxCallBlock.class);
        instruction(builder, HxTypes.ALU, HxAlu.class);
        instruction(builder, HxTypes.BRANCH, HxBranch.class);
        instruction(builder, HxTypes.LOOKUP, HxLookup.class);
        instruction(builder, HxTypes.RETURN, HxReturn.class);
        message(builder, HxTypes.FEATURES_REQUEST, HxFeaturesRequest.class, 0, 0);
        message(builder, HxTypes.FEATURES_REPLY, HxFeaturesReply.class, HxFeaturesReply.BODY_LENGTH,
                HxFeaturesReply.BODY_LENGTH);
        message(builder, HxTypes.BLOCK_MOD, HxBlockMod.class, HxBlockMod.HEADER_LENGTH, RawMessage.MAX_BODY);
        message(builder, HxTypes.REGISTER_MOD, HxRegisterMod.class, HxRegisterMod.HEADER_LENGTH, RawMessage.MAX_BODY);
        message(builder, HxTypes.READ_REQUEST, HxReadRequest.class, HxReadRequest.BODY_LENGTH,
                HxReadRequest.BODY_LENGTH);
        message(builder, HxTypes.READ_REPLY, HxReadReply.class, HxReadReply.HEADER_LENGTH, RawMessage.MAX_BODY);
        message(builder, HxTypes.ENTRY_STATUS, HxEntryStatus.class, HxEntryStatus.BODY_LENGTH,
                HxEntryStatus.BODY_LENGTH);
        return builder;
    }

    private static <T extends HxInstruction> void instruction(PofCodec.Builder b, int type, Class<T> cls) {
        b.instruction(SlotCodec.of(type, cls, (ins, data, codec) -> ins.encodeBody(data),
            (len, data, codec) -> cls.cast(wrap(data, () -> decodeInstruction(type, len, data.rest())))));
    }

    private static <T extends HxMessage> void message(PofCodec.Builder b, int type, Class<T> cls, int min, int max) {
        MessageCodec.Encoder<T> enc = (m, body, codec) -> m.encodeBody(body);
        MessageCodec.Decoder<T> dec = (xid, body, codec) -> cls.cast(wrap(body, () -> decodeBody(type, xid, body.rest())));
        b.message(min == max ? MessageCodec.fixed(type, cls, min, enc, dec)
                : MessageCodec.variable(type, cls, min, max, HxMessage::bodyLength, enc, dec));
    }

    private interface HxDecoding<T> {
        T run() throws HxDecodeException;
    }

    private static <T> T wrap(WireReader region, HxDecoding<T> decoding) throws PofDecodeException {
        try {
            return decoding.run();
        } catch (HxDecodeException e) {
            throw region.error(e.getMessage());
        }
    }

    // ---------------------------------------------------------------- instructions

    /** The 304-byte-slot form of an extension instruction (keeps its len). */
    public static RawInstruction toRaw(HxInstruction ins) {
        return new RawInstruction(ins.type(), ins.len(), ins.body());
    }

    /** The compact block form of an extension instruction: len = 8 + body. */
    public static RawInstruction compact(HxInstruction ins) {
        return new RawInstruction(ins.type(), ins.wireLength(), ins.body());
    }

    /**
     * The compact block form of any instruction (stock or extension): its slot encoded by
     * {@link #extendedCodec()}, trailing zero bytes dropped.
     */
    public static RawInstruction compact(Instruction ins) {
        if (ins instanceof HxInstruction) {
            return compact((HxInstruction) ins);
        }
        ByteBuffer slot = ByteBuffer.allocate(Instruction.SLOT_LENGTH);
        EXTENDED.encodeInstruction(ins, slot);
        return compact(ins.type(), Arrays.copyOfRange(slot.array(), Instruction.HEADER_LENGTH, Instruction.SLOT_LENGTH));
    }

    /**
     * The compact block form of any instruction given its 296 data bytes: trailing zero bytes are
     * dropped (the switch reads missing body bytes as zero), the len rounded up to a multiple of 8.
     */
    public static RawInstruction compact(int type, byte[] data) {
        int end = data.length;
        while (end > 0 && data[end - 1] == 0) {
            end--;
        }
        int body = (end + 7) / 8 * 8;
        return new RawInstruction(type, Instruction.HEADER_LENGTH + body, Arrays.copyOf(data, body));
    }

    /** Whether an instruction type is one of the extension's (64..68). */
    public static boolean isHx(int instructionType) {
        return HxTypes.isHxInstruction(instructionType);
    }

    /** The typed extension instruction for a raw one of an extension type (keeps its len). */
    public static HxInstruction toTyped(RawInstruction raw) throws HxDecodeException {
        return decodeInstruction(raw.type(), raw.len(), raw.data());
    }

    /**
     * Decodes an extension instruction: {@code data} is the slot's data area (shorter data reads as
     * zero-padded), {@code len} the header's len field.
     */
    public static HxInstruction decodeInstruction(int type, int len, byte[] data) throws HxDecodeException {
        ByteBuffer in = ByteBuffer.wrap(Arrays.copyOf(data, Math.max(data.length, Instruction.DATA_LENGTH)));
        try {
            switch (type) {
                case HxTypes.CALL_BLOCK: return HxCallBlock.decode(len, in);
                case HxTypes.ALU: return HxAlu.decode(len, in);
                case HxTypes.BRANCH: return HxBranch.decode(len, in);
                case HxTypes.LOOKUP: return HxLookup.decode(len, in);
                case HxTypes.RETURN: return HxReturn.decode(len);
                default:
                    throw new HxDecodeException(HxErrorCode.BAD_INSTRUCTION, "instruction type " + type
                            + " is not an extension instruction (64..68)");
            }
        } catch (IllegalArgumentException e) {
            throw new HxDecodeException(HxErrorCode.BAD_INSTRUCTION, e.getMessage());
        }
    }

    // ---------------------------------------------------------------- messages

    /** A whole message: 8-byte header (version 4, type, length, xid) + body. */
    public static byte[] encode(HxMessage message) {
        int length = PofVersion.HEADER_LENGTH + message.bodyLength();
        if (length > PofVersion.MAX_MESSAGE_LENGTH) {
            throw new IllegalArgumentException(HxTypes.messageName(message.type()) + " would be " + length
                    + " bytes, more than the 2560-byte message limit");
        }
        ByteBuffer out = ByteBuffer.allocate(length);
        out.put((byte) PofVersion.VERSION).put((byte) message.type()).putShort((short) length)
                .putInt((int) message.xid());
        message.encodeBody(out);
        if (out.hasRemaining()) {
            throw new IllegalStateException(HxTypes.messageName(message.type()) + " encoded " + out.position()
                    + " of " + length + " bytes");
        }
        return out.array();
    }

    /** The stock codec's raw form of an extension message. */
    public static RawMessage toRaw(HxMessage message) {
        byte[] all = encode(message);
        return new RawMessage(message.type(), message.xid(), Arrays.copyOfRange(all, PofVersion.HEADER_LENGTH,
                all.length));
    }

    /** The typed form of a raw message of an extension type. */
    public static HxMessage toTyped(RawMessage raw) throws HxDecodeException {
        return decodeBody(raw.type(), raw.xid(), raw.body());
    }

    /** Decodes one whole extension message (exactly {@code message.length} bytes). */
    public static HxMessage decode(byte[] message) throws HxDecodeException {
        if (message.length < PofVersion.HEADER_LENGTH) {
            throw new HxDecodeException(HxErrorCode.BAD_LEN, "message of " + message.length
                    + " bytes is shorter than the 8-byte header");
        }
        ByteBuffer in = ByteBuffer.wrap(message);
        int version = in.get() & 0xFF;
        int type = in.get() & 0xFF;
        int length = in.getShort() & 0xFFFF;
        long xid = in.getInt() & 0xFFFFFFFFL;
        if (version != PofVersion.VERSION) {
            throw new HxDecodeException(HxErrorCode.BAD_LEN, "header version " + version + " at byte 0 is not 4");
        }
        if (length != message.length) {
            throw new HxDecodeException(HxErrorCode.BAD_LEN, "header length " + length + " at byte 2 but the "
                    + "message has " + message.length + " bytes");
        }
        return decodeBody(type, xid, Arrays.copyOfRange(message, PofVersion.HEADER_LENGTH, message.length));
    }

    /** Decodes the body of an extension message of header type {@code type}. */
    public static HxMessage decodeBody(int type, long xid, byte[] body) throws HxDecodeException {
        ByteBuffer in = ByteBuffer.wrap(body);
        String name = HxTypes.messageName(type);
        if (name == null) {
            throw new HxDecodeException(HxErrorCode.UNKNOWN, "message type " + type
                    + " is not an extension message (192..198)");
        }
        try {
            switch (type) {
                case HxTypes.FEATURES_REQUEST:
                    fixed(name, body, 0);
                    return new HxFeaturesRequest(xid);
                case HxTypes.FEATURES_REPLY:
                    fixed(name, body, HxFeaturesReply.BODY_LENGTH);
                    return HxFeaturesReply.decode(xid, in);
                case HxTypes.BLOCK_MOD:
                    return HxBlockMod.decode(xid, in);
                case HxTypes.REGISTER_MOD:
                    return HxRegisterMod.decode(xid, in);
                case HxTypes.READ_REQUEST:
                    fixed(name, body, HxReadRequest.BODY_LENGTH);
                    return HxReadRequest.decode(xid, in);
                case HxTypes.READ_REPLY:
                    return HxReadReply.decode(xid, in);
                default:
                    fixed(name, body, HxEntryStatus.BODY_LENGTH);
                    return HxEntryStatus.decode(xid, in);
            }
        } catch (IllegalArgumentException e) {
            throw new HxDecodeException(HxErrorCode.BAD_LEN, name + ": " + e.getMessage());
        }
    }

    private static void fixed(String name, byte[] body, int expected) throws HxDecodeException {
        if (body.length != expected) {
            throw new HxDecodeException(HxErrorCode.BAD_LEN, name + " body must be " + expected + " bytes, got "
                    + body.length);
        }
    }
}
