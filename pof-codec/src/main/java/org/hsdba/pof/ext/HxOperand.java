package org.hsdba.pof.ext;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A 16-byte HX operand (section 4.0): {@code u8 domain | u8 index_param | u16 offset | u16 len |
 * pad[2] | u64 imm}. META/PKT address bit fields (offset and len in bits, MSB-first, values
 * right-aligned); PARAM, STATE, REG and ENTRY address 64-bit words; REG may add a PARAM word to its
 * offset (so one block reaches each node's own registers).
 */
public final class HxOperand {
    /** Size on the wire. */
    public static final int LENGTH = 16;
    /** index_param value meaning "no index". */
    public static final int NO_INDEX = 0xFF;

    private static final HxOperand ZERO = new HxOperand(HxDomain.IMM, NO_INDEX, 0, 0, 0);

    private final HxDomain domain;
    private final int indexParam;
    private final int offset;
    private final int len;
    private final long imm;

    private HxOperand(HxDomain domain, int indexParam, int offset, int len, long imm) {
        this.domain = Objects.requireNonNull(domain, "domain");
        this.indexParam = indexParam;
        this.offset = offset;
        this.len = len;
        this.imm = imm;
        validate();
    }

    private void validate() {
        if (offset < 0 || offset > 0xFFFF) {
            throw new IllegalArgumentException(domain + " operand offset must be in 0..65535, got " + offset);
        }
        if (domain.isBitField()) {
            if (len < 1 || len > 64) {
                throw new IllegalArgumentException(domain + " operand len must be 1..64 bits, got " + len);
            }
        } else if (len != 0) {
            throw new IllegalArgumentException(domain + " operand len must be 0 (a 64-bit word), got " + len);
        }
        if (indexParam != NO_INDEX && (domain != HxDomain.REG || indexParam < 0 || indexParam > 0xFE)) {
            throw new IllegalArgumentException("index_param " + indexParam + " is only allowed on REG operands"
                    + " (0..254; 255 = none), operand domain " + domain);
        }
        if (imm != 0 && domain != HxDomain.IMM) {
            throw new IllegalArgumentException(domain + " operand must have imm 0, got " + imm);
        }
    }

    /** An immediate value (u64 bits). */
    public static HxOperand imm(long value) {
        return value == 0 ? ZERO : new HxOperand(HxDomain.IMM, NO_INDEX, 0, 0, value);
    }

    /** Metadata bits [offsetBits, offsetBits + lenBits), lenBits 1..64. */
    public static HxOperand meta(int offsetBits, int lenBits) {
        return new HxOperand(HxDomain.META, NO_INDEX, offsetBits, lenBits, 0);
    }

    /** Packet bits [offsetBits, offsetBits + lenBits) relative to the current packet offset. */
    public static HxOperand pkt(int offsetBits, int lenBits) {
        return new HxOperand(HxDomain.PKT, NO_INDEX, offsetBits, lenBits, 0);
    }

    /** Word {@code word} of the current entry's params. */
    public static HxOperand param(int word) {
        return new HxOperand(HxDomain.PARAM, NO_INDEX, word, 0, 0);
    }

    /** State word {@code word} of the current entry. */
    public static HxOperand state(int word) {
        return new HxOperand(HxDomain.STATE, NO_INDEX, word, 0, 0);
    }

    /** Register word {@code word}. */
    public static HxOperand reg(int word) {
        return new HxOperand(HxDomain.REG, NO_INDEX, word, 0, 0);
    }

    /** Register word {@code word + PARAM[paramWord]}. */
    public static HxOperand reg(int word, int paramWord) {
        return new HxOperand(HxDomain.REG, paramWord, word, 0, 0);
    }

    /** The packet's arrival time in ns. */
    public static HxOperand time() {
        return new HxOperand(HxDomain.TIME, NO_INDEX, 0, 0, 0);
    }

    /** A fresh uniform 32-bit random number per read. */
    public static HxOperand rand() {
        return new HxOperand(HxDomain.RAND, NO_INDEX, 0, 0, 0);
    }

    /** Entry intrinsic word (0 REACTIVATED, 1 previous hit ns, 2 index, 3 global table id, 4 AGE_NS). */
    public static HxOperand entry(int word) {
        return new HxOperand(HxDomain.ENTRY, NO_INDEX, word, 0, 0);
    }

    /** Word constants of the ENTRY domain. */
    public static final int ENTRY_REACTIVATED = 0;
    public static final int ENTRY_LAST_HIT_NS = 1;
    public static final int ENTRY_INDEX = 2;
    public static final int ENTRY_TABLE_ID = 3;
    /**
     * The entry's aging gap in ns (section 8.1), the only writable ENTRY word: an active entry that
     * sees no packet for this long leaves its parent's sums (its hook runs) without going idle.
     */
    public static final int ENTRY_AGE_NS = 4;
    /** ENTRY[REACTIVATED] after an idle (or new, or modified) entry's packet. */
    public static final int REACTIVATED_FROM_IDLE = 1;
    /** ENTRY[REACTIVATED] after an aged entry's packet (section 8.1): its estimate is still current. */
    public static final int REACTIVATED_FROM_AGED = 2;

    /** Whether an HX_ALU may write this operand: a writable domain, or ENTRY word {@link #ENTRY_AGE_NS}. */
    public boolean writable() {
        return domain.writable() || (domain == HxDomain.ENTRY && offset == ENTRY_AGE_NS);
    }

    public HxDomain domain() {
        return domain;
    }

    /** The PARAM word added to a REG offset, or {@link #NO_INDEX}. */
    public int indexParam() {
        return indexParam;
    }

    public boolean hasIndex() {
        return indexParam != NO_INDEX;
    }

    /** Bit offset (META/PKT) or word number (others). */
    public int offset() {
        return offset;
    }

    /** Field length in bits for META/PKT, else 0. */
    public int len() {
        return len;
    }

    /** The immediate value (IMM), else 0. */
    public long imm() {
        return imm;
    }

    /** Writes the 16 wire bytes. */
    public void encode(ByteBuffer out) {
        out.put((byte) domain.code()).put((byte) indexParam).putShort((short) offset).putShort((short) len)
                .putShort((short) 0).putLong(imm);
    }

    /** Reads 16 wire bytes; {@code what} names the operand in errors. */
    public static HxOperand decode(ByteBuffer in, String what) throws HxDecodeException {
        int domainCode = in.get() & 0xFF;
        int index = in.get() & 0xFF;
        int offset = in.getShort() & 0xFFFF;
        int len = in.getShort() & 0xFFFF;
        in.getShort();
        long imm = in.getLong();
        HxDomain domain = HxDomain.ofCode(domainCode);
        if (domain == null) {
            throw new HxDecodeException(HxErrorCode.BAD_OPERAND, what + ": unknown domain " + domainCode + " (0..8)");
        }
        try {
            return new HxOperand(domain, index, offset, len, imm);
        } catch (IllegalArgumentException e) {
            throw new HxDecodeException(HxErrorCode.BAD_OPERAND, what + ": " + e.getMessage());
        }
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof HxOperand)) {
            return false;
        }
        HxOperand x = (HxOperand) o;
        return domain == x.domain && indexParam == x.indexParam && offset == x.offset && len == x.len && imm == x.imm;
    }

    @Override
    public int hashCode() {
        return Objects.hash(domain, indexParam, offset, len, imm);
    }

    @Override
    public String toString() {
        switch (domain) {
            case IMM: return Long.toUnsignedString(imm);
            case META: case PKT: return domain + "[" + offset + "+" + len + "]";
            case REG: return "REG[" + offset + (hasIndex() ? "+PARAM" + indexParam : "") + "]";
            case TIME: case RAND: return domain.name();
            default: return domain + "[" + offset + "]";
        }
    }
}
