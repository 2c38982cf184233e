package org.hsdba.impl;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.ParametersPreview;
import org.hsdba.api.ParametersPreview.Change;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.EditHistory;
import org.hsdba.impl.program.ProgramChange;
import org.hsdba.impl.program.ProgramException;
import org.hsdba.southbound.PofSwitch;

/**
 * What new run-time parameters would do to one connected switch, decided as the agent will decide
 * it ({@link DeviceAgent#reprogramReason}) and, for an in-place change, by the very diff it would
 * send (computed on the confirmed program, which is immutable; nothing is sent).
 */
final class ParameterImpact {

    private ParameterImpact() {
    }

    static ParametersPreview.Device of(DeviceAgent agent, PofSwitch sw, HsdbaParameters next) {
        DeviceProgram program = agent.confirmed();
        DeviceMode before = program != null ? program.mode() : agent.mode();
        DeviceMode after = modeAfter(sw, next);
        if (program == null) {
            return new ParametersPreview.Device(agent.deviceId, Change.NONE, before, after, 0, 0,
                    "not programmed now: its next full program is compiled with these parameters");
        }
        String reprogram = DeviceAgent.reprogramReason(sw, before, next);
        if (reprogram != null) {
            double installSeconds = Math.max(0, agent.installNanos()) / 1e9;
            double gap = ParametersPreview.RECONNECT_SECONDS + installSeconds;
            return new ParametersPreview.Device(agent.deviceId, Change.REPROGRAM, before, after, 0, gap,
                    reprogram + String.format(": about %.1f s without enforcement (the switch reconnects in about"
                            + " %.0f s, its last full program took %.2f s)", gap, ParametersPreview.RECONNECT_SECONDS,
                            installSeconds));
        }
        ProgramChange change;
        try {
            change = program.update(program.trees(), EditHistory.NONE, next);
        } catch (ProgramException e) {
            return new ParametersPreview.Device(agent.deviceId, Change.REFUSED, before, after, 0, 0,
                    "the switch's program cannot take them: " + e.getMessage());
        }
        int n = change.messages().size();
        return n == 0
                ? new ParametersPreview.Device(agent.deviceId, Change.NONE, before, after, 0, 0,
                        "nothing to send: the switch's program does not carry what changes")
                : new ParametersPreview.Device(agent.deviceId, Change.IN_PLACE, before, after, n, 0,
                        n + " messages (entries MODIFYed, blocks redefined) on the open session; tables, counters"
                                + " and state kept");
    }

    private static DeviceMode modeAfter(PofSwitch sw, HsdbaParameters next) {
        try {
            return DeviceAgent.resolveMode(sw.mode(), next.mode());
        } catch (ProgramException e) {
            return null;
        }
    }
}
