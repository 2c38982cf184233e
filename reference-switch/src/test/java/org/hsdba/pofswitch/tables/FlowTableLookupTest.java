package org.hsdba.pofswitch.tables;

import static org.junit.Assert.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.hsdba.pof.message.CString;
import org.hsdba.pof.message.FlowMod;
import org.junit.Test;

/**
 * The MM lookup through its index (full-mask entries by value, wildcards scanned) against the
 * definition it replaces: a scan of every entry in installation order keeping the first one of the
 * highest priority. Random tables with adds and removes, duplicate values and priorities, full
 * masks, partial masks and match-all entries, keys that hit and miss.
 */
public class FlowTableLookupTest {
    private static final int KEY_BITS = 24;
    private static final int KEY_BYTES = 3;

    @Test
    public void indexedLookupIsTheFirstEntryOfTheHighestPriority() {
        Random rnd = new Random(19);
        for (int round = 0; round < 40; round++) {
            FlowTable table = new FlowTable(new TableSpec(0, 0, 1, 4096, KEY_BITS, List.of(), CString.of("t", 40)));
            List<FlowEntry> installed = new ArrayList<>();
            for (int step = 0; step < 400; step++) {
                if (!installed.isEmpty() && rnd.nextInt(4) == 0) {
                    FlowEntry gone = installed.remove(rnd.nextInt(installed.size()));
                    table.remove(gone);
                } else {
                    FlowEntry e = entry(rnd, step);
                    table.add(e);
                    installed.add(e);
                }
                for (int probe = 0; probe < 8; probe++) {
                    byte[] key = probe < 4 && !installed.isEmpty()
                            ? installed.get(rnd.nextInt(installed.size())).valueBytes().clone() : key(rnd);
                    assertSame("round " + round + " step " + step, scan(installed, key), table.lookup(key));
                }
            }
        }
    }

    /** The definition: the first entry (installation order) with the highest priority that matches. */
    private static FlowEntry scan(List<FlowEntry> entries, byte[] key) {
        FlowEntry best = null;
        for (FlowEntry e : entries) {
            if (e.maskMatches(key, KEY_BYTES) && (best == null || e.priority() > best.priority())) {
                best = e;
            }
        }
        return best;
    }

    private static FlowEntry entry(Random rnd, int index) {
        byte[] value = new byte[KEY_BYTES + 16];
        byte[] mask = new byte[value.length];
        value[0] = (byte) rnd.nextInt(4); // few distinct values: duplicates and shared buckets
        value[1] = (byte) rnd.nextInt(4);
        value[2] = (byte) rnd.nextInt(2);
        int kind = rnd.nextInt(10);
        for (int i = 0; i < KEY_BYTES; i++) {
            mask[i] = kind < 7 ? (byte) 0xFF // full mask: indexed
                    : kind < 9 ? (byte) (rnd.nextBoolean() ? 0xFF : 0xF0) // partial
                    : 0; // match-all
        }
        if (kind >= 7 && kind < 9) {
            mask[rnd.nextInt(KEY_BYTES)] = 0x0F; // at least one byte not covered
        }
        FlowMod mod = FlowMod.builder().command(0).table(0, 1).priority(rnd.nextInt(3)).index(index).build();
        return new FlowEntry(1, mod, value, mask, List.of(), new EntryRuntime(4));
    }

    private static byte[] key(Random rnd) {
        byte[] key = new byte[KEY_BYTES + 16];
        key[0] = (byte) rnd.nextInt(5);
        key[1] = (byte) rnd.nextInt(5);
        key[2] = (byte) rnd.nextInt(3);
        return key;
    }
}
