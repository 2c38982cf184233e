package org.hsdba.pofswitch.datapath;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hsdba.pof.codec.PofCodec;
import org.hsdba.pof.codec.PofDecodeException;
import org.hsdba.pof.codec.WireReader;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.ext.HxBranch;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxDecodeException;
import org.hsdba.pof.ext.HxErrorCode;
import org.hsdba.pof.ext.HxInstruction;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.RawInstruction;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pofswitch.error.SwitchError;

/**
 * Turns received instructions into what the interpreter runs: extension instructions typed (with
 * the extension's install-time checks) when the extension is on, left raw (so they fail like on a
 * stock switch) when it is off; and compact block instructions decoded and validated
 * (docs/pof-hsdba-extension.md sections 4 and 5).
 */
final class HxPrograms {
    /** Stock instruction types allowed in blocks. */
    private static final int[] BLOCK_STOCK_TYPES = {1, 2, 4, 6, 7, 8, 9, 10, 11};

    private HxPrograms() {
    }

    /** The program of a FLOW_MOD's instructions. */
    static List<Instruction> entryProgram(List<Instruction> received, boolean extension, Map<Integer, ?> blocks)
            throws SwitchError {
        List<Instruction> out = new ArrayList<>(received.size());
        for (Instruction ins : received) {
            Instruction typed = ins;
            if (extension) {
                if (ins instanceof RawInstruction && HxTypes.isHxInstruction(ins.type())) {
                    typed = typed((RawInstruction) ins);
                }
                if (typed instanceof HxCallBlock && !blocks.containsKey(((HxCallBlock) typed).blockId())) {
                    throw SwitchError.hx(HxErrorCode.BAD_BLOCK_ID, "HX_CALL_BLOCK to block "
                            + ((HxCallBlock) typed).blockId() + ", which is not installed");
                }
            } else if (ins instanceof HxInstruction) {
                typed = ExtCodec.toRaw((HxInstruction) ins); // a stock switch does not know it
            }
            out.add(typed);
        }
        return out;
    }

    private static Instruction typed(RawInstruction raw) throws SwitchError {
        try {
            return ExtCodec.toTyped(raw);
        } catch (HxDecodeException e) {
            throw SwitchError.hx(e.code(), e.getMessage());
        }
    }

    /** Decodes one compact block instruction (section 5) into a typed instruction. */
    static Instruction blockInstruction(RawInstruction raw, int position) throws SwitchError {
        if (HxTypes.isHxInstruction(raw.type())) {
            if (raw.type() == HxTypes.CALL_BLOCK) {
                throw SwitchError.hx(HxErrorCode.NESTED_CALL, "block instruction " + position + " is HX_CALL_BLOCK");
            }
            return typed(raw);
        }
        boolean allowed = false;
        for (int t : BLOCK_STOCK_TYPES) {
            allowed |= t == raw.type();
        }
        if (!allowed) {
            throw SwitchError.hx(HxErrorCode.BAD_INSTRUCTION, "block instruction " + position + " has type "
                    + raw.type() + ", not allowed in blocks");
        }
        byte[] slot = new byte[Instruction.SLOT_LENGTH];
        slot[0] = (byte) (raw.type() >>> 8);
        slot[1] = (byte) raw.type();
        slot[2] = (byte) (raw.len() >>> 8);
        slot[3] = (byte) raw.len();
        System.arraycopy(raw.data(), 0, slot, Instruction.HEADER_LENGTH, Instruction.DATA_LENGTH);
        try {
            return PofCodec.standard().decodeInstruction(WireReader.ofMessage(slot, 0, slot.length,
                    MessageType.FLOW_MOD));
        } catch (PofDecodeException e) {
            throw SwitchError.hx(HxErrorCode.BAD_INSTRUCTION, "block instruction " + position + ": "
                    + e.getMessage());
        }
    }

    /** Checks a complete block before it is installed. */
    static void validateBlock(List<Instruction> ins, int idlePc, int maxInstructions) throws SwitchError {
        if (ins.size() > maxInstructions) {
            throw SwitchError.hx(HxErrorCode.BLOCK_TOO_LONG, ins.size() + " instructions > " + maxInstructions);
        }
        if (idlePc != HxTypes.NONE_16 && idlePc >= ins.size()) {
            throw SwitchError.hx(HxErrorCode.BAD_JUMP, "idle_pc " + idlePc + " outside the " + ins.size()
                    + " instructions");
        }
        for (int pc = 0; pc < ins.size(); pc++) {
            if (ins.get(pc) instanceof HxBranch) {
                HxBranch b = (HxBranch) ins.get(pc);
                long target = b.backward() ? pc - b.count() : pc + b.count();
                if (target < 0 || target > ins.size()) {
                    throw SwitchError.hx(HxErrorCode.BAD_JUMP, "HX_BRANCH at " + pc + " jumps to " + target
                            + ", outside 0.." + ins.size());
                }
            }
        }
    }
}
