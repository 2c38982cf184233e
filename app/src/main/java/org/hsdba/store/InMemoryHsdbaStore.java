package org.hsdba.store;

import java.util.List;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;

/** A store that forgets everything when the process ends: tests, and the lab without a data directory. */
public final class InMemoryHsdbaStore extends SnapshotStore {

    public InMemoryHsdbaStore() {
        this(List.of(), HsdbaParameters.DEFAULTS);
    }

    public InMemoryHsdbaStore(List<BandwidthTree> trees, HsdbaParameters parameters) {
        super(trees, parameters);
    }

    @Override
    void persist(List<BandwidthTree> trees, HsdbaParameters parameters) {
        // nothing to make durable
    }
}
