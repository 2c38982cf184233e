package org.hsdba.lifecycle.bench;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.lifecycle.bench.JoinStages.Stage;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.hsdba.store.HsdbaStore;
import org.hsdba.store.HsdbaStoreListener;

/** A store that stamps {@link Stage#WRITTEN} for the joined nodes a tree write contains. */
final class TimedStore implements HsdbaStore {

    private final HsdbaStore delegate;
    private final JoinStages stages;

    TimedStore(HsdbaStore delegate, JoinStages stages) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.stages = Objects.requireNonNull(stages, "stages");
    }

    @Override
    public void putTree(BandwidthTree tree, long expectedVersion) {
        delegate.putTree(tree, expectedVersion);
        stages.reached(Stage.WRITTEN, tree::contains, System.nanoTime());
    }

    @Override
    public List<BandwidthTree> trees() {
        return delegate.trees();
    }

    @Override
    public Optional<BandwidthTree> tree(PortRef port) {
        return delegate.tree(port);
    }

    @Override
    public void removeTree(PortRef port, long expectedVersion) {
        delegate.removeTree(port, expectedVersion);
    }

    @Override
    public HsdbaParameters parameters() {
        return delegate.parameters();
    }

    @Override
    public void setParameters(HsdbaParameters parameters) {
        delegate.setParameters(parameters);
    }

    @Override
    public void replaceAll(List<BandwidthTree> trees, HsdbaParameters parameters) {
        delegate.replaceAll(trees, parameters);
    }

    @Override
    public void addListener(HsdbaStoreListener listener) {
        delegate.addListener(listener);
    }

    @Override
    public void removeListener(HsdbaStoreListener listener) {
        delegate.removeListener(listener);
    }
}
