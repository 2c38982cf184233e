package org.hsdba.sim.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.alloc.Allocation;
import org.hsdba.alloc.Allocator;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.sim.engine.NodeTree;
import org.hsdba.sim.engine.Oracle;
import org.hsdba.sim.traffic.FieldWrite;

/**
 * One admitted bandwidth tree as the harness sees it. Templates are left out (they are never
 * installed). The root (the port) is named {@code port/<number>}, which no node id can be ('/' is
 * not allowed in ids). Weights are the admitted effective weights. Immutable.
 */
public final class TreeBinding {

    private final ResolvedTree resolved;
    private final NodeTree nodes;
    private final String rootId;

    private TreeBinding(ResolvedTree resolved) {
        this.resolved = resolved;
        BandwidthTree t = resolved.tree();
        this.rootId = "port/" + t.port().port();
        NodeTree.Builder b = NodeTree.builder(rootId);
        for (int i = 0; i < t.size(); i++) {
            NodeSpec n = t.node(i);
            if (!n.isTemplate()) {
                b.add(n.id(), n.parentId() == null ? rootId : n.parentId(), resolved.weight(i));
            }
        }
        this.nodes = b.build();
    }

    /** Admits {@code tree} (throws {@code InvalidTreeException} with every violation) and binds it. */
    public static TreeBinding of(BandwidthTree tree) {
        return new TreeBinding(Admission.admit(tree));
    }

    public static TreeBinding of(ResolvedTree resolved) {
        return new TreeBinding(resolved);
    }

    public BandwidthTree tree() {
        return resolved.tree();
    }

    public ResolvedTree resolved() {
        return resolved;
    }

    /** The accounting tree: root {@link #rootId()}, then the non-template nodes in tree order. */
    public NodeTree nodeTree() {
        return nodes;
    }

    public String rootId() {
        return rootId;
    }

    /** Line rate C, bits/s. */
    public double capacityBps() {
        return resolved.tree().capacity().asDouble();
    }

    /**
     * The fields a packet of node {@code id} carries: at each level from the top down to the
     * node's, that level's field set to the key of the node's ancestor (or the node) there.
     */
    public List<FieldWrite> fieldsFor(String id) {
        BandwidthTree t = resolved.tree();
        int i = t.indexOf(id);
        if (i < 0 || t.node(i).isTemplate()) {
            throw new IllegalArgumentException("no installed node \"" + id + "\" under " + t.rootPath());
        }
        List<FieldWrite> out = new ArrayList<>();
        for (int n = i; n >= 0; n = t.parentIndex(n)) {
            MatchKey key = t.node(n).key();
            if (key == null) {
                throw new IllegalArgumentException(t.path(n) + " has no match key, so packets cannot be made to match it");
            }
            FieldSpec f = t.level(n).field();
            out.add(new FieldWrite(f.offsetBits(), f.lengthBits(), key.value(), key.mask()));
        }
        Collections.reverse(out);
        return out;
    }

    /** The exact allocator as the run's oracle; the root's rate is the sum of the port's children's. */
    public Oracle oracle() {
        return demands -> {
            for (String leaf : demands.keySet()) {
                int i = resolved.tree().indexOf(leaf);
                if (i >= 0 && !resolved.tree().isLeaf(i)) {
                    throw new IllegalArgumentException("oracle: demand given for " + resolved.tree().path(i)
                            + ", which is not a leaf; sources must send into leaves");
                }
            }
            Allocation a = Allocator.allocate(resolved, demands);
            Map<String, Double> out = new LinkedHashMap<>();
            out.put(rootId, a.totalAllocation());
            for (int n = 1; n < nodes.size(); n++) {
                out.put(nodes.id(n), a.allocation(nodes.id(n)));
            }
            return out;
        };
    }
}
