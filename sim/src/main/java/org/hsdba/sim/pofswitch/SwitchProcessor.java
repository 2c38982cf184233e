package org.hsdba.sim.pofswitch;

import org.hsdba.sim.engine.EnforcementProbe;
import org.hsdba.sim.engine.NodeStateProbe;
import org.hsdba.sim.engine.PacketProcessor;
import org.hsdba.sim.engine.Verdict;

/**
 * The compiled program on the reference datapath as the harness's switch under test, optionally
 * with a {@link ControllerModel} answering its join requests. Node states and enforcement state
 * are read back from the switch ({@link ProgrammedSwitch}).
 */
public final class SwitchProcessor implements PacketProcessor, NodeStateProbe, EnforcementProbe {

    private final ProgrammedSwitch sw;
    private final DatapathProcessor driver;
    private final ControllerModel controller;

    /** @param controller answers joins, or null (packet-ins are then only counted) */
    public SwitchProcessor(ProgrammedSwitch sw, ControllerModel controller) {
        this.sw = sw;
        this.controller = controller;
        this.driver = new DatapathProcessor(sw.datapath(), (int) sw.layout().egressPort(), sw::nodeOf);
    }

    @Override
    public Verdict process(byte[] frame, int inPort, long tNs) {
        if (controller != null) {
            controller.before(tNs, sw);
        }
        Verdict v = driver.process(frame, inPort, tNs);
        if (controller != null && !driver.lastUpward().isEmpty()) {
            controller.upward(driver.lastUpward(), tNs, sw);
        }
        return v;
    }

    public ProgrammedSwitch programmedSwitch() {
        return sw;
    }

    /** The controller model, or null. */
    public ControllerModel controller() {
        return controller;
    }

    public DatapathProcessor driver() {
        return driver;
    }

    @Override
    public String state(String nodeId) {
        return sw.state(nodeId);
    }

    @Override
    public double measuredBps(String nodeId) {
        return sw.measuredBps(nodeId);
    }

    @Override
    public double fairBps(String nodeId) {
        return sw.fairBps(nodeId);
    }
}
