package org.hsdba.store;

import java.util.Optional;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;

/**
 * Told about every change of a store, local or made by another cluster member. May be called on
 * any thread, possibly after the write returned: hand the work off, never block.
 */
public interface HsdbaStoreListener {

    /** The tree of {@code port} is now {@code tree}, or gone if empty. */
    void treeChanged(PortRef port, Optional<BandwidthTree> tree);

    void parametersChanged(HsdbaParameters parameters);
}
