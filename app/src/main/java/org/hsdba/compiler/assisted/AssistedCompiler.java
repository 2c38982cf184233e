package org.hsdba.compiler.assisted;

import java.util.ArrayList;
import java.util.List;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.compiler.CompilerException;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.SlotMap;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.message.TableModCommand;
import org.hsdba.pof.table.TableType;

/** Compiles a tree into a controller-assisted program for a stock POFSwitch 1.4.0 ({@link AssistedProgram}). */
public final class AssistedCompiler {

    private AssistedCompiler() {
    }

    /**
     * TABLE_MODs (level k in MM#{first + k - 1}, keyed by {parent tag, level field}; level 1 must
     * be global table 0 for packets to reach it, i.e. first table 0), then one FLOW_MOD per node
     * (threshold 0, counter id = handle) in pre-order, then the catch-all of every level table.
     */
    public static AssistedProgram compile(BandwidthTree tree, SwitchCapabilities caps, CompilerOptions opts) {
        ResolvedTree resolved = Admission.admit(tree);
        int levels = tree.levels().size();
        int first = opts.firstTable();
        if (first + levels > caps.tables().count(TableType.MM)) {
            throw new CompilerException(tree.rootPath() + ": the program needs MM tables " + first + ".."
                    + (first + levels - 1) + ", the switch has " + caps.tables().count(TableType.MM));
        }
        long tableSize = opts.tableSize() > 0 ? opts.tableSize() : caps.tableSize();
        SlotMap.Editor editor = SlotMap.empty().edit();
        for (int i = 0; i < tree.size(); i++) {
            if (!tree.node(i).isTemplate()) {
                editor.allocate(tree.node(i).id(), tree.depth(i), false);
            }
        }
        SlotMap slots = editor.build();
        for (int level = 1; level <= levels; level++) {
            if (slots.entryLimit(level) > tableSize - 1) {
                throw new CompilerException(tree.rootPath() + ": level \"" + tree.levels().get(level - 1).name()
                        + "\" needs " + slots.entryLimit(level) + " entries and a catch-all, its table holds " + tableSize);
            }
            int key = AssistedProgram.M_TAG_BITS + tree.levels().get(level - 1).field().lengthBits();
            if (key > caps.keyLengthBits()) {
                throw new CompilerException(tree.rootPath() + ": level \"" + tree.levels().get(level - 1).name()
                        + "\" needs a " + key + "-bit key, the switch allows " + caps.keyLengthBits());
            }
        }
        if (slots.handleLimit() > caps.counterCount()) {
            throw new CompilerException(tree.rootPath() + ": " + (slots.handleLimit() - 1) + " nodes need counter ids 1.."
                    + (slots.handleLimit() - 1) + ", the switch has " + caps.counterCount() + " counters");
        }
        FieldSpec drop = opts.dropField();
        AssistedProgram shape = new AssistedProgram(tree, resolved, slots, caps.tables(), first, tableSize - 1, drop,
                opts.joinReason(), opts.dropReason(), null);
        long xid = opts.firstXid();
        List<PofMessage> out = new ArrayList<>();
        for (int level = 1; level <= levels; level++) {
            FieldSpec f = tree.levels().get(level - 1).field();
            String name = "hsdba/" + tree.port().port() + "/" + tree.levels().get(level - 1).name();
            out.add(TableMod.builder().xid(xid++).command(TableModCommand.ADD).table(TableType.MM, first + level - 1)
                    .size(tableSize).name(name.length() > 63 ? name.substring(0, 63) : name)
                    .match(AssistedProgram.tagField(), Match.of(level, f.offsetBits(), f.lengthBits())).build());
        }
        for (String id : shape.nodeIds()) {
            out.add(shape.entry(id, 0, xid++, FlowModCommand.ADD));
        }
        for (int level = 1; level <= levels; level++) {
            out.add(shape.catchAll(level, xid++));
        }
        return shape.withMessages(out);
    }
}
