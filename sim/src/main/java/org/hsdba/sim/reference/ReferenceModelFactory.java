package org.hsdba.sim.reference;

import org.hsdba.algorithm.DropDraw;
import org.hsdba.algorithm.DropRule;
import org.hsdba.algorithm.KernelOptions;
import org.hsdba.model.RuntimeParameters;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.engine.PacketProcessor;
import org.hsdba.sim.model.TreeBinding;
import org.hsdba.sim.run.ProcessorFactory;

/**
 * {@link KernelProcessor} for the in-switch mode (drop at the deepest level) and the literal mode
 * (a drop decision at every level), with the kernel's other options at their defaults and the
 * estimator and idle timeout from the run-time parameters.
 */
public final class ReferenceModelFactory implements ProcessorFactory {

    private final java.util.function.UnaryOperator<KernelOptions> tweak;
    private final String variant;

    public ReferenceModelFactory() {
        this(java.util.function.UnaryOperator.identity(), "");
    }

    private ReferenceModelFactory(java.util.function.UnaryOperator<KernelOptions> tweak, String variant) {
        this.tweak = tweak;
        this.variant = variant;
    }

    /** The same factory with the kernel options changed by {@code f} (named {@code variant} in the outputs). */
    public ReferenceModelFactory withAlgorithm(String variant, java.util.function.UnaryOperator<KernelOptions> f) {
        return new ReferenceModelFactory(f, variant);
    }

    /** The same factory with its kernel options further changed by {@code f}, after its own changes. */
    public ReferenceModelFactory andThen(String variant, java.util.function.UnaryOperator<KernelOptions> f) {
        java.util.function.UnaryOperator<KernelOptions> before = tweak;
        return new ReferenceModelFactory(o -> f.apply(before.apply(o)),
                this.variant.isEmpty() ? variant : this.variant + ", " + variant);
    }

    /** Whether an experiment set this factory's algorithm options on purpose (a named variant). */
    public boolean isVariant() {
        return !variant.isEmpty();
    }

    @Override
    public String name() {
        return "reference kernel (org.hsdba.algorithm, doubles)" + (variant.isEmpty() ? "" : ", " + variant);
    }

    @Override
    public boolean supports(Mode mode) {
        return mode == Mode.IN_SWITCH || mode == Mode.LITERAL;
    }

    @Override
    public PacketProcessor create(TreeBinding binding, Mode mode, RuntimeParameters runtime, int inPort, long seed) {
        if (!supports(mode)) {
            throw new IllegalArgumentException("the reference kernel runs in-switch and literal, not " + mode.cliName());
        }
        KernelOptions options = KernelOptions.from(runtime).toBuilder()
                .dropRule(mode == Mode.LITERAL ? DropRule.EVERY_LEVEL : DropRule.DEEPEST_LEVEL)
                // the paper's Algorithm 1 draws each level's drop independently
                .dropDraw(mode == Mode.LITERAL ? DropDraw.INDEPENDENT : KernelOptions.from(runtime).dropDraw())
                .responsiveHold(mode == Mode.LITERAL ? java.time.Duration.ZERO : runtime.responsiveHold()).build();
        options = tweak.apply(options);
        return new KernelProcessor(binding, options, (int) binding.tree().port().port(), seed);
    }
}
