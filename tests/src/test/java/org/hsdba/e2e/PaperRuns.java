package org.hsdba.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.algorithm.KernelOptions;
import org.hsdba.compiler.CompiledProgram;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.HsdbaCompiler;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.compiler.SwitchCompiler;
import org.hsdba.compiler.SwitchDelta;
import org.hsdba.compiler.assisted.AssistedCompiler;
import org.hsdba.compiler.assisted.AssistedProgram;
import org.hsdba.compiler.assisted.AssistedSwitchCompiler;
import org.hsdba.compiler.assisted.AssistedSwitchDelta;
import org.hsdba.compiler.assisted.AssistedSwitchProgram;
import org.hsdba.compiler.assisted.ControllerAssistedLoop;
import org.hsdba.compiler.assisted.CounterReadings;
import org.hsdba.compiler.assisted.DropHash;
import org.hsdba.compiler.assisted.LoopState;
import org.hsdba.model.BandwidthTree;

/**
 * The paper's runs against any {@link SwitchUnderTest}: compile for the switch's capabilities,
 * install, drive {@link PaperScenario}'s sources through it with {@link PhaseRun}, and in
 * controller-assisted mode poll its counters and install the loop's MODIFYs between frames.
 */
final class PaperRuns {

    /** In-switch parameters: EWMA K = 10 ms (the default), leaf idle timeout 50 ms. */
    static final CompilerOptions IN_SWITCH = CompilerOptions.builder()
            .algorithm(KernelOptions.builder().idleTimeout(Duration.ofMillis(50)).build()).build();
    /** In-switch rates are averaged over each phase after its first second. */
    static final double IN_SWITCH_SETTLE_S = 1.0;
    /** Controller-assisted polling period (simulated time). */
    static final long POLL_NS = 1_000_000_000L;
    /**
     * Controller-assisted rates are averaged after the phase's first 3 s: a leaf that stops keeps
     * its demand for the loop's two-poll demand window, then the passed-rate integral takes one
     * step (a sender that does not react lands in one step).
     */
    static final double ASSISTED_SETTLE_S = 3.0;

    private PaperRuns() {
    }

    /** The in-switch program, compiled for {@code sw}'s capabilities, over the first {@code phases} phases. */
    static PhaseRun.Result inSwitch(BandwidthTree tree, CompilerOptions options, SwitchUnderTest sw, int phases) {
        SwitchCapabilities caps = sw.capabilities();
        if (caps.hx().isEmpty()) {
            throw new AssertionError("the in-switch program needs a switch with the extension, got " + caps);
        }
        ResolvedTree resolved = Admission.admit(tree);
        CompiledProgram program = HsdbaCompiler.compile(tree, caps, options);
        sw.install(program.messages());
        PhaseRun.Result r = PhaseRun.run(resolved, sw::process, IN_SWITCH_SETTLE_S, t -> { }, phases);
        System.out.println(PaperScenario.SCALE + "; " + options.algorithm() + "; " + tree.size() + " nodes; "
                + program.messages().size() + " messages for " + caps + "\n" + r);
        return r;
    }

    /**
     * The controller-assisted program: the controller reads the entry counters every second of
     * simulated time (at n + 0.5 s, so polls do not line up with the phase changes), runs
     * {@link ControllerAssistedLoop} and installs its FLOW_MOD MODIFYs before the next frame.
     */
    static PhaseRun.Result assisted(BandwidthTree tree, SwitchUnderTest sw) {
        SwitchCapabilities caps = sw.capabilities();
        if (caps.hx().isPresent()) {
            throw new AssertionError("controller-assisted runs expect a stock switch, got " + caps);
        }
        AssistedProgram program = AssistedCompiler.compile(tree, caps, CompilerOptions.DEFAULTS);
        sw.install(program.messages());
        Poller poller = new Poller(program, sw);
        PhaseRun.Result r = PhaseRun.run(Admission.admit(tree), sw::process, ASSISTED_SETTLE_S, poller::at);
        System.out.println(PaperScenario.SCALE + "; controller-assisted, polling every 1 s, drop hash of "
                + DropHash.BITS + " bits; " + poller.polls + " polls, "
                + poller.modifies + " FLOW_MOD MODIFYs\n" + r);
        return r;
    }

    /**
     * Several trees on one switch with the extension ({@link SwitchCompiler}: a dispatch table by
     * each tree's port selector), over the first {@code phases} phases; one result per tree.
     */
    static List<PhaseRun.Result> inSwitchTrees(List<BandwidthTree> trees, CompilerOptions options, SwitchUnderTest sw,
                                               int phases) {
        SwitchDelta program = SwitchCompiler.compile(trees, sw.capabilities(), options);
        sw.install(program.messages());
        List<PhaseRun.Result> r = PhaseRun.runTrees(resolved(trees), sw::egress, IN_SWITCH_SETTLE_S, t -> { }, phases);
        for (int j = 0; j < trees.size(); j++) {
            System.out.println(PaperScenario.SCALE + "; " + options.algorithm() + "; tree of port "
                    + trees.get(j).port().port() + " of " + trees.size() + " on one switch ("
                    + program.messages().size() + " messages in all)\n" + r.get(j));
        }
        return r;
    }

    /** Several trees on one stock switch ({@link AssistedSwitchCompiler}), polled every second. */
    static List<PhaseRun.Result> assistedTrees(List<BandwidthTree> trees, SwitchUnderTest sw, int phases) {
        AssistedSwitchDelta install = AssistedSwitchCompiler.compile(trees, sw.capabilities(), CompilerOptions.DEFAULTS);
        sw.install(install.messages());
        SwitchPoller poller = new SwitchPoller(install.program(), sw);
        List<PhaseRun.Result> r = PhaseRun.runTrees(resolved(trees), sw::egress, ASSISTED_SETTLE_S, poller::at, phases);
        for (int j = 0; j < trees.size(); j++) {
            System.out.println(PaperScenario.SCALE + "; controller-assisted; tree of port " + trees.get(j).port().port()
                    + " of " + trees.size() + " on one switch; " + poller.polls + " polls, " + poller.modifies
                    + " FLOW_MOD MODIFYs in all\n" + r.get(j));
        }
        return r;
    }

    private static List<ResolvedTree> resolved(List<BandwidthTree> trees) {
        List<ResolvedTree> out = new ArrayList<>();
        trees.forEach(t -> out.add(Admission.admit(t)));
        return out;
    }

    /** The controller's side of assisted mode for every tree of a switch. */
    private static final class SwitchPoller {
        private final SwitchUnderTest sw;
        private AssistedSwitchProgram program;
        private long nextPollNs = POLL_NS / 2;
        int polls;
        int modifies;

        SwitchPoller(AssistedSwitchProgram program, SwitchUnderTest sw) {
            this.program = program;
            this.sw = sw;
        }

        void at(long tNs) {
            while (tNs >= nextPollNs) {
                AssistedSwitchProgram.Step step = program.step(CounterReadings.of(nextPollNs, sw.counterBytes(), sw.counterPackets()));
                sw.install(step.modifies());
                polls++;
                modifies += step.modifies().size();
                program = step.next();
                nextPollNs += POLL_NS;
            }
        }
    }

    /** The controller's side of assisted mode, called with the time of every frame. */
    private static final class Poller {
        private final ControllerAssistedLoop loop;
        private final SwitchUnderTest sw;
        private LoopState state;
        private long nextPollNs = POLL_NS / 2;
        int polls;
        int modifies;

        Poller(AssistedProgram program, SwitchUnderTest sw) {
            this.loop = new ControllerAssistedLoop(program);
            this.sw = sw;
            this.state = loop.initial(program.messages().size() + 1);
        }

        void at(long tNs) {
            while (tNs >= nextPollNs) {
                ControllerAssistedLoop.Step step = loop.step(state, CounterReadings.of(nextPollNs, sw.counterBytes(), sw.counterPackets()));
                sw.install(step.modifies());
                polls++;
                modifies += step.modifies().size();
                state = step.state();
                nextPollNs += POLL_NS;
            }
        }
    }
}
