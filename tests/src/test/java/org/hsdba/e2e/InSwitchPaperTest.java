package org.hsdba.e2e;

import static org.junit.Assert.assertTrue;

import java.time.Duration;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.algorithm.DropRule;
import org.hsdba.algorithm.KernelOptions;
import org.hsdba.compiler.CompiledProgram;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.HsdbaCompiler;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.model.BandwidthTree;
import org.junit.Test;

/**
 * The decisive test: the compiled program, installed into the reference switch's datapath (in
 * process, extension on), enforces the paper's allocations per packet. Parameters: see
 * {@link PaperScenario}; EWMA K = 10 ms, leaf idle timeout 50 ms, random seed 1; every node's
 * forwarded rate per 10 s phase, averaged after the phase's first second, must be within 2 % of
 * the exact allocator. The literal every-level-drop variant must miss that bound.
 */
public class InSwitchPaperTest {

    private static final CompilerOptions OPTIONS = CompilerOptions.builder()
            .algorithm(KernelOptions.builder().idleTimeout(Duration.ofMillis(50)).build()).build();

    static PhaseRun.Result runInSwitch(BandwidthTree tree, CompilerOptions options) {
        return runInSwitch(tree, options, PaperScenario.PHASES);
    }

    static PhaseRun.Result runInSwitch(BandwidthTree tree, CompilerOptions options, int phases) {
        ResolvedTree resolved = Admission.admit(tree);
        CompiledProgram program = HsdbaCompiler.compile(tree, SwitchCapabilities.reference(), options);
        ReferenceSwitchHarness sw = new ReferenceSwitchHarness(true, 1);
        sw.install(program.messages());
        PhaseRun.Result r = PhaseRun.run(resolved, sw::process, 1.0, t -> { }, phases);
        System.out.println(PaperScenario.SCALE + "; " + options.algorithm() + "; " + tree.size() + " nodes\n" + r);
        return r;
    }

    @Test
    public void singleLevelWeights112112WithinTwoPercentOfExact() {
        PhaseRun.Result r = runInSwitch(PaperScenario.singleLevel(1, 1, 2, 1, 1, 2), OPTIONS);
        assertTrue(r.toString(), r.worst < 0.02);
    }

    @Test
    public void twoLevelWeightsAB12Children112WithinTwoPercentOfExact() {
        PhaseRun.Result r = runInSwitch(PaperScenario.twoLevel(1, 2, 1, 1, 2), OPTIONS);
        assertTrue(r.toString(), r.worst < 0.02);
    }

    @Test
    public void literalEveryLevelDropMissesTheTwoPercentBound() {
        CompilerOptions literal = OPTIONS.toBuilder()
                .algorithm(OPTIONS.algorithm().toBuilder().dropRule(DropRule.EVERY_LEVEL).build()).build();
        // The first 70 s hold every congested phase; the rest would only add run time.
        PhaseRun.Result r = runInSwitch(PaperScenario.twoLevel(1, 2, 1, 1, 2), literal, 7);
        assertTrue("the literal variant should miss 2 %: " + r, r.worst > 0.02);
    }
}
