package org.hsdba.impl.compiler;

import java.util.List;
import java.util.stream.Collectors;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.ProgramCompiler;
import org.hsdba.impl.program.ProgramException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.southbound.PofSwitch;

/**
 * The production {@link ProgramCompiler}: the in-switch program ({@code HsdbaCompiler}) or the
 * controller-assisted one ({@code AssistedCompiler}), compiled with the run-time parameters'
 * estimator and idle timeout. Both programs start every packet in global table 0, so a device
 * holds one tree (one managed egress port) at a time; a second one is refused with a clear error.
 */
public final class CompilerPrograms implements ProgramCompiler {

    @Override
    public DeviceProgram compile(List<BandwidthTree> trees, PofSwitch sw, DeviceMode mode, HsdbaParameters parameters) {
        single(trees);
        CompilerOptions opts;
        try {
            opts = CompilerOptions.from(parameters.toRuntime());
        } catch (IllegalArgumentException e) {
            throw new ProgramException("parameters cannot be compiled: " + e.getMessage(), e);
        }
        return mode == DeviceMode.IN_SWITCH ? InSwitchProgram.compile(trees, Capabilities.of(sw, mode), opts)
                : AssistedDeviceProgram.compile(trees, Capabilities.of(sw, mode), opts);
    }

    /** The device's one tree, or null for none; more than one is a {@link ProgramException}. */
    static BandwidthTree single(List<BandwidthTree> trees) {
        if (trees.size() > 1) {
            throw new ProgramException("a switch enforces one tree, but " + trees.get(0).port().deviceId()
                    + " has trees for ports " + trees.stream().map(t -> String.valueOf(t.port().port()))
                    .collect(Collectors.joining(", ")) + "; remove all but one");
        }
        return trees.isEmpty() ? null : trees.get(0);
    }
}
