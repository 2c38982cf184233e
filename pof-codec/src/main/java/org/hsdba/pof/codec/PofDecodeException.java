package org.hsdba.pof.codec;

/**
 * Bytes that are not a valid POF 1.4.0 message. The message says what was wrong and where: the
 * message type, the byte offset from the start of the message, and the offending value and limit.
 */
public final class PofDecodeException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int messageType;
    private final int offset;

    /**
     * @param messageType the header type of the message being decoded, or -1 if not known yet
     * @param offset      byte offset from the start of the message where the problem is
     * @param detail      what is wrong
     */
    public PofDecodeException(int messageType, int offset, String detail) {
        super(detail + " (message type " + (messageType < 0 ? "?" : describe(messageType))
                + ", byte offset " + offset + ")");
        this.messageType = messageType;
        this.offset = offset;
    }

    private static String describe(int type) {
        return org.hsdba.pof.message.MessageType.name(type) + "(" + type + ")";
    }

    /** The header type of the message, or -1 if the header itself was unreadable. */
    public int messageType() {
        return messageType;
    }

    /** Byte offset from the start of the message where decoding failed. */
    public int offset() {
        return offset;
    }
}
