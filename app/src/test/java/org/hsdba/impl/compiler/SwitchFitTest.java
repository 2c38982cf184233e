package org.hsdba.impl.compiler;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

import org.hsdba.compiler.CompilerException;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.compiler.SwitchCompiler;
import org.hsdba.compiler.SwitchProgram;
import org.hsdba.compiler.assisted.AssistedSwitchCompiler;
import org.hsdba.compiler.assisted.AssistedSwitchProgram;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.PortRef;
import org.hsdba.model.PortSelector;
import org.hsdba.model.Rate;
import org.hsdba.model.TestTrees;
import org.hsdba.pof.table.GlobalTableIds;
import org.junit.Test;

/**
 * {@link SwitchFit}, the admission check of a device's trees against its switch, agrees with
 * what programming the switch does: from whatever the switch held before (an earlier version of
 * the same ports' trees), the change is placed incrementally or, where only a full program fits,
 * by reprogramming in full (what the device agent does). Random trees against random switch sizes.
 */
public class SwitchFitTest {

    private static final String DEVICE = "pof:0000000000000001";
    private static final FieldSpec DST_MAC = FieldSpec.of(0, 48);
    /** POFSwitch 1.4.0 without a config file (issue 15): MM/LPM/EM/DT 10/10/5/20 tables of 8000 entries, 160-bit keys. */
    private static final SwitchCapabilities STOCK_DEFAULT = SwitchCapabilities.stock(GlobalTableIds.of(10, 10, 5, 20),
            8000, 160, 512);

    /** A tree of {@code levels} levels on {@code port}: a chain down to the last level plus {@code extra} siblings per level. */
    static BandwidthTree tree(long port, int levels, int extra, boolean selector) {
        BandwidthTree.Builder b = BandwidthTree.builder(PortRef.of(DEVICE, port)).capacity(Rate.parse("1G")).eta(0.95)
                .levels(TestTrees.levels(levels));
        if (selector) {
            b.selector(PortSelector.of(DST_MAC, MatchKey.exact(48, new byte[] {2, 0, 0, 0, 0, (byte) port})));
        }
        String parent = null;
        for (int level = 1; level <= levels; level++) {
            String id = "c" + level;
            b.addNode(TestTrees.node(id, parent, 0).weight(1.0).build());
            for (int k = 1; k <= extra; k++) {
                b.addNode(TestTrees.node("s" + level + "-" + k, parent, k).weight(1.0).build());
            }
            parent = id;
        }
        return b.build();
    }

    @Test
    public void anEditedTreesPreviousVersionDoesNotCountAgainstIt() {
        // The issue: a 2-level tree replaced by an 8-level one on a switch whose free MM tables
        // hold 8 levels: it fits (the 2 tables of the old version are the new one's too).
        BandwidthTree before = tree(2, 2, 1, false);
        BandwidthTree after = tree(2, 8, 1, false);
        assertEquals(Optional.empty(), SwitchFit.misfit(List.of(after), STOCK_DEFAULT, CompilerOptions.DEFAULTS));
        AssistedSwitchProgram installed = AssistedSwitchCompiler.compile(List.of(before), STOCK_DEFAULT,
                CompilerOptions.DEFAULTS).program();
        AssistedSwitchCompiler.diff(installed, List.of(after), STOCK_DEFAULT, CompilerOptions.DEFAULTS);
    }

    @Test
    public void aTreeWithMoreLevelsThanTheSwitchHasTablesDoesNotFitAndSaysWhy() {
        SwitchCapabilities small = SwitchCapabilities.stock(GlobalTableIds.of(6, 0, 0, 0), 8000, 160, 512);
        Optional<String> why = SwitchFit.misfit(List.of(tree(2, 5, 0, false)), small, CompilerOptions.DEFAULTS);
        assertTrue(why.isPresent());
        assertTrue(why.get(), why.get().contains("port 2: the switch has no room for 5 more level tables (4 free of 6 MM"
                + " tables"));
        assertEquals(Optional.empty(), SwitchFit.misfit(List.of(tree(2, 4, 0, false)), small, CompilerOptions.DEFAULTS));
    }

    @Test
    public void theReferenceSwitchHoldsSevenLevelsInSwitchAndSixStock() {
        SwitchCapabilities ref = SwitchCapabilities.reference(); // 8 MM tables
        assertEquals(Optional.of("port 2: the switch has no room for 8 more level tables (7 free of 8 MM tables;"
                + " MM#0 dispatches)"), SwitchFit.misfit(List.of(tree(2, 8, 0, false)), ref, CompilerOptions.DEFAULTS));
        assertEquals(Optional.empty(), SwitchFit.misfit(List.of(tree(2, 7, 0, false)), ref, CompilerOptions.DEFAULTS));
        // Stock: MM#0 computes the drop hash, MM#1 dispatches.
        assertTrue(SwitchFit.misfit(List.of(tree(2, 7, 0, false)), ref.withoutHx(), CompilerOptions.DEFAULTS).isPresent());
        assertEquals(Optional.empty(), SwitchFit.misfit(List.of(tree(2, 6, 0, false)), ref.withoutHx(),
                CompilerOptions.DEFAULTS));
        // With another tree holding 3 tables the message says who holds the rest.
        Optional<String> two = SwitchFit.misfit(List.of(tree(2, 3, 0, true), tree(3, 5, 0, true)), ref,
                CompilerOptions.DEFAULTS);
        assertEquals(Optional.of("port 3: the switch has no room for 5 more level tables (4 free of 8 MM tables;"
                + " MM#0 dispatches, the 1 other tree(s) of the switch hold the rest)"), two);
    }

    @Test
    public void entriesPerTableCountersAndRegistersAreJudgedToo() {
        // 8 entries per table: a level of 9 nodes does not fit; 512 counters: 600 nodes do not.
        SwitchCapabilities tiny = SwitchCapabilities.stock(GlobalTableIds.of(10, 0, 0, 0), 8, 160, 512);
        assertTrue(SwitchFit.misfit(List.of(tree(2, 1, 8, false)), tiny, CompilerOptions.DEFAULTS).isPresent());
        assertFalse(SwitchFit.misfit(List.of(tree(2, 1, 6, false)), tiny, CompilerOptions.DEFAULTS).isPresent());
        SwitchCapabilities fewCounters = STOCK_DEFAULT.withCounterCount(128);
        assertTrue(SwitchFit.misfit(List.of(tree(2, 1, 200, false)), fewCounters, CompilerOptions.DEFAULTS).isPresent());
        SwitchCapabilities fewRegisters = SwitchCapabilities.reference().withHx(
                SwitchCapabilities.Hx.REFERENCE.withRegisterWords(1024));
        assertTrue(SwitchFit.misfit(List.of(tree(2, 2, 300, false)), fewRegisters, CompilerOptions.DEFAULTS).isPresent());
        assertFalse(SwitchFit.misfit(List.of(tree(2, 2, 3, false)), fewRegisters, CompilerOptions.DEFAULTS).isPresent());
    }

    /**
     * The property: for random trees (1-3 ports, 1-8 levels) on random switches (table counts and
     * sizes, counters, with or without the extension and its register file), SwitchFit says the
     * trees fit exactly when the switch gets programmed from an earlier set of trees of the same
     * ports, incrementally or in full; and an incremental change never fits where SwitchFit says
     * no (admission never refuses what programming would have placed).
     */
    @Test
    public void fitsExactlyWhenProgrammingSucceeds() {
        long seed = new SplittableRandom().nextLong();
        SplittableRandom rnd = new SplittableRandom(seed);
        int fits = 0;
        int misfits = 0;
        int fullOnly = 0;
        for (int round = 0; round < 300; round++) {
            SwitchCapabilities caps = randomCaps(rnd);
            int ports = 1 + rnd.nextInt(3);
            List<BandwidthTree> before = new ArrayList<>();
            List<BandwidthTree> after = new ArrayList<>();
            for (int p = 0; p < ports; p++) {
                boolean sel = ports > 1;
                before.add(tree(2 + p, 1 + rnd.nextInt(8), rnd.nextInt(12), sel));
                after.add(tree(2 + p, 1 + rnd.nextInt(8), rnd.nextInt(12), sel));
            }
            if (ports > 1 && rnd.nextBoolean()) {
                after.remove(rnd.nextInt(after.size())); // a tree removed in the same change
            }
            String context = "seed " + seed + " round " + round + ", " + caps + ", before " + shape(before)
                    + ", after " + shape(after);
            Optional<String> misfit = SwitchFit.misfit(after, caps, CompilerOptions.DEFAULTS);
            boolean full = installable(after, caps);
            assertEquals(context + ": " + misfit, full, misfit.isEmpty());
            boolean incremental = installable(before, caps) && diffs(before, after, caps);
            if (incremental) {
                assertTrue(context + ": placed incrementally but SwitchFit says " + misfit, misfit.isEmpty());
            }
            if (misfit.isEmpty()) {
                fits++;
                fullOnly += incremental ? 0 : 1;
            } else {
                misfits++;
                assertTrue(context + ": " + misfit.get(), misfit.get().contains("port ")
                        || misfit.get().contains("switch"));
            }
        }
        System.out.printf("SwitchFit property (seed %d): %d fit, %d do not, %d of the fitting ones only in full%n",
                seed, fits, misfits, fullOnly);
        assertTrue("both verdicts exercised (seed " + seed + "): " + fits + " / " + misfits, fits > 10 && misfits > 10);
    }

    private static SwitchCapabilities randomCaps(SplittableRandom rnd) {
        int mm = 2 + rnd.nextInt(14);
        long size = 4 + rnd.nextInt(60);
        long counters = 64L * (1 + rnd.nextInt(8));
        SwitchCapabilities stock = SwitchCapabilities.stock(GlobalTableIds.of(mm, 2, 2, 2), size, 160 + 160 * rnd.nextInt(2),
                counters);
        if (rnd.nextBoolean()) {
            return stock;
        }
        SwitchCapabilities.Hx ref = SwitchCapabilities.Hx.REFERENCE;
        return stock.withHx(new SwitchCapabilities.Hx(ref.stateWords(), 4 + rnd.nextInt(20), ref.maxBlockInstructions(),
                ref.maxParamBytes(), 512L * (1 + rnd.nextInt(16)), ref.instructionBudget()));
    }

    private static String shape(List<BandwidthTree> trees) {
        List<String> out = new ArrayList<>();
        trees.forEach(t -> out.add("port " + t.port().port() + ": " + t.levels().size() + " levels, " + t.size()
                + " nodes"));
        return out.toString();
    }

    /** The full program of a wiped switch, the way the device agent installs it. */
    private static boolean installable(List<BandwidthTree> trees, SwitchCapabilities caps) {
        try {
            if (caps.hx().isPresent()) {
                SwitchCompiler.compile(trees, caps, CompilerOptions.DEFAULTS);
            } else {
                AssistedSwitchCompiler.compile(trees, caps, CompilerOptions.DEFAULTS);
            }
            return true;
        } catch (CompilerException e) {
            return false;
        }
    }

    /** The incremental change from the installed {@code before} to {@code after}, as the device agent sends it. */
    private static boolean diffs(List<BandwidthTree> before, List<BandwidthTree> after, SwitchCapabilities caps) {
        try {
            if (caps.hx().isPresent()) {
                SwitchProgram p = SwitchCompiler.compile(before, caps, CompilerOptions.DEFAULTS).program();
                SwitchCompiler.diff(p, after, caps, CompilerOptions.DEFAULTS);
            } else {
                AssistedSwitchProgram p = AssistedSwitchCompiler.compile(before, caps, CompilerOptions.DEFAULTS).program();
                AssistedSwitchCompiler.diff(p, after, caps, CompilerOptions.DEFAULTS);
            }
            return true;
        } catch (CompilerException e) {
            return false;
        }
    }
}
