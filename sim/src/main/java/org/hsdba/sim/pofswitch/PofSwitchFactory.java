package org.hsdba.sim.pofswitch;

import java.util.List;
import java.util.Set;
import org.hsdba.algorithm.DropDraw;
import org.hsdba.algorithm.DropRule;
import org.hsdba.algorithm.KernelOptions;
import org.hsdba.algorithm.PassDown;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.model.RuntimeParameters;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.error.SwitchError;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.engine.PacketProcessor;
import org.hsdba.sim.model.TreeBinding;
import org.hsdba.sim.run.ProcessorFactory;

/**
 * The real thing in simulated time: the tree compiled by {@code HsdbaCompiler} for the reference
 * switch's capabilities, installed into a fresh reference {@link Datapath} (HX extension on,
 * random generator seeded with the run seed, all ports enabled) as its control side would, and
 * driven packet by packet. In-switch mode drops at the deepest level; literal compiles the
 * every-level drop variant. Estimator, idle timeout and responsive hold (2 s by default, off
 * with literal) come from the run-time parameters.
 */
public final class PofSwitchFactory implements ProcessorFactory {

    private final Set<String> initial;
    private final long controlLatencyNs;
    private final PassDown passDown;
    private final java.util.function.UnaryOperator<KernelOptions> tweak;
    private final String variant;
    private final boolean fastPath;

    /** Every node of the run's tree installed from the start; join requests are not answered. */
    public PofSwitchFactory() {
        this(null, -1, null, java.util.function.UnaryOperator.identity(), "", true);
    }

    private PofSwitchFactory(Set<String> initial, long controlLatencyNs, PassDown passDown,
            java.util.function.UnaryOperator<KernelOptions> tweak, String variant, boolean fastPath) {
        this.fastPath = fastPath;
        this.initial = initial == null ? null : Set.copyOf(initial);
        this.controlLatencyNs = controlLatencyNs;
        this.passDown = passDown;
        this.tweak = tweak;
        this.variant = variant;
    }

    /** The same factory compiling with pass-down rule {@code p} instead of the kernel's default. */
    public PofSwitchFactory withPassDown(PassDown p) {
        return new PofSwitchFactory(initial, controlLatencyNs, p, tweak, variant, fastPath);
    }

    /** The same factory compiling with the algorithm options changed by {@code f} (named {@code variant} in the outputs). */
    public PofSwitchFactory withAlgorithm(String variant, java.util.function.UnaryOperator<KernelOptions> f) {
        return new PofSwitchFactory(initial, controlLatencyNs, passDown, f, variant, fastPath);
    }

    /**
     * The same factory with its algorithm options further changed by {@code f}, after its own
     * changes (an operator's choice on top of an experiment's variant), named {@code variant} too.
     */
    public PofSwitchFactory andThen(String variant, java.util.function.UnaryOperator<KernelOptions> f) {
        java.util.function.UnaryOperator<KernelOptions> before = tweak;
        return new PofSwitchFactory(initial, controlLatencyNs, passDown, o -> f.apply(before.apply(o)),
                this.variant.isEmpty() ? variant : this.variant + ", " + variant, fastPath);
    }

    /**
     * The responsive hold set to {@code h} as an operator sets it (docs/hsdba-compiler.md section 5
     * item 11): the summed hold ({@link KernelOptions.Builder#summedHold}) with the run's own draw,
     * or, for zero, no hold at all (the hold rules back at the kernel's defaults), whatever the run-time
     * parameters said (their default is a 2 s hold), wherever the drop is at the deepest level (the
     * literal every-level variant is left as it is).
     */
    public static java.util.function.UnaryOperator<KernelOptions> responsiveHold(java.time.Duration h) {
        java.util.Objects.requireNonNull(h, "responsive hold");
        if (h.isNegative()) {
            throw new IllegalArgumentException("the responsive hold must be zero (off) or positive, not " + h);
        }
        if (h.isZero()) {
            KernelOptions none = KernelOptions.DEFAULTS;
            return o -> o.dropRule() != DropRule.DEEPEST_LEVEL ? o : o.toBuilder().responsiveHold(java.time.Duration.ZERO)
                    .holdClaim(none.holdClaim()).holdClimbs(none.holdClimbs()).holdSums(none.holdSums())
                    .holdRelease(none.holdRelease()).build();
        }
        return o -> o.dropRule() != DropRule.DEEPEST_LEVEL ? o : o.toBuilder().summedHold(h).build();
    }

    /**
     * The same factory with the datapath's interpreter alone (no compiled fast path): the
     * reference the fast path is compared with; same results, slower.
     */
    public PofSwitchFactory interpreted() {
        return new PofSwitchFactory(initial, controlLatencyNs, passDown, tweak, variant, false);
    }

    /**
     * The switch starts with only the {@code initial} nodes of the run's tree (the operator's
     * declared tree); a {@link ControllerModel} installs the others when their packets ask to
     * join, {@code controlLatencyNs} after the packet-in.
     */
    public static PofSwitchFactory withJoins(Set<String> initial, long controlLatencyNs) {
        return new PofSwitchFactory(initial, controlLatencyNs, null, java.util.function.UnaryOperator.identity(), "",
                true);
    }

    /**
     * The reference kernel with this factory's algorithm options (pass-down and changes included,
     * not a named variant unless this is one); empty for a joins run, which needs the controller
     * model only the switch has.
     */
    public java.util.Optional<org.hsdba.sim.reference.ReferenceModelFactory> asKernel() {
        if (initial != null) {
            return java.util.Optional.empty();
        }
        PassDown pd = passDown;
        java.util.function.UnaryOperator<KernelOptions> own = tweak;
        return java.util.Optional.of(new org.hsdba.sim.reference.ReferenceModelFactory().withAlgorithm(variant,
                o -> own.apply(pd == null ? o : o.toBuilder().passDown(pd).build())));
    }

    /** Whether an experiment set this factory's algorithm options on purpose (a named variant). */
    public boolean isVariant() {
        return !variant.isEmpty();
    }

    @Override
    public String name() {
        return "pof-reference-switch (compiled program on the reference datapath)"
                + (fastPath ? "" : ", interpreter only") + (passDown == null ? "" : ", pass-down " + passDown) + (variant.isEmpty() ? "" : ", " + variant)
                + (initial == null ? "" : String.format(java.util.Locale.ROOT,
                ", joins by a controller model with %.3f ms latency", controlLatencyNs / 1e6));
    }

    @Override
    public boolean supports(Mode mode) {
        return mode == Mode.IN_SWITCH || mode == Mode.LITERAL;
    }

    @Override
    public PacketProcessor create(TreeBinding binding, Mode mode, RuntimeParameters runtime, int inPort, long seed) {
        if (!supports(mode)) {
            throw new IllegalArgumentException("the compiled switch program runs in-switch and literal, not "
                    + mode.cliName());
        }
        CompilerOptions options = options(mode, runtime);
        if (passDown != null) {
            options = options.toBuilder().algorithm(options.algorithm().toBuilder().passDown(passDown).build()).build();
        }
        options = options.toBuilder().algorithm(tweak.apply(options.algorithm())).build();
        if (initial == null) {
            return new SwitchProcessor(ProgrammedSwitch.install(binding.tree(), options, seed, fastPath), null);
        }
        ProgrammedSwitch sw = ProgrammedSwitch.install(ProgrammedSwitch.restrict(binding.tree(), initial), options, seed,
                fastPath);
        return new SwitchProcessor(sw, new ControllerModel(binding.tree(), controlLatencyNs));
    }

    /** The compiler options of a mode: the runtime's estimator and idle timeout, literal's drop rule and independent draws. */
    public static CompilerOptions options(Mode mode, RuntimeParameters runtime) {
        KernelOptions algorithm = KernelOptions.from(runtime).toBuilder()
                .dropRule(mode == Mode.LITERAL ? DropRule.EVERY_LEVEL : DropRule.DEEPEST_LEVEL)
                // the paper's Algorithm 1 draws each level's drop independently
                .dropDraw(mode == Mode.LITERAL ? DropDraw.INDEPENDENT : KernelOptions.from(runtime).dropDraw())
                // the hold starts at the deepest level's drop: the literal variant runs without it
                .responsiveHold(mode == Mode.LITERAL ? java.time.Duration.ZERO : runtime.responsiveHold()).build();
        return CompilerOptions.from(runtime).toBuilder().algorithm(algorithm).build();
    }

    /** Applies a compiled program's messages; a switch error fails with the message that caused it. */
    static void install(Datapath dp, List<PofMessage> messages) {
        for (PofMessage m : messages) {
            try {
                List<SwitchError> errors = List.of();
                if (m instanceof TableMod) {
                    dp.tableMod((TableMod) m);
                } else if (m instanceof FlowMod) {
                    errors = dp.flowMod((FlowMod) m);
                } else if (m instanceof HxBlockMod) {
                    dp.blockMod((HxBlockMod) m);
                } else if (m instanceof HxRegisterMod) {
                    dp.registerMod((HxRegisterMod) m);
                } else {
                    throw new IllegalStateException("unexpected message in a compiled program: " + m);
                }
                if (!errors.isEmpty()) {
                    throw new IllegalStateException("the switch reported " + errors + " for " + m);
                }
            } catch (SwitchError e) {
                throw new IllegalStateException("the switch rejected " + m + ": " + e, e);
            }
        }
    }
}
