package org.hsdba.sim.reference;

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

    @Override
    public String name() {
        return "reference kernel (org.hsdba.algorithm, doubles)";
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
                .dropRule(mode == Mode.LITERAL ? DropRule.EVERY_LEVEL : DropRule.DEEPEST_LEVEL).build();
        return new KernelProcessor(binding, options, (int) binding.tree().port().port(), seed);
    }
}
