package org.hsdba.pof.ext;

import java.nio.ByteBuffer;
import java.util.Objects;

/** HX_ALU (type 65, body 72, section 4.2): {@code dst := op(a, b, c)} on unsigned 64-bit values. */
public final class HxAlu extends HxInstruction {
    public static final int BODY_LENGTH = 72;

    private final HxAluOp op;
    private final HxOperand dst;
    private final HxOperand a;
    private final HxOperand b;
    private final HxOperand c;

    public HxAlu(HxAluOp op, HxOperand dst, HxOperand a, HxOperand b, HxOperand c) {
        this(HEADER_LENGTH + BODY_LENGTH, op, dst, a, b, c);
    }

    private HxAlu(int len, HxAluOp op, HxOperand dst, HxOperand a, HxOperand b, HxOperand c) {
        super(len);
        this.op = Objects.requireNonNull(op, "op");
        this.dst = Objects.requireNonNull(dst, "dst");
        this.a = Objects.requireNonNull(a, "a");
        this.b = Objects.requireNonNull(b, "b");
        this.c = Objects.requireNonNull(c, "c");
        if (!dst.writable()) {
            throw new IllegalArgumentException("HX_ALU " + op + " destination " + dst + " is read-only"
                    + " (writable: META, PKT, STATE, REG and ENTRY word " + HxOperand.ENTRY_AGE_NS + ")");
        }
    }

    /** {@code dst := op(a, b)} with c = 0. */
    public static HxAlu of(HxAluOp op, HxOperand dst, HxOperand a, HxOperand b) {
        return new HxAlu(op, dst, a, b, HxOperand.imm(0));
    }

    /** {@code dst := a}. */
    public static HxAlu mov(HxOperand dst, HxOperand a) {
        return new HxAlu(HxAluOp.MOV, dst, a, HxOperand.imm(0), HxOperand.imm(0));
    }

    @Override
    public int type() {
        return HxTypes.ALU;
    }

    @Override
    public int bodyLength() {
        return BODY_LENGTH;
    }

    public HxAluOp op() {
        return op;
    }

    public HxOperand dst() {
        return dst;
    }

    public HxOperand a() {
        return a;
    }

    public HxOperand b() {
        return b;
    }

    public HxOperand c() {
        return c;
    }

    @Override
    void encodeBody(ByteBuffer out) {
        out.put((byte) op.code()).put(new byte[7]);
        dst.encode(out);
        a.encode(out);
        b.encode(out);
        c.encode(out);
    }

    static HxAlu decode(int len, ByteBuffer in) throws HxDecodeException {
        int code = in.get() & 0xFF;
        in.position(in.position() + 7);
        HxAluOp op = HxAluOp.ofCode(code);
        if (op == null) {
            throw new HxDecodeException(HxErrorCode.BAD_INSTRUCTION, "HX_ALU: unknown op " + code + " (0..15)");
        }
        HxOperand dst = HxOperand.decode(in, "HX_ALU dst");
        HxOperand a = HxOperand.decode(in, "HX_ALU a");
        HxOperand b = HxOperand.decode(in, "HX_ALU b");
        HxOperand c = HxOperand.decode(in, "HX_ALU c");
        try {
            return new HxAlu(len, op, dst, a, b, c);
        } catch (IllegalArgumentException e) {
            throw new HxDecodeException(HxErrorCode.BAD_OPERAND, e.getMessage());
        }
    }

    @Override
    protected Object[] components() {
        return new Object[] {op, dst, a, b, c};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"op", "dst", "a", "b", "c"};
    }

    @Override
    public String toString() {
        return "HX_ALU{" + dst + " := " + op + "(" + a + ", " + b + ", " + c + ")}";
    }
}
