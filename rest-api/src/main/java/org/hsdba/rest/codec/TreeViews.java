package org.hsdba.rest.codec;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;

/**
 * What the API derives from a stored tree, computed once per tree version: its JSON text (GET
 * tree of 10^4 nodes is 600 kB) and its resolved guarantees and weights (node views). Trees are
 * immutable, so an entry stays valid as long as the service answers the same tree; one entry per
 * port, replaced when the tree changes.
 */
public final class TreeViews {

    private static final TreeCodec TREE = new TreeCodec();
    private static final Map<PortRef, Entry> CACHE = new ConcurrentHashMap<>();

    private TreeViews() {
    }

    /** The tree in the config format with its version, as UTF-8 JSON text. */
    public static byte[] json(BandwidthTree tree) {
        Entry e = entry(tree);
        byte[] json = e.json;
        if (json == null) {
            json = TREE.encode(tree, null).toString().getBytes(StandardCharsets.UTF_8);
            e.json = json;
        }
        return json;
    }

    /** The admitted tree's effective guarantees and weights. */
    public static ResolvedTree resolved(BandwidthTree tree) {
        Entry e = entry(tree);
        ResolvedTree r = e.resolved;
        if (r == null) {
            r = Admission.admit(tree);
            e.resolved = r;
        }
        return r;
    }

    /**
     * Records what a write already resolved for the tree it wrote, so that views of that version
     * do not admit it again; kept unless a later version is already there (concurrent writes).
     */
    public static void remember(ResolvedTree resolved) {
        BandwidthTree tree = resolved.tree();
        Entry fresh = new Entry(tree);
        fresh.resolved = resolved;
        CACHE.merge(tree.port(), fresh, (old, mine) -> old.tree.version() > tree.version() ? old
                : old.tree == tree ? withResolved(old, resolved) : mine);
    }

    private static Entry withResolved(Entry e, ResolvedTree resolved) {
        if (e.resolved == null) {
            e.resolved = resolved;
        }
        return e;
    }

    /** Forgets a port (its tree was removed). */
    public static void forget(PortRef port) {
        CACHE.remove(port);
    }

    private static Entry entry(BandwidthTree tree) {
        Entry e = CACHE.get(tree.port());
        if (e != null && (e.tree == tree || (e.tree.version() == tree.version() && e.tree.equals(tree)))) {
            return e;
        }
        Entry fresh = new Entry(tree);
        CACHE.put(tree.port(), fresh);
        return fresh;
    }

    /** Derived views of one tree; fields are filled lazily, racing fills compute equal values. */
    private static final class Entry {
        final BandwidthTree tree;
        volatile byte[] json;
        volatile ResolvedTree resolved;

        Entry(BandwidthTree tree) {
            this.tree = tree;
        }
    }
}
