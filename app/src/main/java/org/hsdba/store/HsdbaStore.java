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

    /**
     * A write accepted in order but perhaps not durable yet: {@link #await()} returns once it is
     * (and its listeners were told), or throws what made it fail.
     */
    interface Commit {
        /** A write that was durable when it was returned. */
        Commit DONE = () -> { };

        void await();
    }

    /**
     * {@link #putTree} in two steps: checks the version against the latest staged tree
     * ({@link #latestTree}) and orders the write now (throwing {@link VersionConflictException}
     * now), makes it durable when the returned commit is awaited. Lets a writer release its own
     * lock before waiting, so writes staged meanwhile are made durable together (group commit).
     * By default the write is made durable at once.
     */
    default Commit stageTree(BandwidthTree tree, long expectedVersion) {
        putTree(tree, expectedVersion);
        return Commit.DONE;
    }

    /** The port's tree including staged writes not durable yet: what the next write builds on. */
    default Optional<BandwidthTree> latestTree(PortRef port) {
        return tree(port);
    }

    /** Every tree including staged writes not durable yet, ordered by port. */
    default List<BandwidthTree> latestTrees() {
        return trees();
    }

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
