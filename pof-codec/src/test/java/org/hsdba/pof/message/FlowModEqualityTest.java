package org.hsdba.pof.message;

import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.hsdba.pof.Components;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.Meter;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.junit.Test;

/**
 * FlowMod's equality compares its fields directly (no boxed components): it must agree with the
 * component comparison every other message uses, on random entries and on copies of them with one
 * random field changed (or left the same by chance).
 */
public class FlowModEqualityTest {

    private static final int PAIRS = 20_000;

    @Test
    public void fieldComparisonAgreesWithComponents() {
        long seed = Long.getLong("test.seed", System.nanoTime());
        Random rnd = new Random(seed);
        int equal = 0;
        for (int n = 0; n < PAIRS; n++) {
            FlowMod a = random(rnd).build();
            FlowMod b = mutateOne(a.toBuilder(), rnd).build();
            boolean byComponents = a.xid() == b.xid() && Components.equal(a, a.components(), b, b.components());
            String where = "seed " + seed + ", pair " + n + ": " + a + " vs " + b;
            assertEquals(where, byComponents, a.equals(b));
            assertEquals(where, byComponents, b.equals(a));
            if (byComponents) {
                assertEquals(where, a.hashCode(), b.hashCode());
                equal++;
            }
        }
        // both outcomes must have been exercised for the comparison to mean anything
        assertEquals("equal pairs of " + PAIRS + " (seed " + seed + ")", true, equal > PAIRS / 20 && equal < PAIRS / 2);
    }

    @Test
    public void otherMessageTypesAreNeverEqual() {
        FlowMod f = random(new Random(1)).xid(7).build();
        assertEquals(false, f.equals(new EchoRequest(7)));
        assertEquals(false, f.equals(null));
    }

    private static FlowMod.Builder random(Random rnd) {
        FlowMod.Builder b = FlowMod.builder().xid(rnd.nextInt(4)).command(rnd.nextInt(3))
                .counterId(rnd.nextInt(3)).cookie(rnd.nextInt(3)).cookieMask(rnd.nextInt(2))
                .table(rnd.nextInt(4), rnd.nextInt(3)).idleTimeout(rnd.nextInt(2)).hardTimeout(rnd.nextInt(2))
                .priority(rnd.nextInt(3)).index(rnd.nextInt(3)).slotId(rnd.nextInt(2));
        b.matches(matches(rnd));
        b.instructions(instructions(rnd));
        return b;
    }

    private static List<MatchX> matches(Random rnd) {
        List<MatchX> out = new ArrayList<>();
        for (int i = rnd.nextInt(3); i > 0; i--) {
            out.add(MatchX.exact(Match.of(rnd.nextInt(2), 8 * rnd.nextInt(4), 32), rnd.nextInt(3)));
        }
        return out;
    }

    private static List<Instruction> instructions(Random rnd) {
        List<Instruction> out = new ArrayList<>();
        for (int i = rnd.nextInt(3); i > 0; i--) {
            out.add(rnd.nextBoolean() ? GotoTable.of(rnd.nextInt(3), 0) : Meter.of(rnd.nextInt(3)));
        }
        return out;
    }

    /** One field set to a random value, which may be the one it had. */
    private static FlowMod.Builder mutateOne(FlowMod.Builder b, Random rnd) {
        switch (rnd.nextInt(14)) {
            case 0: return b.xid(rnd.nextInt(4));
            case 1: return b.command(rnd.nextInt(3));
            case 2: return b.counterId(rnd.nextInt(3));
            case 3: return b.cookie(rnd.nextInt(3));
            case 4: return b.cookieMask(rnd.nextInt(2));
            case 5: return b.table(rnd.nextInt(4), rnd.nextInt(3));
            case 6: return b.idleTimeout(rnd.nextInt(2));
            case 7: return b.hardTimeout(rnd.nextInt(2));
            case 8: return b.priority(rnd.nextInt(3));
            case 9: return b.index(rnd.nextInt(3));
            case 10: return b.slotId(rnd.nextInt(2));
            case 11: return b.matches(matches(rnd));
            case 12: return b.instructions(instructions(rnd));
            default: return b;
        }
    }
}
