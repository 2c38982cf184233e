package org.hsdba.compiler;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import org.hsdba.pof.PofVersion;
import org.hsdba.pof.codec.PofCodec;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxInstruction;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.RawInstruction;
import org.hsdba.pof.message.PofMessage;

/**
 * Turns an instruction list into HX_BLOCK_MOD messages (ADD, APPEND..., the last one FINAL), each
 * within the 2560-byte message limit, instructions in the compact form.
 */
final class BlockMessages {

    /** Room for compact instructions in one HX_BLOCK_MOD: 2560 - 8 (header) - 8 (block header). */
    static final int MAX_INSTRUCTION_BYTES = PofVersion.MAX_MESSAGE_LENGTH - PofVersion.HEADER_LENGTH
            - HxBlockMod.HEADER_LENGTH;

    private static final PofCodec STOCK = PofCodec.standard();

    private BlockMessages() {
    }

    static List<PofMessage> messages(int blockId, int idlePc, List<Instruction> program, Xids xids) {
        List<RawInstruction> compact = new ArrayList<>(program.size());
        for (Instruction ins : program) {
            compact.add(compact(ins));
        }
        List<PofMessage> out = new ArrayList<>();
        List<RawInstruction> chunk = new ArrayList<>();
        int bytes = 0;
        for (RawInstruction r : compact) {
            if (bytes + r.len() > MAX_INSTRUCTION_BYTES) {
                out.add(blockMod(out.isEmpty(), false, blockId, idlePc, chunk, xids));
                chunk = new ArrayList<>();
                bytes = 0;
            }
            chunk.add(r);
            bytes += r.len();
        }
        out.add(blockMod(out.isEmpty(), true, blockId, idlePc, chunk, xids));
        return out;
    }

    private static HxBlockMod blockMod(boolean first, boolean last, int blockId, int idlePc, List<RawInstruction> ins,
                                       Xids xids) {
        return first ? HxBlockMod.add(xids.next(), blockId, idlePc, last, ins)
                : HxBlockMod.append(xids.next(), blockId, last, ins);
    }

    /** The compact block form (len = 8 + body, trailing zero bytes of stock bodies dropped). */
    static RawInstruction compact(Instruction ins) {
        if (ins instanceof HxInstruction) {
            return ExtCodec.compact((HxInstruction) ins);
        }
        ByteBuffer slot = ByteBuffer.allocate(Instruction.SLOT_LENGTH);
        STOCK.encodeInstruction(ins, slot);
        byte[] data = new byte[Instruction.DATA_LENGTH];
        System.arraycopy(slot.array(), Instruction.HEADER_LENGTH, data, 0, data.length);
        return ExtCodec.compact(ins.type(), data);
    }
}
