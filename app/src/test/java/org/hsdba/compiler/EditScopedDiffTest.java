package org.hsdba.compiler;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.hsdba.admission.Admission;
import org.hsdba.admission.EditChain;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.algorithm.KernelOptions;
import org.hsdba.model.AppliedEdit;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.RandomEdits;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.junit.Test;

/**
 * The diff narrowed by an {@link AppliedEdit} against the full diff (the reference): on random
 * trees and random edit sequences of every kind, both give exactly the same messages, slots and
 * counts, or fail with the same error; each keeps its own slot maps, so a difference in freed
 * numbers shows up in later steps.
 */
public class EditScopedDiffTest {

    private static final SwitchCapabilities CAPS = SwitchCapabilities.reference();
    private static final CompilerOptions OPTS = CompilerOptions.builder()
            .algorithm(KernelOptions.builder().idleTimeout(Duration.ofMillis(50)).build()).build();
    private static final int SEEDS = 150;
    private static final int STEPS = 40;

    @Test
    public void fastDiffEqualsFullDiffOnRandomEditSequences() {
        int compared = 0;
        int narrowed = 0;
        for (long seed = 0; seed < SEEDS; seed++) {
            RandomEdits random = new RandomEdits(seed);
            BandwidthTree tree = random.tree(6 + (int) (seed % 25));
            ResolvedTree was;
            CompiledProgram installed;
            try {
                was = Admission.admit(tree);
                installed = HsdbaCompiler.compile(tree, CAPS, OPTS);
            } catch (InvalidTreeException | CompilerException e) {
                continue;
            }
            SlotMap fullSlots = installed.slots();
            SlotMap fastSlots = installed.slots();
            for (int step = 0; step < STEPS; step++) {
                TreeEdit edit = random.edit(was.tree());
                AppliedEdit applied;
                ResolvedTree now;
                try {
                    applied = edit.apply(was.tree());
                    // Both ways of admitting the result, as a caller may keep either.
                    now = step % 2 == 0 ? Admission.apply(was, edit) : Admission.admit(applied.after());
                } catch (InvalidTreeException e) {
                    continue;
                }
                String where = "seed " + seed + " step " + step + " " + edit;
                CompiledDelta full;
                try {
                    full = HsdbaCompiler.diff(was.tree(), now.tree(), fullSlots, CAPS, OPTS);
                } catch (CompilerException e) {
                    assertFailsAlike(where, e, was, now, applied, fastSlots);
                    continue;
                }
                CompiledDelta fast = HsdbaCompiler.diff(was, now, applied, fastSlots, CAPS, OPTS);
                assertEquals(where, full.messages(), fast.messages());
                assertEquals(where, full.slots(), fast.slots());
                assertEquals(where, full.added(), fast.added());
                assertEquals(where, full.modified(), fast.modified());
                assertEquals(where, full.deleted(), fast.deleted());
                assertEquals(where, full.reinstall(), fast.reinstall());
                assertEquals(where, full.nextXid(), fast.nextXid());
                compared++;
                if (full.slots().size() > 0 && full.modified() + full.added() < now.tree().size()) {
                    narrowed++;
                }
                fullSlots = full.slots();
                fastSlots = fast.slots();
                was = now;
            }
        }
        // Not vacuous: many edits compared, most of them leaving part of the tree alone.
        assertTrue("only " + compared + " edits compared", compared > 1000);
        assertTrue("only " + narrowed + " edits left nodes alone", narrowed > compared / 2);
    }

    private static void assertFailsAlike(String where, CompilerException expected, ResolvedTree was, ResolvedTree now,
                                         AppliedEdit applied, SlotMap slots) {
        try {
            HsdbaCompiler.diff(was, now, applied, slots, CAPS, OPTS);
            fail(where + ": the full diff failed with \"" + expected.getMessage() + "\", the fast one did not");
        } catch (CompilerException e) {
            assertEquals(where, expected.getMessage(), e.getMessage());
        }
    }

    @Test
    public void switchDiffWithEditsEqualsSwitchDiffWithout() {
        for (long seed = 0; seed < SEEDS / 3; seed++) {
            RandomEdits random = new RandomEdits(1000 + seed);
            ResolvedTree was = installable(random, 10 + (int) (seed % 20));
            if (was == null) {
                continue;
            }
            SwitchProgram full = SwitchCompiler.compile(List.of(was.tree()), CAPS, OPTS).program();
            SwitchProgram fast = full;
            long port = was.tree().port().port();
            for (int step = 0; step < STEPS; step++) {
                TreeEdit edit = random.edit(was.tree());
                AppliedEdit applied;
                ResolvedTree now;
                try {
                    applied = edit.apply(was.tree());
                    now = Admission.apply(was, edit);
                } catch (InvalidTreeException e) {
                    continue;
                }
                String where = "seed " + seed + " step " + step + " " + edit;
                SwitchDelta reference;
                try {
                    reference = SwitchCompiler.diff(full, List.of(now.tree()), CAPS, OPTS);
                } catch (CompilerException e) {
                    continue;
                }
                SwitchDelta narrowed = SwitchCompiler.diffResolved(fast, List.of(now), Map.of(port, applied), CAPS,
                        OPTS);
                assertEquals(where, reference.messages(), narrowed.messages());
                assertEquals(where, reference.program().slots(port), narrowed.program().slots(port));
                assertTrue(where, narrowed.program().resolved(port).orElseThrow() == now);
                full = reference.program();
                fast = narrowed.program();
                was = now;
            }
        }
    }

    /**
     * Chains of 1 to 6 edits (a join batch, or edits that piled up while a change was in flight),
     * the last tree stored as one version: the chained diff gives the full diff's messages and slots.
     */
    @Test
    public void chainedDiffEqualsFullDiffOnRandomEditChains() {
        int chains = 0;
        int longChains = 0;
        for (long seed = 0; seed < SEEDS / 2; seed++) {
            RandomEdits random = new RandomEdits(5000 + seed);
            ResolvedTree was = installable(random, 8 + (int) (seed % 20));
            if (was == null) {
                continue;
            }
            SwitchProgram full = SwitchCompiler.compile(List.of(was.tree()), CAPS, OPTS).program();
            SwitchProgram fast = full;
            long port = was.tree().port().port();
            for (int step = 0; step < STEPS / 2; step++) {
                int length = 1 + (int) ((seed + step) % 6);
                EditChain chain = EditChain.from(was);
                for (int k = 0; k < length; k++) {
                    TreeEdit edit = random.edit(chain.to().tree());
                    try {
                        AppliedEdit applied = edit.apply(chain.to().tree());
                        chain = chain.then(applied, Admission.admit(chain.to(), applied));
                    } catch (InvalidTreeException e) {
                        continue;
                    }
                }
                chain = chain.endingAtVersion(was.tree().version() + 1);
                ResolvedTree now = chain.to();
                String where = "seed " + seed + " step " + step + " " + chain;
                SwitchDelta reference;
                try {
                    reference = SwitchCompiler.diff(full, List.of(now.tree()), CAPS, OPTS);
                } catch (CompilerException e) {
                    continue;
                }
                SwitchDelta narrowed = SwitchCompiler.diffChained(fast, List.of(now), Map.of(port, chain), CAPS, OPTS);
                assertEquals(where, reference.messages(), narrowed.messages());
                assertEquals(where, reference.program().slots(port), narrowed.program().slots(port));
                assertTrue(where, narrowed.examined() <= reference.examined());
                chains++;
                if (chain.size() > 1) {
                    longChains++;
                }
                full = reference.program();
                fast = narrowed.program();
                was = now;
            }
        }
        assertTrue("only " + chains + " chains compared", chains > 300);
        assertTrue("only " + longChains + " chains of several edits", longChains > chains / 3);
    }

    /**
     * A join that fits the tree's register chunks keeps the switch's placement and the tree's
     * layout (the same objects: nothing is made again per join), with the messages of the
     * whole-tree diff; one that needs a new chunk gets a new placement and layout.
     */
    @Test
    public void aJoinThatFitsKeepsThePlacementAndTheLayout() {
        BandwidthTree tree = CompilerTestTrees.wide(4, 10);
        long port = tree.port().port();
        SwitchProgram program = SwitchCompiler.compile(List.of(tree), CAPS, OPTS).program();
        ResolvedTree was = Admission.admit(tree);
        int kept = 0;
        for (int k = 0; k < 2 * TreePlacement.REGISTER_CHUNK_SLOTS; k++) {
            AppliedEdit applied = TreeEdit.add(NodeSpec.builder("extra" + k).parent("g1")
                    .key(MatchKey.exact(32, new byte[] {0, 1, (byte) (2 + k / 250), (byte) (k % 250)})).weight(1.0)
                    .build()).apply(was.tree());
            ResolvedTree now = Admission.admit(was, applied);
            SwitchDelta reference = SwitchCompiler.diff(program, List.of(now.tree()), CAPS, OPTS);
            SwitchDelta d = SwitchCompiler.diffChained(program, List.of(now),
                    Map.of(port, EditChain.of(was, applied, now)), CAPS, OPTS);
            assertEquals(reference.messages(), d.messages());
            boolean newChunk = program.placement().tree(port).get().registerChunks().size()
                    < d.program().placement().tree(port).get().registerChunks().size();
            if (!newChunk) {
                assertTrue("join " + k, d.program().placement() == program.placement());
                assertTrue("join " + k, d.program().layout(port) == program.layout(port));
                kept++;
            } else {
                assertFalse("join " + k, d.program().layout(port) == program.layout(port));
            }
            program = d.program();
            was = now;
        }
        assertTrue(kept > TreePlacement.REGISTER_CHUNK_SLOTS);
    }

    @Test
    public void aChainOfJoinsUnderOneParentExaminesOnlyThatGroup() {
        BandwidthTree tree = CompilerTestTrees.wide(20, 10);
        ResolvedTree was = Admission.admit(tree);
        SwitchDelta installed = SwitchCompiler.compile(List.of(tree), CAPS, OPTS);
        EditChain chain = EditChain.from(was);
        for (int k = 0; k < 3; k++) {
            AppliedEdit applied = TreeEdit.add(NodeSpec.builder("extra" + k).parent("g3")
                    .key(MatchKey.exact(32, new byte[] {0, 3, 1, (byte) k})).weight(1.0).build()).apply(chain.to().tree());
            chain = chain.then(applied, Admission.admit(chain.to(), applied));
        }
        chain = chain.endingAtVersion(tree.version() + 1);
        long port = tree.port().port();
        SwitchDelta d = SwitchCompiler.diffChained(installed.program(), List.of(chain.to()), Map.of(port, chain), CAPS,
                OPTS);
        assertEquals(3, d.added());
        // g3 and the 3 new users: the others keep their weights (weighted mode: the implied
        // guarantees that moved are not in the entries), not the 220 nodes of the tree.
        assertEquals(4, d.examined());
        assertEquals(SwitchCompiler.diff(installed.program(), List.of(chain.to().tree()), CAPS, OPTS).messages(),
                d.messages());
        assertEquals(tree.size() + 3, SwitchCompiler.diff(installed.program(), List.of(chain.to().tree()), CAPS, OPTS)
                .examined());
    }

    @Test
    public void aChainFromAnotherTreeIsRejected() {
        BandwidthTree tree = CompilerTestTrees.twoLevel();
        ResolvedTree was = Admission.admit(tree);
        SwitchDelta installed = SwitchCompiler.compile(List.of(tree), CAPS, OPTS);
        AppliedEdit applied = TreeEdit.deleteSubtree("B1").apply(tree);
        ResolvedTree deleted = Admission.admit(was, applied);
        AppliedEdit second = TreeEdit.add(CompilerTestTrees.user("A4", "A", 1, 4, 1)).apply(deleted.tree());
        EditChain fromDeleted = EditChain.of(deleted, second, Admission.admit(deleted, second));
        try {
            SwitchCompiler.diffChained(installed.program(), List.of(fromDeleted.to()),
                    Map.of(tree.port().port(), fromDeleted), CAPS, OPTS);
            fail("a chain from another tree was accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("are not from version"));
        }
    }

    /** A random tree of about {@code size} nodes, admitted; null if it is not admissible or the switch cannot hold it. */
    private static ResolvedTree installable(RandomEdits random, int size) {
        try {
            ResolvedTree r = Admission.admit(random.tree(size));
            SwitchCompiler.compile(List.of(r.tree()), CAPS, OPTS);
            return r;
        } catch (InvalidTreeException | CompilerException e) {
            return null;
        }
    }

    @Test
    public void addingOneUserRebuildsOnlyItsSiblingGroup() {
        BandwidthTree tree = CompilerTestTrees.wide(20, 10);
        ResolvedTree was = Admission.admit(tree);
        CompiledProgram p = HsdbaCompiler.compile(was, CAPS, OPTS);
        TreeEdit add = TreeEdit.add(NodeSpec.builder("extra").parent("g3")
                .key(MatchKey.exact(32, new byte[] {0, 3, 1, 0})).weight(1.0).build());
        AppliedEdit applied = add.apply(tree);
        ResolvedTree now = Admission.apply(was, add);
        EditScope scope = EditScope.of(applied, was, now);
        // g3 and the new user: its siblings keep their weights, and weights are relative, so no
        // other group re-resolves.
        assertEquals(2, scope.compared().length);
        assertEquals(1, scope.afterNodes().length);
        assertEquals(0, scope.beforeNodes().length);
        CompiledDelta d = HsdbaCompiler.diff(was, now, applied, p.slots(), CAPS, OPTS);
        assertEquals(HsdbaCompiler.diff(tree, now.tree(), p.slots(), CAPS, OPTS).messages(), d.messages());
        assertEquals(1, d.added());
    }

    @Test
    public void aJoinUnderALargeGroupWalksNoMemberUnlessTheirValuesCanMove() {
        BandwidthTree tree = CompilerTestTrees.wide(2, 1000);
        ResolvedTree was = Admission.admit(tree);
        CompiledProgram p = HsdbaCompiler.compile(was, CAPS, OPTS);
        // A user with a weight at the last level (a join from a template): rho moves, and with it
        // only the implied guarantees, which weighted-mode entries do not carry.
        TreeEdit join = TreeEdit.add(NodeSpec.builder("new").parent("g1")
                .key(MatchKey.exact(32, new byte[] {0, 1, 10, 0})).weight(2.0).build());
        AppliedEdit applied = join.apply(tree);
        ResolvedTree now = Admission.apply(was, join);
        EditScope scope = EditScope.of(applied, was, now);
        assertEquals(0, scope.walked());
        assertEquals(2, scope.compared().length);
        assertEquals(HsdbaCompiler.diff(tree, now.tree(), p.slots(), CAPS, OPTS).messages(),
                HsdbaCompiler.diff(was, now, applied, p.slots(), CAPS, OPTS).messages());
        // A user giving only a guaranteed rate derives its weight from rho: the group is walked.
        TreeEdit derived = TreeEdit.add(NodeSpec.builder("derived").parent("g1")
                .key(MatchKey.exact(32, new byte[] {0, 1, 10, 1})).guaranteed(Rate.ofMbps(1)).build());
        applied = derived.apply(tree);
        now = Admission.apply(was, derived);
        assertEquals(1001, EditScope.of(applied, was, now).walked());
        assertEquals(HsdbaCompiler.diff(tree, now.tree(), p.slots(), CAPS, OPTS).messages(),
                HsdbaCompiler.diff(was, now, applied, p.slots(), CAPS, OPTS).messages());
    }

    @Test
    public void anEditOfAnotherTreeIsRejected() {
        BandwidthTree tree = CompilerTestTrees.twoLevel();
        ResolvedTree was = Admission.admit(tree);
        TreeEdit add = TreeEdit.add(CompilerTestTrees.user("A4", "A", 1, 4, 1));
        AppliedEdit applied = add.apply(tree);
        ResolvedTree now = Admission.apply(was, add);
        AppliedEdit other = TreeEdit.deleteSubtree("B1").apply(tree);
        CompiledProgram p = HsdbaCompiler.compile(was, CAPS, OPTS);
        try {
            HsdbaCompiler.diff(was, now, other, p.slots(), CAPS, OPTS);
            fail("an edit to another tree version was accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("is not from version"));
        }
        assertFalse(HsdbaCompiler.diff(was, now, applied, p.slots(), CAPS, OPTS).isEmpty());
    }
}
