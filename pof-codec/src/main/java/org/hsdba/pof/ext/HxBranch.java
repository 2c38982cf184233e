package org.hsdba.pof.ext;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * HX_BRANCH (type 66, body 40, section 4.3): if {@code a cond b} (unsigned 64-bit) jump
 * {@code count} instructions forward or backward relative to this one, else continue.
 */
public final class HxBranch extends HxInstruction {
    public static final int BODY_LENGTH = 40;

    private final HxBranchCond cond;
    private final boolean backward;
    private final long count;
    private final HxOperand a;
    private final HxOperand b;

    public HxBranch(HxBranchCond cond, boolean backward, long count, HxOperand a, HxOperand b) {
        this(HEADER_LENGTH + BODY_LENGTH, cond, backward, count, a, b);
    }

    private HxBranch(int len, HxBranchCond cond, boolean backward, long count, HxOperand a, HxOperand b) {
        super(len);
        this.cond = Objects.requireNonNull(cond, "cond");
        if (count < 0 || count > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("HX_BRANCH count must be in 0..2^32-1, got " + count);
        }
        this.backward = backward;
        this.count = count;
        this.a = Objects.requireNonNull(a, "a");
        this.b = Objects.requireNonNull(b, "b");
    }

    /** Forward jump by {@code count} when {@code a cond b}. */
    public static HxBranch forward(HxBranchCond cond, long count, HxOperand a, HxOperand b) {
        return new HxBranch(cond, false, count, a, b);
    }

    /** Backward jump by {@code count} when {@code a cond b}. */
    public static HxBranch backward(HxBranchCond cond, long count, HxOperand a, HxOperand b) {
        return new HxBranch(cond, true, count, a, b);
    }

    @Override
    public int type() {
        return HxTypes.BRANCH;
    }

    @Override
    public int bodyLength() {
        return BODY_LENGTH;
    }

    public HxBranchCond cond() {
        return cond;
    }

    public boolean backward() {
        return backward;
    }

    public long count() {
        return count;
    }

    public HxOperand a() {
        return a;
    }

    public HxOperand b() {
        return b;
    }

    @Override
    void encodeBody(ByteBuffer out) {
        out.put((byte) cond.code()).put((byte) (backward ? 1 : 0)).putShort((short) 0).putInt((int) count);
        a.encode(out);
        b.encode(out);
    }

    static HxBranch decode(int len, ByteBuffer in) throws HxDecodeException {
        int condCode = in.get() & 0xFF;
        int direction = in.get() & 0xFF;
        in.getShort();
        long count = in.getInt() & 0xFFFFFFFFL;
        HxBranchCond cond = HxBranchCond.ofCode(condCode);
        if (cond == null) {
            throw new HxDecodeException(HxErrorCode.BAD_INSTRUCTION, "HX_BRANCH: unknown cond " + condCode + " (0..5)");
        }
        if (direction > 1) {
            throw new HxDecodeException(HxErrorCode.BAD_INSTRUCTION,
                    "HX_BRANCH: direction " + direction + " (0 forward, 1 backward)");
        }
        HxOperand a = HxOperand.decode(in, "HX_BRANCH a");
        HxOperand b = HxOperand.decode(in, "HX_BRANCH b");
        return new HxBranch(len, cond, direction == 1, count, a, b);
    }

    @Override
    protected Object[] components() {
        return new Object[] {cond, backward, count, a, b};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"cond", "backward", "count", "a", "b"};
    }

    @Override
    public String toString() {
        return "HX_BRANCH{if " + a + " " + cond + " " + b + " jump " + (backward ? "-" : "+") + count + "}";
    }
}
