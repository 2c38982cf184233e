package org.hsdba.e2e;

import static org.junit.Assert.assertTrue;

import org.hsdba.admission.Admission;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.compiler.assisted.AssistedCompiler;
import org.hsdba.compiler.assisted.AssistedProgram;
import org.hsdba.compiler.assisted.ControllerAssistedLoop;
import org.hsdba.compiler.assisted.CounterReadings;
import org.hsdba.compiler.assisted.LoopState;
import org.hsdba.model.BandwidthTree;
import org.junit.Test;

/**
 * Controller-assisted mode against the reference switch in stock mode (extension off): the
 * controller polls the entry counters every second of simulated time (at n + 0.5 s, so polls do
 * not line up with the phase changes), runs {@link ControllerAssistedLoop} and sends its FLOW_MOD
 * MODIFYs. Every node's forwarded rate per 10 s phase, averaged after the phase's first 2 s
 * (convergence takes at most two polls), must be within 5 % of the exact allocator.
 */
public class ControllerAssistedPaperTest {

    private static final long POLL_NS = 1_000_000_000L;

    static PhaseRun.Result runAssisted(BandwidthTree tree) {
        ReferenceSwitchHarness sw = new ReferenceSwitchHarness(false, 1);
        SwitchCapabilities caps = SwitchCapabilities.reference().withoutHx();
        AssistedProgram program = AssistedCompiler.compile(tree, caps, CompilerOptions.DEFAULTS);
        sw.install(program.messages());
        ControllerAssistedLoop loop = new ControllerAssistedLoop(program);
        LoopState[] state = {loop.initial(program.messages().size() + 1)};
        long[] nextPoll = {POLL_NS / 2};
        int[] modifies = {0};
        PhaseRun.Result r = PhaseRun.run(Admission.admit(tree), sw::process, 2.0, t -> {
            while (t >= nextPoll[0]) {
                CounterReadings readings = CounterReadings.fromPacketsAndBytes(nextPoll[0], sw.datapath.counters());
                ControllerAssistedLoop.Step step = loop.step(state[0], readings);
                sw.install(new java.util.ArrayList<>(step.modifies()));
                modifies[0] += step.modifies().size();
                state[0] = step.state();
                nextPoll[0] += POLL_NS;
            }
        });
        System.out.println(PaperScenario.SCALE + "; controller-assisted, polling every 1 s, drop field "
                + program.dropField() + " (IPv4 identification, low 8 bits); " + modifies[0] + " FLOW_MOD MODIFYs\n" + r);
        return r;
    }

    @Test
    public void singleLevelWeights112112WithinFivePercentAfterConvergence() {
        PhaseRun.Result r = runAssisted(PaperScenario.singleLevel(1, 1, 2, 1, 1, 2));
        assertTrue(r.toString(), r.worst < 0.05);
    }

    @Test
    public void twoLevelWeightsAB12Children112WithinFivePercentAfterConvergence() {
        PhaseRun.Result r = runAssisted(PaperScenario.twoLevel(1, 2, 1, 1, 2));
        assertTrue(r.toString(), r.worst < 0.05);
    }
}
