package org.hsdba.compiler;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.PortSelector;
import org.hsdba.model.Violation;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.message.TableModCommand;
import org.hsdba.pof.table.TableType;

/**
 * The first step of every packet on a switch with several trees: the dispatch table (where POF
 * starts packets) holds one entry per tree, which starts that tree's program. Its key is the
 * field all the trees' {@link PortSelector}s use; a tree's entry matches its selector, with
 * priority by specificity (most specific wins), and a tree without a selector matches everything
 * at the lowest priority. When no tree has a selector the table is keyed by the 32-bit metadata
 * tag (zero when a packet arrives) and its one entry is a plain catch-all: exactly the port table
 * of a tree compiled alone. Packets that no entry matches take the switch's table miss.
 * Immutable; equal dispatches have equal tables.
 */
public final class Dispatch {

    /** Field id of the dispatch key in TABLE_MOD/FLOW_MOD (the switch does not interpret it). */
    static final int FIELD_ID = 0;

    /** Keyed by the metadata tag: the port table of a tree compiled alone. */
    static final Dispatch BY_TAG = new Dispatch(null);

    private final FieldSpec field;

    private Dispatch(FieldSpec field) {
        this.field = field;
    }

    /**
     * The dispatch of a switch's trees, checked: one field for all selectors, at most one tree
     * without a selector, and no two selectors that overlap unless one contains the other (so the
     * most specific match is unambiguous).
     *
     * @throws CompilerException naming the trees in conflict
     */
    public static Dispatch of(List<BandwidthTree> trees) {
        List<Violation> problems = PortSelector.check(trees);
        if (!problems.isEmpty()) {
            throw new CompilerException(problems.get(0).message());
        }
        for (BandwidthTree t : trees) {
            if (t.selector().isPresent()) {
                return new Dispatch(t.selector().get().field());
            }
        }
        return BY_TAG;
    }

    /** True if the table is keyed by the metadata tag (no tree has a selector). */
    public boolean keyedByTag() {
        return field == null;
    }

    /** The selectors' field, or null when keyed by the tag. */
    public FieldSpec field() {
        return field;
    }

    /** Bits of the dispatch key. */
    public int keyBits() {
        return field == null ? Words.M_TAG_BITS : field.lengthBits();
    }

    private Match keyMatch() {
        return field == null ? Entries.tagField() : Match.of(FIELD_ID, field.offsetBits(), field.lengthBits());
    }

    /** TABLE_MOD ADD of the dispatch table. */
    public TableMod table(int mmTable, long xid) {
        return TableMod.builder().xid(xid).command(TableModCommand.ADD).table(TableType.MM, mmTable)
                .size(SwitchPlacement.DISPATCH_SIZE).name("hsdba/dispatch").match(keyMatch()).build();
    }

    /** TABLE_MOD DELETE of the dispatch table (it must be empty). */
    public static TableMod deleteTable(int mmTable, long xid) {
        return TableMod.builder().xid(xid).command(TableModCommand.DELETE).table(TableType.MM, mmTable).build();
    }

    /** The match of a tree's dispatch entry: its selector, or everything. */
    public List<MatchX> match(BandwidthTree tree) {
        List<MatchX> out = new ArrayList<>(1);
        int bytes = (keyBits() + 7) / 8;
        if (field == null || tree.selector().isEmpty()) {
            out.add(MatchX.of(keyMatch(), new byte[bytes], new byte[bytes]));
        } else {
            MatchKey k = tree.selector().get().key();
            out.add(MatchX.of(keyMatch(), k.value(), k.mask()));
        }
        return out;
    }

    /** Priority of a tree's dispatch entry: 1 + the selector's mask bits, 0 without a selector. */
    public int priority(BandwidthTree tree) {
        return field == null || tree.selector().isEmpty() ? 0 : Entries.priority(tree.selector().get().key());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Dispatch && Objects.equals(((Dispatch) o).field, field);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(field);
    }

    @Override
    public String toString() {
        return field == null ? "dispatch by metadata tag (one tree, no selector)" : "dispatch by " + field;
    }
}
