package org.hsdba.compiler;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.message.PofMessage;

/**
 * A tree's whole program, in the order an adapter sends it: TABLE_MODs, HX_BLOCK_MODs, register
 * initialisation (HX_REGISTER_MOD), FLOW_MODs (the port entry, then every node in pre-order).
 * Messages carry consecutive xids from {@link CompilerOptions#firstXid()}. Comes with the
 * {@link SlotMap} that later deltas start from, the layout and the block listings. Immutable.
 */
public final class CompiledProgram {

    private final List<PofMessage> messages;
    private final SlotMap slots;
    private final ProgramLayout layout;
    private final List<BlockProgram> blocks;
    private final long nextXid;

    CompiledProgram(List<PofMessage> messages, SlotMap slots, ProgramLayout layout, List<BlockProgram> blocks,
                    long nextXid) {
        this.messages = List.copyOf(messages);
        this.slots = slots;
        this.layout = layout;
        this.blocks = List.copyOf(blocks);
        this.nextXid = nextXid;
    }

    public List<PofMessage> messages() {
        return messages;
    }

    public SlotMap slots() {
        return slots;
    }

    public ProgramLayout layout() {
        return layout;
    }

    /** The instruction blocks (port block first, then level 1, 2, ...). */
    public List<BlockProgram> blocks() {
        return blocks;
    }

    /** The xid after the last message's. */
    public long nextXid() {
        return nextXid;
    }

    /** Message count by type name (e.g. FLOW_MOD, HX_BLOCK_MOD), in first-seen order. */
    public Map<String, Integer> countsByType() {
        return countByType(messages);
    }

    static Map<String, Integer> countByType(List<PofMessage> messages) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (PofMessage m : messages) {
            String name = HxTypes.isHxMessage(m.type()) ? HxTypes.messageName(m.type()) : MessageType.name(m.type());
            out.merge(name, 1, Integer::sum);
        }
        return out;
    }

    @Override
    public String toString() {
        return "CompiledProgram{" + messages.size() + " messages " + countsByType() + ", " + slots + ", " + layout + "}";
    }
}
