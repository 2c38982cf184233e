package org.hsdba.impl.program;

import java.util.List;

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
}
