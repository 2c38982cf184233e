package org.hsdba.impl.compiler;

import org.hsdba.api.DeviceMode;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.impl.program.ProgramException;
import org.hsdba.southbound.PofSwitch;

/** What the compiler needs to know about a connected switch. */
final class Capabilities {

    private Capabilities() {
    }

    /** From the switch's RESOURCE_REPORT and, in in-switch mode, its HX_FEATURES_REPLY. */
    static SwitchCapabilities of(PofSwitch sw, DeviceMode mode) {
        if (sw.resources() == null) {
            throw new ProgramException("switch " + sw.deviceId() + " sent no RESOURCE_REPORT: table sizes unknown");
        }
        if (mode != DeviceMode.IN_SWITCH) {
            return SwitchCapabilities.of(sw.resources(), null);
        }
        return SwitchCapabilities.of(sw.resources(), sw.extensionFeatures().orElseThrow(() -> new ProgramException(
                "switch " + sw.deviceId() + " is in in-switch mode but reported no HSDBA extension features")));
    }
}
