package org.hsdba.pofswitch.datapath;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.hsdba.pof.ext.HxAlu;
import org.hsdba.pof.ext.HxAluOp;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxLookup;
import org.hsdba.pof.ext.HxOperand;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.table.GlobalTableIds;
import org.hsdba.pofswitch.tables.EntryRuntime;
import org.hsdba.pofswitch.tables.FlowEntry;
import org.hsdba.pofswitch.tables.FlowTable;
import org.hsdba.pofswitch.tables.TableStore;
import org.junit.Test;

/**
 * {@link Domains} kept up to date entry by entry against {@link Domains#build} of the same tables:
 * after every ADD, two table-0 entries share a domain in the one exactly when they do in the other.
 * Trees of a dispatch table, the odd ones with a leaf table, the even ones with a register; a
 * leaf's parameter names a register (mostly its own tree's word, now and then another tree's: the
 * two trees become one domain), leaves arrive before
 * the dispatch entry that reaches their table, and at the end an entry goes back to table 0 (one
 * domain for all).
 */
public class DomainsTest {
    private static final int TREES = 12;
    private static final Match KEY = Match.of(0, 112, 8);
    private static final GlobalTableIds IDS = GlobalTableIds.of(8, 2, 6, 2);

    private static int base(int tree) {
        return 8 * (tree + 1);
    }

    @Test
    public void addedEntriesGiveTheDomainsOfABuild() throws Exception {
        for (int seed = 0; seed < 20; seed++) {
            Random rnd = new Random(seed);
            TableStore store = new TableStore(IDS, 1000, 64);
            Map<Integer, HxState.Block> blocks = new HashMap<>();
            store.create(TableMod.builder().xid(1).command(0).table(0, 0).size(256).keyLengthBits(8).name("dispatch")
                    .match(KEY).build());
            for (int k = 0; k < TREES / 2; k++) { // two trees a leaf table (EM 0..5)
                store.create(TableMod.builder().xid(1).command(0).table(2, k).size(256).keyLengthBits(8)
                        .name("leaves" + k).match(KEY).build());
            }
            for (int k = 0; k < TREES; k++) {
                // a tree's entry: an even tree's counts in its register, an odd tree's looks up its
                // leaf table (two entries of one odd tree share only that table)
                List<Instruction> port = new ArrayList<>();
                if (k % 2 == 0) {
                    port.add(HxAlu.of(HxAluOp.ADD, HxOperand.reg(0, 0), HxOperand.reg(0, 0), HxOperand.imm(1)));
                } else {
                    port.add(new HxLookup(IDS.globalId(2, k / 2), false, 0, 0, 0));
                }
                blocks.put(2 * k, new HxState.Block(port, 0xFFFF));
                blocks.put(2 * k + 1, new HxState.Block(List.of(HxAlu.of(HxAluOp.ADD, HxOperand.reg(1, 0),
                        HxOperand.reg(1, 0), HxOperand.imm(1))), 0xFFFF));
            }
            Domains incremental = Domains.build(store, blocks);
            List<FlowEntry> roots = new ArrayList<>();
            long index = 0;
            for (int step = 0; step < 80; step++) {
                int k = rnd.nextInt(TREES);
                FlowEntry e;
                if (rnd.nextInt(3) == 0) {
                    e = add(store, 0, 0, index++, rnd.nextInt(256), new HxCallBlock(2 * k, 0, HxCallBlock.words(base(k))));
                    roots.add(e);
                } else {
                    int pair = rnd.nextInt(TREES / 2);
                    int owner = rnd.nextInt(8) == 0 ? rnd.nextInt(TREES) : 2 * pair + 1;
                    e = add(store, 2, pair, index++, rnd.nextInt(256),
                            new HxCallBlock(2 * owner + 1, 0, HxCallBlock.words(base(owner))));
                }
                incremental.added(e);
                assertSamePartition("seed " + seed + " step " + step, roots, store, blocks, incremental);
            }
            FlowEntry back = add(store, 2, 0, index++, 1, GotoTable.of(0, 0));
            incremental.added(back);
            assertSamePartition("seed " + seed + " back to table 0", roots, store, blocks, incremental);
            assertSamePartition("seed " + seed + " built", roots, store, blocks, Domains.build(store, blocks));
            assertFalse(incremental.coarse());
            if (!roots.isEmpty()) {
                assertEquals(1, incremental.count());
                FlowEntry late = add(store, 0, 0, index++, 7, new HxCallBlock(0, 0, HxCallBlock.words(base(0))));
                incremental.added(late);
                assertSame(incremental.of(roots.get(0)), incremental.of(late));
                store.byGlobalId(0).remove(late);
                incremental.removed(late);
                assertTrue("a removal leaves the groups as they were: coarse", incremental.coarse());
            }
        }
    }

    private static FlowEntry add(TableStore store, int type, int id, long index, int key, Instruction instruction)
            throws Exception {
        FlowTable table = store.byGlobalId(IDS.globalId(type, id));
        FlowMod mod = FlowMod.builder().xid(index).command(0).table(type, id).index(index).priority(1)
                .match(MatchX.exact(KEY, key)).instruction(instruction).build();
        FlowEntry e = TableStore.buildEntry(table, mod, List.of(instruction), new EntryRuntime(4));
        table.add(e);
        return e;
    }

    /**
     * The domains as the definition gives them, worked out here on their own: each root's reach
     * (tables, register words, whether it gets back to table 0) by a plain walk, roots whose
     * reaches meet in one domain, all in one if any gets back to table 0.
     */
    private static void assertSamePartition(String where, List<FlowEntry> roots, TableStore store,
            Map<Integer, HxState.Block> blocks, Domains actual) {
        List<Set<Object>> reach = new ArrayList<>();
        boolean first = false;
        for (FlowEntry r : roots) {
            Set<Object> seen = new HashSet<>();
            ArrayDeque<FlowEntry> todo = new ArrayDeque<>(List.of(r));
            while (!todo.isEmpty()) {
                FlowEntry e = todo.poll();
                for (int t : reachOf(e, e.program(), blocks, seen)) {
                    if (t == 0) {
                        first = true;
                    } else if (seen.add("table " + t) && store.byGlobalId(t) != null) {
                        todo.addAll(store.byGlobalId(t).entries());
                    }
                }
            }
            reach.add(seen);
        }
        int[] domain = new int[roots.size()];
        for (int i = 0; i < domain.length; i++) {
            domain[i] = first ? 0 : i;
        }
        for (boolean changed = !first; changed;) { // the connected components of "reaches meet"
            changed = false;
            for (int i = 0; i < domain.length; i++) {
                for (int j = 0; j < domain.length; j++) {
                    if (domain[i] != domain[j] && !java.util.Collections.disjoint(reach.get(i), reach.get(j))) {
                        int from = Math.max(domain[i], domain[j]);
                        int to = Math.min(domain[i], domain[j]);
                        for (int x = 0; x < domain.length; x++) {
                            domain[x] = domain[x] == from ? to : domain[x];
                        }
                        changed = true;
                    }
                }
            }
        }
        assertEquals(where + ": domains", java.util.Arrays.stream(domain).distinct().count(), actual.count());
        for (int i = 0; i < domain.length; i++) {
            for (int j = 0; j < domain.length; j++) {
                assertEquals(where + ": entries " + roots.get(i).index() + " and " + roots.get(j).index()
                        + " share a domain", domain[i] == domain[j], actual.of(roots.get(i)) == actual.of(roots.get(j)));
            }
        }
    }

    /** The tables an instruction list goes to; its register words (the caller's params index them) into {@code seen}. */
    private static List<Integer> reachOf(FlowEntry caller, List<Instruction> list, Map<Integer, HxState.Block> blocks,
            Set<Object> seen) {
        List<Integer> tables = new ArrayList<>();
        for (Instruction ins : list) {
            if (ins instanceof GotoTable) {
                tables.add(((GotoTable) ins).nextTableId());
            } else if (ins instanceof HxLookup) {
                tables.add(((HxLookup) ins).nextTableId());
            } else if (ins instanceof HxCallBlock) {
                tables.addAll(reachOf(caller, blocks.get(((HxCallBlock) ins).blockId()).instructions, blocks, seen));
            } else if (ins instanceof HxAlu) {
                for (HxOperand o : List.of(((HxAlu) ins).a(), ((HxAlu) ins).b(), ((HxAlu) ins).dst())) {
                    if (o.domain() == org.hsdba.pof.ext.HxDomain.REG) {
                        seen.add("register " + (o.offset() + (o.hasIndex() ? caller.paramWord(o.indexParam()) : 0)));
                    }
                }
            }
        }
        return tables;
    }
}
