package org.hsdba.store;

import java.util.List;
import java.util.Optional;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;

/** A store that passes every call to another; tests override the calls they hold back or watch. */
public class ForwardingHsdbaStore implements HsdbaStore {
    protected final HsdbaStore inner;

    public ForwardingHsdbaStore(HsdbaStore inner) {
        this.inner = inner;
    }

    @Override
    public List<BandwidthTree> trees() {
        return inner.trees();
    }

    @Override
    public Optional<BandwidthTree> tree(PortRef port) {
        return inner.tree(port);
    }

    @Override
    public void putTree(BandwidthTree tree, long expectedVersion) {
        inner.putTree(tree, expectedVersion);
    }

    @Override
    public Commit stageTree(BandwidthTree tree, long expectedVersion) {
        return inner.stageTree(tree, expectedVersion);
    }

    @Override
    public Optional<BandwidthTree> latestTree(PortRef port) {
        return inner.latestTree(port);
    }

    @Override
    public List<BandwidthTree> latestTrees() {
        return inner.latestTrees();
    }

    @Override
    public void removeTree(PortRef port, long expectedVersion) {
        inner.removeTree(port, expectedVersion);
    }

    @Override
    public HsdbaParameters parameters() {
        return inner.parameters();
    }

    @Override
    public void setParameters(HsdbaParameters parameters) {
        inner.setParameters(parameters);
    }

    @Override
    public void replaceAll(List<BandwidthTree> trees, HsdbaParameters parameters) {
        inner.replaceAll(trees, parameters);
    }

    @Override
    public void addListener(HsdbaStoreListener listener) {
        inner.addListener(listener);
    }

    @Override
    public void removeListener(HsdbaStoreListener listener) {
        inner.removeListener(listener);
    }
}
