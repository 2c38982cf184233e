package org.hsdba.sim.reference;

import java.util.SplittableRandom;
import org.hsdba.algorithm.HsdbaKernel;
import org.hsdba.algorithm.KernelOptions;
import org.hsdba.algorithm.KernelState;
import org.hsdba.algorithm.KernelTree;
import org.hsdba.algorithm.PacketVerdict;
import org.hsdba.model.BandwidthTree;
import org.hsdba.sim.engine.NodeStateProbe;
import org.hsdba.sim.engine.PacketProcessor;
import org.hsdba.sim.engine.Verdict;
import org.hsdba.sim.model.TreeBinding;

/**
 * Runs {@link HsdbaKernel} on real frames: classifies each frame as the level tables would
 * ({@link KernelTree#deepestMatch}), lets the kernel decide, and draws the drop decisions from a
 * generator seeded per run. Every node is installed from the start (no join round trips); a
 * frame that matches no node is forwarded unenforced, as the kernel specifies. Node states for
 * the recorder: "S" satisfied, "U" unsatisfied, "I" inactive. Single-threaded.
 */
public final class KernelProcessor implements PacketProcessor, NodeStateProbe {

    private final HsdbaKernel kernel;
    private final KernelTree tree;
    private final KernelState state;
    private final SplittableRandom random;
    private final int outPort;

    public KernelProcessor(TreeBinding binding, KernelOptions options, int outPort, long seed) {
        this.tree = KernelTree.of(binding.resolved());
        this.kernel = new HsdbaKernel(tree, options);
        this.state = KernelState.initial(tree);
        this.random = new SplittableRandom(seed);
        this.outPort = outPort;
    }

    @Override
    public Verdict process(byte[] frame, int inPort, long tNs) {
        int deepest = tree.deepestMatch(frame);
        PacketVerdict v = kernel.onPacket(state, deepest, frame.length, tNs, random::nextDouble);
        String node = v.decisionNode() < 0 ? null : tree.tree().node(v.decisionNode()).id();
        return v.forwarded() ? Verdict.forward(outPort, node) : Verdict.drop(node, "hsdba");
    }

    @Override
    public String state(String nodeId) {
        BandwidthTree t = tree.tree();
        int i = t.indexOf(nodeId);
        if (i < 0 || !tree.installed(i)) {
            return null;
        }
        return !state.active(i) ? "I" : state.satisfied(i) ? "S" : "U";
    }

    /** The kernel's state (read it, do not keep it across runs). */
    public KernelState kernelState() {
        return state;
    }
}
