package org.hsdba.impl;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.Warning;
import org.hsdba.impl.program.ProgramCompiler;
import org.hsdba.impl.program.ProgramException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.hsdba.model.Violation;
import org.hsdba.model.ViolationCode;
import org.hsdba.southbound.PofSwitch;

/**
 * A write judged against the device's switch, if it is connected here: do the device's trees
 * after the write fit the switch's reported sizes (the compiler's own full program,
 * {@link ProgramCompiler#misfit}; the edited tree's previous version is not among them). A switch
 * not connected cannot be judged: the write is accepted with a {@link Warning}.
 */
final class SwitchAdmission {

    private final ProgramCompiler compiler;
    private final Function<String, PofSwitch> connected;
    private final Supplier<HsdbaParameters> parameters;

    SwitchAdmission(ProgramCompiler compiler, Function<String, PofSwitch> connected,
                    Supplier<HsdbaParameters> parameters) {
        this.compiler = compiler;
        this.connected = connected;
        this.parameters = parameters;
    }

    /**
     * Why the connected switch of {@code port}'s device cannot hold {@code trees} (every tree the
     * device would have after the write, admitted), as one {@link ViolationCode#SWITCH_CAPACITY}
     * violation; none if it can, if the switch is not connected, or if it cannot be judged for
     * reasons that are not the trees' (then the device's status says why it is not programmed).
     */
    List<Violation> fit(PortRef port, List<BandwidthTree> trees) {
        PofSwitch sw = connected.apply(port.deviceId());
        if (sw == null) {
            return List.of();
        }
        List<BandwidthTree> device = trees.stream().filter(t -> t.port().deviceId().equals(port.deviceId()))
                .collect(Collectors.toList());
        Optional<String> why;
        try {
            HsdbaParameters p = parameters.get();
            DeviceMode mode = DeviceAgent.resolveMode(sw.mode(), p.mode());
            why = compiler.misfit(device, sw, mode, p);
        } catch (ProgramException e) {
            return List.of();
        }
        return why.map(w -> List.of(new Violation(ViolationCode.SWITCH_CAPACITY, null, "", "switch " + port.deviceId()
                + " cannot hold " + (device.size() == 1 ? "this tree" : "this tree with the device's other "
                + (device.size() - 1) + " tree(s)") + ": " + w))).orElse(List.of());
    }

    /** What a write of {@code port}'s tree could not check now. */
    List<Warning> warnings(PortRef port) {
        if (connected.apply(port.deviceId()) != null) {
            return List.of();
        }
        return List.of(new Warning(Warning.SWITCH_NOT_CONNECTED, "switch " + port.deviceId()
                + " is not connected: the tree is checked against its ports and tables and programmed when it connects;"
                + " if the device's trees do not fit it then, the device reports programmed: false with the reason"
                + " (and an ERROR event) and the switch gets no hsdba program until the trees are changed"));
    }
}
