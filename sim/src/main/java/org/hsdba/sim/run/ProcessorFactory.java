package org.hsdba.sim.run;

import org.hsdba.model.RuntimeParameters;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.engine.PacketProcessor;
import org.hsdba.sim.model.TreeBinding;

/**
 * Makes the switch under test for the modes that run a switch program (in-switch, literal,
 * controller-assisted): e.g. the tree compiled for the reference POF switch, or the Java
 * reference model of the algorithm. A processor that also implements
 * {@link org.hsdba.sim.engine.NodeStateProbe} gets its node states recorded.
 */
public interface ProcessorFactory {

    /** Short name stated in the outputs, e.g. "reference-model" or "pof-reference-switch". */
    String name();

    /** True if this factory can make a processor for {@code mode}. */
    boolean supports(Mode mode);

    /**
     * A fresh processor enforcing {@code binding}'s tree: packets arrive on {@code inPort},
     * forwarded ones leave on the tree's port. {@code seed} seeds any randomness (drop decisions).
     */
    PacketProcessor create(TreeBinding binding, Mode mode, RuntimeParameters runtime, int inPort, long seed);
}
