package org.hsdba.compiler;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.hsdba.pof.table.GlobalTableIds;
import org.junit.Test;

/**
 * Placement is sized by what trees use, not by what the switch declares: a switch declaring the
 * largest counts the wire allows (2^32 - 1 counters, register words) costs an empty placement
 * no memory, and numbers are still handed out lowest first, given-back ones reused after the edit.
 */
public class SwitchPlacementBoundsTest {

    private static final SwitchCapabilities HUGE_STOCK = SwitchCapabilities.stock(GlobalTableIds.of(8, 2, 6, 7), 6000,
            320, 0xFFFF_FFFFL);
    private static final SwitchCapabilities HUGE_HX = SwitchCapabilities.reference().withHx(
            SwitchCapabilities.Hx.REFERENCE.withRegisterWords(0xFFFF_FFFFL));

    @Test
    public void hugeDeclarationsCostNothingUntilUsed() {
        Runtime rt = Runtime.getRuntime();
        rt.gc();
        long before = rt.totalMemory() - rt.freeMemory();
        SwitchPlacement stock = SwitchPlacement.empty(HUGE_STOCK, CompilerOptions.DEFAULTS);
        SwitchPlacement hx = SwitchPlacement.empty(HUGE_HX, CompilerOptions.DEFAULTS);
        long after = rt.totalMemory() - rt.freeMemory();
        assertTrue("an empty placement of a huge switch took " + (after - before) + " bytes",
                after - before < 10L << 20);
        SwitchPlacement.Editor e = stock.edit();
        e.place(1, 3, false);
        assertEquals(List.of(0L), e.ensureCounters(1, 1));
        e = hx.edit();
        e.place(1, 3, true);
        assertEquals(1, e.ensureRegisterSlots(1, 1).size());
    }

    @Test
    public void numbersLowestFirstAndGivenBackOnlyAfterTheEdit() {
        SwitchPlacement.Editor e = SwitchPlacement.empty(HUGE_STOCK, CompilerOptions.DEFAULTS).edit();
        e.place(1, 1, false);
        e.place(2, 1, false);
        List<Long> first = e.ensureCounters(1, 3 * TreePlacement.COUNTER_CHUNK_IDS);
        List<Long> second = e.ensureCounters(2, TreePlacement.COUNTER_CHUNK_IDS);
        long chunk = TreePlacement.COUNTER_CHUNK_IDS;
        assertEquals(List.of(0L, chunk, 2 * chunk), first);
        assertEquals(List.of(3 * chunk), second);
        TreePlacement one = e.release(1);
        e.place(3, 1, false);
        // freed by this edit: not reused within it
        assertEquals(List.of(4 * chunk), e.ensureCounters(3, 1));
        assertTrue(one.levelTables().get(0) != e.tree(3).orElseThrow().levelTables().get(0));
        SwitchPlacement.Editor next = e.build().edit();
        next.place(4, 1, false);
        assertEquals(List.of(0L, chunk), next.ensureCounters(4, 2 * chunk));
        assertEquals(one.dispatchIndex(), next.tree(4).orElseThrow().dispatchIndex());
    }
}
