package org.hsdba.impl.program;

import java.util.List;
import java.util.Optional;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.hsdba.southbound.PofSwitch;

/** Compiles all trees of one device for one connected switch. Pure: no messages are sent. */
public interface ProgramCompiler {

    /**
     * The full program for a freshly wiped switch.
     *
     * @param trees the device's admitted trees (templates are not installed)
     * @param sw the switch (features, resources, table ids); nothing is sent to it
     * @param mode {@link DeviceMode#IN_SWITCH} or {@link DeviceMode#CONTROLLER_ASSISTED}
     * @param parameters estimator, idle timeout and other run-time parameters
     * @throws ProgramException if the trees cannot be programmed into this switch
     */
    DeviceProgram compile(List<BandwidthTree> trees, PofSwitch sw, DeviceMode mode, HsdbaParameters parameters);

    /**
     * Why this switch cannot hold exactly these trees (a full program for it, wiped), or empty if
     * it can: what admission asks before a write is stored. By default the full compile.
     *
     * @throws ProgramException if it cannot be judged for reasons that are not the trees' (the
     *         switch reported no sizes, the parameters do not compile)
     */
    default Optional<String> misfit(List<BandwidthTree> trees, PofSwitch sw, DeviceMode mode,
                                    HsdbaParameters parameters) {
        try {
            compile(trees, sw, mode, parameters);
            return Optional.empty();
        } catch (ProgramException e) {
            return Optional.of(e.getMessage());
        }
    }
}
