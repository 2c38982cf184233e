package org.hsdba.impl.compiler;

import java.util.List;
import java.util.Optional;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.ProgramCompiler;
import org.hsdba.impl.program.ProgramException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.southbound.PofSwitch;

/**
 * The production {@link ProgramCompiler}: the in-switch program ({@code SwitchCompiler}) or the
 * controller-assisted one ({@code AssistedSwitchCompiler}) of all the device's trees, compiled
 * with the run-time parameters' estimator and idle timeout. A dispatch table at global table 0
 * picks each packet's tree by the trees' port selectors, so a device holds one tree per managed
 * egress port.
 */
public final class CompilerPrograms implements ProgramCompiler {

    @Override
    public DeviceProgram compile(List<BandwidthTree> trees, PofSwitch sw, DeviceMode mode, HsdbaParameters parameters) {
        return mode == DeviceMode.IN_SWITCH ? InSwitchProgram.compile(trees, Capabilities.of(sw, mode), parameters)
                : AssistedDeviceProgram.compile(trees, Capabilities.of(sw, mode), parameters);
    }

    /** The compiler options of run-time parameters (their estimator and idle timeout). */
    static CompilerOptions options(HsdbaParameters parameters) {
        try {
            return CompilerOptions.from(parameters.toRuntime());
        } catch (IllegalArgumentException e) {
            throw new ProgramException("parameters cannot be compiled: " + e.getMessage(), e);
        }
    }

    /** {@link SwitchFit} on the switch's reported sizes; a switch without them, or bad parameters, throw. */
    @Override
    public Optional<String> misfit(List<BandwidthTree> trees, PofSwitch sw, DeviceMode mode,
                                   HsdbaParameters parameters) {
        return SwitchFit.misfit(trees, Capabilities.of(sw, mode), options(parameters));
    }

}
