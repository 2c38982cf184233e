package org.hsdba.impl;

import org.hsdba.admission.EditChain;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.store.HsdbaStore;

/**
 * The one way the manager writes a tree to the store, keeping what it knows of the stored trees
 * in step: the edits are recorded before the write (so that the program update the write
 * triggers finds them) and taken back if another writer got there first; the admitted form is
 * recorded once the write is staged. Used under the manager's write lock; the caller waits for
 * the returned commit after releasing it.
 */
final class TreeWriter {

    private final HsdbaStore store;
    private final AdmittedTrees admitted;
    private final EditJournal journal;

    TreeWriter(HsdbaStore store, AdmittedTrees admitted, EditJournal journal) {
        this.store = store;
        this.admitted = admitted;
        this.journal = journal;
    }

    /**
     * Writes {@code next} over {@code current} (null: no tree yet).
     *
     * @param resolved the admitted {@code next} (same tree object), or null if not kept
     * @param edits    how {@code next} was made from {@code current}, ending at {@code resolved}; null if unknown
     * @return the staged write: {@link HsdbaStore.Commit#await()} returns once it is durable
     * @throws VersionConflictException if the latest staged tree is no longer {@code current}; nothing is recorded then
     */
    HsdbaStore.Commit write(BandwidthTree current, BandwidthTree next, ResolvedTree resolved, EditChain edits) {
        journal.record(current, next, edits);
        HsdbaStore.Commit commit;
        try {
            commit = store.stageTree(next, current == null ? 0 : current.version());
        } catch (VersionConflictException e) {
            journal.retract(next);
            throw e;
        }
        admitted.stored(next, resolved);
        return commit;
    }
}
