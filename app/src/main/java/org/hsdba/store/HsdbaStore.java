package org.hsdba.store;

import java.util.List;
import java.util.Optional;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;

/**
 * Versioned trees per port and run-time parameters. Tree writes are compare-and-set on the
 * tree's version ({@link BandwidthTree#version()}, 0 = no tree): they succeed only if the stored
 * version is the expected one, and otherwise throw {@link VersionConflictException} and change
 * nothing. A write returns once it is durable for this kind of store. Listeners hear about every
 * change, including this instance's own.
 */
public interface HsdbaStore {

    /** Every stored tree, ordered by port. */
    List<BandwidthTree> trees();

    Optional<BandwidthTree> tree(PortRef port);

    /** Stores {@code tree} (as given, with its version) if the port's stored version is {@code expectedVersion}. */
    void putTree(BandwidthTree tree, long expectedVersion);

    /** Removes the port's tree if its stored version is {@code expectedVersion} (0: nothing to do). */
    void removeTree(PortRef port, long expectedVersion);

    HsdbaParameters parameters();

    void setParameters(HsdbaParameters parameters);

    /**
     * Replaces every tree and the parameters at once. Readers see the old or the new
     * configuration, never a mix, in stores that can do so (see each implementation).
     */
    void replaceAll(List<BandwidthTree> trees, HsdbaParameters parameters);

    void addListener(HsdbaStoreListener listener);

    void removeListener(HsdbaStoreListener listener);
}
