package org.hsdba.pof.ext;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.RawInstruction;

/**
 * HX_BLOCK_MOD (type 194, section 5): defines (ADD, APPEND, FINAL) or deletes an instruction block.
 * Instructions are carried in the compact form {@code u16 type | u16 len | pad[4] | body[len-8]};
 * here each is a {@link RawInstruction} whose {@code len} is the compact length (a multiple of 8,
 * 8..304) and whose data beyond it is zero. Build them with {@link ExtCodec#compact}.
 */
public final class HxBlockMod extends HxMessage {
    public static final int COMMAND_ADD = 0;
    public static final int COMMAND_APPEND = 1;
    public static final int COMMAND_DELETE = 2;
    public static final int FLAG_FINAL = 1;
    public static final int HEADER_LENGTH = 8;

    private final int command;
    private final boolean isFinal;
    private final int blockId;
    private final int idlePc;
    private final List<RawInstruction> instructions;

    public HxBlockMod(long xid, int command, boolean isFinal, int blockId, int idlePc,
            List<RawInstruction> instructions) {
        super(xid);
        if (command < 0 || command > 0xFF) {
            throw new IllegalArgumentException("HX_BLOCK_MOD command must be in 0..255, got " + command);
        }
        if (blockId < 0 || blockId > 0xFFFF) {
            throw new IllegalArgumentException("block_id must be in 0..65535, got " + blockId);
        }
        if (idlePc < 0 || idlePc > 0xFFFF) {
            throw new IllegalArgumentException("idle_pc must be in 0..65535, got " + idlePc);
        }
        this.command = command;
        this.isFinal = isFinal;
        this.blockId = blockId;
        this.idlePc = idlePc;
        this.instructions = Collections.unmodifiableList(new ArrayList<>(Objects.requireNonNull(instructions)));
        if (this.instructions.size() > 0xFFFF) {
            throw new IllegalArgumentException("at most 65535 instructions per HX_BLOCK_MOD, got "
                    + this.instructions.size());
        }
        for (int i = 0; i < this.instructions.size(); i++) {
            int len = this.instructions.get(i).len();
            if (len < 8 || len > Instruction.SLOT_LENGTH || len % 8 != 0) {
                throw new IllegalArgumentException("block instruction " + i + " compact len " + len
                        + " must be a multiple of 8 in 8..304");
            }
        }
    }

    /** ADD (starts a definition); {@code isFinal} installs it at once. */
    public static HxBlockMod add(long xid, int blockId, int idlePc, boolean isFinal, List<RawInstruction> ins) {
        return new HxBlockMod(xid, COMMAND_ADD, isFinal, blockId, idlePc, ins);
    }

    /** APPEND to the staged definition. */
    public static HxBlockMod append(long xid, int blockId, boolean isFinal, List<RawInstruction> ins) {
        return new HxBlockMod(xid, COMMAND_APPEND, isFinal, blockId, HxTypes.NONE_16, ins);
    }

    /** DELETE a block. */
    public static HxBlockMod delete(long xid, int blockId) {
        return new HxBlockMod(xid, COMMAND_DELETE, false, blockId, HxTypes.NONE_16, List.of());
    }

    @Override
    public int type() {
        return HxTypes.BLOCK_MOD;
    }

    @Override
    public int bodyLength() {
        int n = HEADER_LENGTH;
        for (RawInstruction r : instructions) {
            n += r.len();
        }
        return n;
    }

    public int command() {
        return command;
    }

    public boolean isFinal() {
        return isFinal;
    }

    public int blockId() {
        return blockId;
    }

    /** Index of the deactivation hook (ADD only), {@link HxTypes#NONE_16} for none. */
    public int idlePc() {
        return idlePc;
    }

    public List<RawInstruction> instructions() {
        return instructions;
    }

    @Override
    void encodeBody(ByteBuffer out) {
        out.put((byte) command).put((byte) (isFinal ? FLAG_FINAL : 0)).putShort((short) blockId)
                .putShort((short) instructions.size()).putShort((short) idlePc);
        for (RawInstruction r : instructions) {
            out.putShort((short) r.type()).putShort((short) r.len()).putInt(0);
            out.put(r.data(), 0, r.len() - Instruction.HEADER_LENGTH);
        }
    }

    static HxBlockMod decode(long xid, ByteBuffer in) throws HxDecodeException {
        if (in.remaining() < HEADER_LENGTH) {
            throw new HxDecodeException(HxErrorCode.BAD_LEN, "HX_BLOCK_MOD body is " + in.remaining()
                    + " bytes, the header alone needs 8");
        }
        int command = in.get() & 0xFF;
        int flags = in.get() & 0xFF;
        int blockId = in.getShort() & 0xFFFF;
        int count = in.getShort() & 0xFFFF;
        int idlePc = in.getShort() & 0xFFFF;
        List<RawInstruction> list = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int at = in.position();
            if (in.remaining() < Instruction.HEADER_LENGTH) {
                throw new HxDecodeException(HxErrorCode.BAD_LEN, "HX_BLOCK_MOD instruction " + i + " of " + count
                        + " at body offset " + at + ": header cut off (" + in.remaining() + " bytes left)");
            }
            int type = in.getShort() & 0xFFFF;
            int len = in.getShort() & 0xFFFF;
            in.getInt();
            if (len < 8 || len > Instruction.SLOT_LENGTH || len % 8 != 0) {
                throw new HxDecodeException(HxErrorCode.BAD_INSTRUCTION, "HX_BLOCK_MOD instruction " + i
                        + " at body offset " + at + ": compact len " + len + " is not a multiple of 8 in 8..304");
            }
            if (in.remaining() < len - 8) {
                throw new HxDecodeException(HxErrorCode.BAD_LEN, "HX_BLOCK_MOD instruction " + i + " at body offset "
                        + at + ": len " + len + " but only " + (in.remaining() + 8) + " bytes left");
            }
            byte[] body = new byte[len - 8];
            in.get(body);
            list.add(new RawInstruction(type, len, body));
        }
        if (in.remaining() != 0) {
            throw new HxDecodeException(HxErrorCode.BAD_LEN, "HX_BLOCK_MOD: " + in.remaining()
                    + " bytes after the " + count + " instructions that instruction_count announces");
        }
        return new HxBlockMod(xid, command, (flags & FLAG_FINAL) != 0, blockId, idlePc, list);
    }

    @Override
    protected Object[] components() {
        return new Object[] {command, isFinal, blockId, idlePc, instructions};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"command", "final", "blockId", "idlePc", "instructions"};
    }
}
