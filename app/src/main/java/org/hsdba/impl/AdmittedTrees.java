package org.hsdba.impl;

import java.util.HashMap;
import java.util.Map;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.PortRef;

/**
 * The admitted form of each port's current tree, kept so that an edit or a join costs what it
 * touches ({@link Admission#apply(ResolvedTree, org.hsdba.model.TreeEdit)}) instead of a full
 * admission of the tree. A tree written elsewhere (another cluster member, an import) is admitted
 * in full once. The resolved tree may carry another version number than the stored one (a join
 * batch adds several nodes in one version): admission does not depend on the version. Not
 * thread-safe: used under the manager's write lock.
 */
final class AdmittedTrees {

    private static final class Entry {
        final BandwidthTree stored;
        final ResolvedTree resolved;

        Entry(BandwidthTree stored, ResolvedTree resolved) {
            this.stored = stored;
            this.resolved = resolved;
        }
    }

    private final Map<PortRef, Entry> byPort = new HashMap<>();

    /**
     * The admitted form of {@code current}: the one last recorded if {@code current} is that tree,
     * else a full admission (recorded). Null if {@code current} is not admissible (stored before
     * a rule existed): callers then check in full.
     */
    ResolvedTree of(BandwidthTree current) {
        Entry e = byPort.get(current.port());
        if (e != null && (e.stored == current || e.stored.equals(current))) {
            return e.resolved;
        }
        try {
            ResolvedTree r = Admission.admit(current);
            byPort.put(current.port(), new Entry(current, r));
            return r;
        } catch (InvalidTreeException ex) {
            byPort.remove(current.port());
            return null;
        }
    }

    /** Records that {@code stored} was written and {@code resolved} (of the same nodes) admits it; null forgets the port. */
    void stored(BandwidthTree stored, ResolvedTree resolved) {
        if (resolved == null) {
            byPort.remove(stored.port());
        } else {
            byPort.put(stored.port(), new Entry(stored, resolved));
        }
    }

    void forget(PortRef port) {
        byPort.remove(port);
    }
}
