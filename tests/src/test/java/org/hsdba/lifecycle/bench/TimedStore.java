package org.hsdba.lifecycle.bench;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.hsdba.lifecycle.bench.JoinStages.Stage;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.hsdba.store.ForwardingHsdbaStore;
import org.hsdba.store.HsdbaStore;

/**
 * A store that stamps {@link Stage#ADMITTED} and {@link Stage#WRITTEN} for the joined nodes a tree
 * write contains, before and after the inner store's write, and records each write's wall and
 * CPU time (the writing thread's).
 */
final class TimedStore extends ForwardingHsdbaStore {

    private final JoinStages stages;

    TimedStore(HsdbaStore delegate, JoinStages stages) {
        super(Objects.requireNonNull(delegate, "delegate"));
        this.stages = Objects.requireNonNull(stages, "stages");
    }

    @Override
    public void putTree(BandwidthTree tree, long expectedVersion) {
        long cpu = CPU.isCurrentThreadCpuTimeSupported() ? CPU.getCurrentThreadCpuTime() : -1;
        long start = System.nanoTime();
        stages.reached(Stage.ADMITTED, tree::contains, start);
        inner.putTree(tree, expectedVersion);
        long end = System.nanoTime();
        // every contained join, not only those admitted here: one whose write met a conflict is written by the retry
        stages.reached(Stage.WRITTEN, tree::contains, end);
        stages.storeWrite(end - start, cpu < 0 ? -1 : CPU.getCurrentThreadCpuTime() - cpu);
    }

    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    /*
     * Staging as HsdbaStore's defaults do, not forwarded: the manager writes through stageTree, and
     * WRITTEN is stamped by putTree when the write is durable, which the inner store's own staging
     * (group commit) would pass by. So nothing is ever staged here: the latest trees are the stored ones.
     */

    @Override
    public Commit stageTree(BandwidthTree tree, long expectedVersion) {
        putTree(tree, expectedVersion);
        return Commit.DONE;
    }

    @Override
    public Optional<BandwidthTree> latestTree(PortRef port) {
        return tree(port);
    }

    @Override
    public List<BandwidthTree> latestTrees() {
        return trees();
    }
}
