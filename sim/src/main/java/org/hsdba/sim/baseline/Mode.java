package org.hsdba.sim.baseline;

/**
 * What enforces the allocation in a run. The baselines are built by the harness itself; the
 * switch modes need a switch program (compiled from the tree) supplied through
 * {@code org.hsdba.sim.run.ProcessorFactory}.
 */
public enum Mode {
    /** No per-flow control; a tail-drop FIFO output queue. */
    FIFO("fifo", false),
    /** No per-flow control in the pipeline; a DWRR output scheduler with one queue per leaf. */
    DWRR("dwrr", false),
    /** HSDBA in the switch, drop at the deepest level (algorithm section 3), FIFO output queue. */
    IN_SWITCH("in-switch", true),
    /** The paper's Algorithm 1 read literally (drops at every level), FIFO output queue. */
    LITERAL("literal", true),
    /** The controller installs limits from polled rates, FIFO output queue. */
    CONTROLLER_ASSISTED("controller-assisted", true);

    private final String cliName;
    private final boolean needsSwitchProgram;

    Mode(String cliName, boolean needsSwitchProgram) {
        this.cliName = cliName;
        this.needsSwitchProgram = needsSwitchProgram;
    }

    /** The name in scenario files and on the command line. */
    public String cliName() {
        return cliName;
    }

    /** True if the processor comes from a compiled switch program rather than the harness. */
    public boolean needsSwitchProgram() {
        return needsSwitchProgram;
    }

    public static Mode fromName(String name) {
        for (Mode m : values()) {
            if (m.cliName.equals(name)) {
                return m;
            }
        }
        StringBuilder known = new StringBuilder();
        for (Mode m : values()) {
            known.append(known.length() == 0 ? "" : ", ").append(m.cliName);
        }
        throw new IllegalArgumentException("unknown mode \"" + name + "\" (use " + known + ")");
    }
}
