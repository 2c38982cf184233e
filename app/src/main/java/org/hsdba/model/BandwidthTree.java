package org.hsdba.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The bandwidth tree of one egress port: capacity {@code C}, headroom {@code eta}, 1..8 levels
 * below the port, the nodes, the allocation mode, and three numbers: {@link #version()} (the
 * store's revision: every write + 1, joins and prunes too), {@link #operatorVersion()} (operator
 * writes only) and {@link #generation()} (fixed for the life of the tree, new when a port's tree
 * is created again), which together make the ETag an operator sees ({@code TreeTag}).
 *
 * <p>Immutable and structurally valid: ids are unique, parents exist, there are no cycles, no
 * node is deeper than the levels, keys have their level's length, templates are leaves and there
 * is at most one template per parent. Whether rates are admissible is the business of
 * {@code org.hsdba.admission}. Nodes are kept in pre-order (parents before children, siblings in
 * the order given), which is also their canonical order in exported files; node indices
 * ({@link #indexOf}) refer to that order, and index {@code -1} stands for the port itself.
 */
public final class BandwidthTree {

    public static final int MAX_LEVELS = 8;
    public static final double DEFAULT_ETA = 0.95;
    /** Node ids: 1..64 characters from letters, digits and {@code _ . : -}. */
    public static final Pattern ID_PATTERN = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");

    private final PortRef port;
    private final Rate capacity;
    private final double eta;
    private final AllocationMode mode;
    private final List<LevelSpec> levels;
    private final PortSelector selector;
    private final long version;
    private final long operatorVersion;
    private final long generation;
    private final List<NodeSpec> nodes;
    /**
     * The same nodes as an array: {@link #node(int)} is one load instead of two list calls through
     * an interface (walks over every node, e.g. the store's delta of a join, make it the hottest
     * method of the tree). Never changed or handed out; {@link #nodes} is a view of it.
     */
    private final NodeSpec[] array;
    private final IdIndex indexById;
    private final int[] parent;
    private final int[] depth;
    /** Children of node i are childIdx[childStart[i+1] .. childStart[i+2]); slot 0 is the root. */
    private final int[] childStart;
    private final int[] childIdx;

    private BandwidthTree(Builder b, List<NodeSpec> preOrder, IdIndex indexById, int[] parent, int[] depth) {
        this.port = b.port;
        this.capacity = b.capacity;
        this.eta = b.eta;
        this.mode = b.mode;
        this.levels = List.copyOf(b.levels);
        this.selector = b.selector;
        this.version = b.version;
        this.operatorVersion = b.operatorVersion;
        this.generation = b.generation;
        this.array = preOrder.toArray(new NodeSpec[0]);
        this.nodes = view(array);
        this.indexById = indexById;
        this.parent = parent;
        this.depth = depth;
        this.childStart = childStarts(parent);
        this.childIdx = childIndices(parent, childStart);
    }

    /**
     * A tree with the parameters of {@code base} and the given nodes and indices, which the caller
     * has checked (an edit that re-checks only what it touched, see {@link TreeEdit}).
     */
    private BandwidthTree(BandwidthTree base, long version, NodeSpec[] preOrder, IdIndex indexById,
                          int[] parent, int[] depth, int[] childStart, int[] childIdx) {
        this(base, version, base.operatorVersion, base.generation, preOrder, view(preOrder), indexById, parent, depth,
                childStart, childIdx);
    }

    /** The list of nodes handed out: unmodifiable, over the array (which nothing changes once built). */
    private static List<NodeSpec> view(NodeSpec[] array) {
        return Collections.unmodifiableList(Arrays.asList(array));
    }

    private BandwidthTree(BandwidthTree base, long version, long operatorVersion, long generation,
                          NodeSpec[] preOrder, List<NodeSpec> view, IdIndex indexById, int[] parent, int[] depth,
                          int[] childStart, int[] childIdx) {
        this.port = base.port;
        this.capacity = base.capacity;
        this.eta = base.eta;
        this.mode = base.mode;
        this.levels = base.levels;
        this.selector = base.selector;
        this.version = version;
        this.operatorVersion = operatorVersion;
        this.generation = generation;
        this.array = preOrder;
        this.nodes = view;
        this.indexById = indexById;
        this.parent = parent;
        this.depth = depth;
        this.childStart = childStart;
        this.childIdx = childIdx;
    }

    /** Counting sort of the nodes by parent: children of node i start at {@code childStart[i + 1]} (slot 0: the port). */
    private static int[] childStarts(int[] parent) {
        int n = parent.length;
        int[] start = new int[n + 2];
        for (int i = 0; i < n; i++) {
            start[parent[i] + 2]++;
        }
        for (int i = 1; i < n + 2; i++) {
            start[i] += start[i - 1];
        }
        return start;
    }

    private static int[] childIndices(int[] parent, int[] childStart) {
        int n = parent.length;
        int[] idx = new int[n];
        int[] fill = Arrays.copyOf(childStart, n + 1);
        for (int i = 0; i < n; i++) {
            idx[fill[parent[i] + 1]++] = i;
        }
        return idx;
    }

    public static Builder builder(PortRef port) {
        return new Builder(port);
    }

    /** A builder holding this tree's parameters and nodes (in canonical order). */
    public Builder toBuilder() {
        Builder b = new Builder(port).capacity(capacity).eta(eta).mode(mode).levels(levels).selector(selector)
                .version(version).operatorVersion(operatorVersion).generation(generation);
        b.nodes.addAll(nodes);
        return b;
    }

    public PortRef port() {
        return port;
    }

    public Rate capacity() {
        return capacity;
    }

    public double eta() {
        return eta;
    }

    public AllocationMode mode() {
        return mode;
    }

    public List<LevelSpec> levels() {
        return levels;
    }

    /** The store's revision of this tree: every write + 1 (operator edits, joins, prunes); 0 = not stored. */
    public long version() {
        return version;
    }

    /** Operator writes only (edits, replacements, undo, import): joins and prunes leave it. */
    public long operatorVersion() {
        return operatorVersion;
    }

    /** Fixed for the life of the port's tree and new when it is created again, so tags never repeat; 0 = not stored. */
    public long generation() {
        return generation;
    }

    /** Which traffic leaves by this port when the switch has several trees; empty = what no other tree selects. */
    public Optional<PortSelector> selector() {
        return Optional.ofNullable(selector);
    }

    /** {@code eta * C}: what the port's children share. */
    public double rootBandwidth() {
        return eta * capacity.asDouble();
    }

    /** All nodes in pre-order (templates included). */
    public List<NodeSpec> nodes() {
        return nodes;
    }

    public int size() {
        return array.length;
    }

    public boolean contains(String id) {
        return indexById.get(id) >= 0;
    }

    public Optional<NodeSpec> node(String id) {
        int i = indexById.get(id);
        return i < 0 ? Optional.empty() : Optional.of(array[i]);
    }

    /** The node with this id; throws with a clear message if there is none. */
    public NodeSpec get(String id) {
        return array[requireIndex(id)];
    }

    /** The node's index in pre-order, or -1 if there is no such node. */
    public int indexOf(String id) {
        return indexById.get(id);
    }

    private int requireIndex(String id) {
        int i = indexById.get(id);
        if (i < 0) {
            throw new IllegalArgumentException("no node \"" + id + "\" under " + rootPath());
        }
        return i;
    }

    public NodeSpec node(int index) {
        return array[index];
    }

    /** The parent's index, or -1 for a child of the port. */
    public int parentIndex(int index) {
        return parent[index];
    }

    /** Number of children (templates included) of node {@code index}, or of the port for -1. */
    public int childCount(int index) {
        return childStart[index + 2] - childStart[index + 1];
    }

    /** Index of the {@code k}-th child of node {@code index} (-1 for the port). */
    public int child(int index, int k) {
        return childIdx[childStart[index + 1] + k];
    }

    /** Children of a node (null for the port), templates included, in order. */
    public List<NodeSpec> children(String parentId) {
        int p = parentId == null ? -1 : requireIndex(parentId);
        List<NodeSpec> out = new ArrayList<>(childCount(p));
        for (int k = 0; k < childCount(p); k++) {
            out.add(array[child(p, k)]);
        }
        return out;
    }

    /** The template node under a parent (null for the port), if one is declared. */
    public Optional<NodeSpec> template(String parentId) {
        int p = parentId == null ? -1 : requireIndex(parentId);
        for (int k = 0; k < childCount(p); k++) {
            NodeSpec c = array[child(p, k)];
            if (c.isTemplate()) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** A non-template node without non-template children: the nodes that carry demand. */
    public boolean isLeaf(int index) {
        if (array[index].isTemplate()) {
            return false;
        }
        for (int k = 0; k < childCount(index); k++) {
            if (!array[child(index, k)].isTemplate()) {
                return false;
            }
        }
        return true;
    }

    public boolean isLeaf(String id) {
        return isLeaf(requireIndex(id));
    }

    /** 1 for a child of the port, 2 below it, and so on; node depth {@code d} matches on {@code levels().get(d - 1)}. */
    public int depth(int index) {
        return depth[index];
    }

    public int depth(String id) {
        return depth[requireIndex(id)];
    }

    public LevelSpec level(int index) {
        return levels.get(depth[index] - 1);
    }

    public LevelSpec level(String id) {
        return level(requireIndex(id));
    }

    /** Index just past the subtree of node {@code index} in pre-order: its descendants are {@code index + 1 ..}; all nodes for -1. */
    public int subtreeEnd(int index) {
        if (index < 0) {
            return array.length;
        }
        int end = index + 1;
        while (end < array.length && depth[end] > depth[index]) {
            end++;
        }
        return end;
    }

    /** Ids of the node and all its descendants, in pre-order. */
    public List<String> subtree(String id) {
        int start = requireIndex(id);
        int end = subtreeEnd(start);
        List<String> out = new ArrayList<>(end - start);
        for (int i = start; i < end; i++) {
            out.add(nodes.get(i).id());
        }
        return out;
    }

    /** Description for messages, e.g. {@code user "bob" in subnet "lab" under port 3}. */
    public String path(String id) {
        return path(requireIndex(id));
    }

    public String path(int index) {
        StringBuilder sb = new StringBuilder();
        for (int i = index; i >= 0; i = parent[i]) {
            if (i != index) {
                sb.append(" in ");
            }
            sb.append(level(i).name()).append(" \"").append(nodes.get(i).id()).append('"');
        }
        return sb.append(" under ").append(rootPath()).toString();
    }

    /** Description of the port for messages, e.g. {@code port 3}. */
    public String rootPath() {
        return "port " + port.port();
    }

    /** The same tree with another version number. */
    public BandwidthTree withVersion(long newVersion) {
        return new BandwidthTree(this, newVersion, operatorVersion, generation, array, nodes, indexById, parent, depth,
                childStart, childIdx);
    }

    /** The same tree with other version numbers (the store's, the operator's and the generation). */
    public BandwidthTree withVersions(long newVersion, long newOperatorVersion, long newGeneration) {
        return new BandwidthTree(this, newVersion, newOperatorVersion, newGeneration, array, nodes, indexById, parent,
                depth, childStart, childIdx);
    }

    /**
     * True if {@code other} is this tree but for its version numbers: same settings and nodes. Cheap for
     * a {@link #withVersion} copy (the node list is shared).
     */
    public boolean sameExceptVersion(BandwidthTree other) {
        return other == this || (other.port.equals(port) && other.capacity.equals(capacity)
                && Double.compare(other.eta, eta) == 0 && other.mode == mode && other.levels.equals(levels)
                && Objects.equals(other.selector, selector) && other.nodes.equals(nodes));
    }

    // ------------------------------------------------------------------ edits re-checking what they touch

    /*
     * Each gives the edited tree with the given version, re-checking only the nodes the edit
     * touches (the rest was valid and stays so), or null when a structural rule may be broken: the
     * caller then builds the tree in full, which reports every violation exactly as for any tree.
     */

    /** Node {@code i} replaced by a node with the same id and parent; every index is shared. */
    BandwidthTree replacing(int i, NodeSpec node, long newVersion) {
        if (!fitsAt(node, depth[i], parent[i], i) || node.isTemplate() && childCount(i) > 0) {
            return null;
        }
        // One copy of the node array; an update of one node makes one per edit.
        NodeSpec[] list = array.clone();
        list[i] = node;
        return new BandwidthTree(this, newVersion, list, indexById, parent, depth, childStart, childIdx);
    }

    /** A new node as the last child of its parent. */
    BandwidthTree adding(NodeSpec node, long newVersion) {
        int p = node.parentId() == null ? -1 : indexOf(node.parentId());
        if (p < 0 && node.parentId() != null || contains(node.id()) || !ID_PATTERN.matcher(node.id()).matches()
                || !fitsAt(node, p < 0 ? 1 : depth[p] + 1, p, -1)) {
            return null;
        }
        return inserting(subtreeEnd(p), node, p, p < 0 ? 1 : depth[p] + 1, newVersion);
    }

    /**
     * {@link #splice} of one new node {@code node} at index {@code at}, the end of its parent
     * {@code p}'s subtree (so its parent's last child), at depth {@code d}: every array is copied
     * in two blocks or shifted by one past {@code at}, and the child lists are derived from this
     * tree's instead of sorted again. A join is this edit; the general splice renumbered every
     * node through a table and rebuilt the child lists, several times the cost of the copies.
     */
    private BandwidthTree inserting(int at, NodeSpec node, int p, int d, long newVersion) {
        int n = array.length;
        NodeSpec[] list = new NodeSpec[n + 1];
        System.arraycopy(array, 0, list, 0, at);
        list[at] = node;
        System.arraycopy(array, at, list, at + 1, n - at);
        int[] newParent = new int[n + 1];
        System.arraycopy(parent, 0, newParent, 0, at); // parents come before their children: all below at
        newParent[at] = p;
        for (int i = at; i < n; i++) {
            int q = parent[i];
            newParent[i + 1] = q < at ? q : q + 1;
        }
        int[] newDepth = new int[n + 1];
        System.arraycopy(depth, 0, newDepth, 0, at);
        newDepth[at] = d;
        System.arraycopy(depth, at, newDepth, at + 1, n - at);
        // Child lists: nodes ordered by parent, then by index. Node j of the new tree (-1: the
        // port) has as many nodes before its children as its old self had, plus the new node if
        // its parent p comes before j; the new node has no children (its slot repeats the next).
        int[] starts = new int[n + 3];
        for (int j = -1; j <= n + 1; j++) {
            int old = j <= at ? j : j - 1;
            starts[j + 1] = childStart[old + 1] + (p < j ? 1 : 0);
        }
        // The new node goes after p's old children (all of them before at), numbers from at shift.
        int[] idx = new int[n + 1];
        int pos = childStart[p + 2];
        for (int k = 0; k < n; k++) {
            int v = childIdx[k];
            idx[k < pos ? k : k + 1] = v < at ? v : v + 1;
        }
        idx[pos] = at;
        return new BandwidthTree(this, newVersion, list, indexById.inserted(at, node.id(), Arrays.asList(list)), newParent,
                newDepth, starts, idx);
    }

    /** The subtree of node {@code i} removed. */
    BandwidthTree removing(int i, long newVersion) {
        return splice(i, subtreeEnd(i) - i, i, List.of(), new int[0], new int[0], false, newVersion);
    }

    /**
     * The subtree of node {@code i} moved to the end of the children of {@code newParent} (-1: the
     * port), its root replaced by {@code root} (the same node with the new parent id). The new
     * parent must not be in the subtree.
     */
    BandwidthTree moving(int i, int newParent, NodeSpec root, long newVersion) {
        int end = subtreeEnd(i);
        int shift = (newParent < 0 ? 1 : depth[newParent] + 1) - depth[i];
        if (!fitsAt(root, depth[i] + shift, newParent, i)) {
            return null;
        }
        int k = end - i;
        List<NodeSpec> block = new ArrayList<>(nodes.subList(i, end));
        block.set(0, root);
        int[] blockDepth = new int[k];
        for (int j = 0; j < k; j++) {
            blockDepth[j] = depth[i + j] + shift;
            // Descendants keep their neighbours; only their level may change.
            if (j > 0 && shift != 0 && !fitsAlone(block.get(j), blockDepth[j])) {
                return null;
            }
        }
        // Where the block goes once removed: after the new parent's subtree, in the tree without the block.
        int newParentWithout = newParent < i ? newParent : newParent - k;
        int at = newParent < 0 ? nodes.size() - k
                : (newParent < i ? subtreeEnd(newParent) - (subtreeEnd(newParent) > i ? k : 0) : subtreeEnd(newParent) - k);
        int[] blockParent = new int[k];
        blockParent[0] = newParentWithout < at ? newParentWithout : newParentWithout + k;
        for (int j = 1; j < k; j++) {
            blockParent[j] = parent[i + j] - i + at;
        }
        return splice(i, k, at, block, blockParent, blockDepth, true, newVersion);
    }

    /** Whether {@code node} may sit at depth {@code d} under {@code p} (-1: the port) where node {@code self} (or -1) was. */
    private boolean fitsAt(NodeSpec node, int d, int p, int self) {
        if (!fitsAlone(node, d) || p >= 0 && array[p].isTemplate()) {
            return false;
        }
        if (node.isTemplate()) {
            for (int k = 0; k < childCount(p); k++) {
                int c = child(p, k);
                if (c != self && array[c].isTemplate()) {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean fitsAlone(NodeSpec node, int d) {
        if (d > levels.size()) {
            return false;
        }
        boolean[] broken = {false};
        checkAtLevel(node, levels.get(d - 1), () -> "", v -> broken[0] = true);
        return !broken[0];
    }

    /**
     * This tree without nodes {@code [from, from + count)} (a whole subtree) and with {@code block}
     * (a whole subtree in pre-order) inserted at index {@code at} of the result; {@code blockParent}
     * and {@code blockDepth} are the block's parents (result indices) and depths. If
     * {@code blockIsMoved}, the block is the removed subtree (same ids, root possibly changed).
     */
    private BandwidthTree splice(int from, int count, int at, List<NodeSpec> block, int[] blockParent, int[] blockDepth,
                                 boolean blockIsMoved, long newVersion) {
        int n = array.length;
        int size = n - count + block.size();
        NodeSpec[] list = new NodeSpec[size];
        int[] newParent = new int[size];
        int[] newDepth = new int[size];
        // Each old node's new index: skip the removed range, then make room for the block.
        int[] renumber = new int[n];
        for (int i = 0; i < n; i++) {
            if (i >= from && i < from + count) {
                renumber[i] = blockIsMoved ? at + (i - from) : -1;
                continue;
            }
            int m = i < from ? i : i - count;
            int j = m < at ? m : m + block.size();
            renumber[i] = j;
            list[j] = array[i];
            newDepth[j] = depth[i];
        }
        for (int i = 0; i < n; i++) {
            int j = renumber[i];
            if (j >= 0 && (i < from || i >= from + count)) {
                newParent[j] = parent[i] < 0 ? -1 : renumber[parent[i]];
            }
        }
        for (int b = 0; b < block.size(); b++) {
            list[at + b] = block.get(b);
            newParent[at + b] = blockParent[b];
            newDepth[at + b] = blockDepth[b];
        }
        IdIndex index = indexById.renumbered(renumber, blockIsMoved ? List.of() : block, at, Arrays.asList(list));
        int[] starts = childStarts(newParent);
        return new BandwidthTree(this, newVersion, list, index, newParent, newDepth, starts,
                childIndices(newParent, starts));
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof BandwidthTree)) {
            return false;
        }
        BandwidthTree t = (BandwidthTree) o;
        return t.port.equals(port) && t.capacity.equals(capacity) && Double.compare(t.eta, eta) == 0
                && t.mode == mode && t.levels.equals(levels) && Objects.equals(t.selector, selector)
                && t.version == version && t.operatorVersion == operatorVersion && t.generation == generation
                && t.nodes.equals(nodes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(port, capacity, eta, mode, levels, selector, version, operatorVersion, generation, nodes);
    }

    @Override
    public String toString() {
        return "BandwidthTree{" + port + ", C " + capacity + ", eta " + eta + ", " + mode.jsonName() + ", "
                + levels.size() + " levels, " + nodes.size() + " nodes, v" + version + ", operator v" + operatorVersion
                + ", generation " + Long.toHexString(generation) + "}";
    }

    /** Builder; {@link #build} checks the structure and reports every problem at once. */
    public static final class Builder {
        private final PortRef port;
        private Rate capacity;
        private double eta = DEFAULT_ETA;
        private AllocationMode mode = AllocationMode.WEIGHTED;
        private List<LevelSpec> levels = List.of();
        private PortSelector selector;
        private long version;
        private long operatorVersion;
        private long generation;
        private final List<NodeSpec> nodes = new ArrayList<>();

        private Builder(PortRef port) {
            this.port = Objects.requireNonNull(port, "port");
        }

        public Builder capacity(Rate c) {
            this.capacity = c;
            return this;
        }

        public Builder eta(double e) {
            this.eta = e;
            return this;
        }

        public Builder mode(AllocationMode m) {
            this.mode = Objects.requireNonNull(m, "mode");
            return this;
        }

        public Builder levels(List<LevelSpec> l) {
            this.levels = List.copyOf(l);
            return this;
        }

        public Builder version(long v) {
            this.version = v;
            return this;
        }

        public Builder operatorVersion(long v) {
            this.operatorVersion = v;
            return this;
        }

        public Builder generation(long g) {
            this.generation = g;
            return this;
        }

        /** The port's traffic selector; null for none. */
        public Builder selector(PortSelector s) {
            this.selector = s;
            return this;
        }

        public Builder addNode(NodeSpec n) {
            nodes.add(Objects.requireNonNull(n, "node"));
            return this;
        }

        public Builder addNodes(List<NodeSpec> ns) {
            ns.forEach(this::addNode);
            return this;
        }

        /** Replaces all nodes. */
        public Builder nodes(List<NodeSpec> ns) {
            nodes.clear();
            return addNodes(ns);
        }

        /** The nodes added so far, in the order given. */
        public List<NodeSpec> nodes() {
            return Collections.unmodifiableList(nodes);
        }

        /** Builds the tree, or throws {@link InvalidTreeException} listing every structural problem. */
        public BandwidthTree build() {
            return new StructureCheck(this).build();
        }
    }

    /**
     * The rules a node must satisfy at its level whatever its neighbours (key present with the
     * level's length, a template is not joined): every violation goes to {@code sink}. Shared by
     * the full check and by edits that re-check only what they touch.
     */
    private static void checkAtLevel(NodeSpec node, LevelSpec level, Supplier<String> desc, Consumer<Violation> sink) {
        if (node.key() == null && !node.isTemplate()) {
            sink.accept(new Violation(ViolationCode.KEY_MISSING, node.id(), "key", desc.get() + ": a key on "
                    + level.field() + " is required"));
        } else if (node.key() != null && node.key().lengthBits() != level.field().lengthBits()) {
            sink.accept(new Violation(ViolationCode.KEY_LENGTH, node.id(), "key", desc.get() + ": key has "
                    + node.key().lengthBits() + " bits but level \"" + level.name() + "\" matches "
                    + level.field().lengthBits() + " bits"));
        }
        if (node.isTemplate() && node.isJoined()) {
            sink.accept(new Violation(ViolationCode.TEMPLATE_MISUSE, node.id(), "joined", desc.get()
                    + ": a template is the operator's prototype for joins; it cannot itself be joined"));
        }
    }

    /** The structural checks and indexing behind {@link Builder#build}. */
    private static final class StructureCheck {
        private final Builder b;
        private final List<Violation> violations = new ArrayList<>();
        private final String where;

        StructureCheck(Builder b) {
            this.b = b;
            this.where = "port " + b.port.port();
        }

        BandwidthTree build() {
            checkParameters();
            int n = b.nodes.size();
            Map<String, Integer> firstIndex = new HashMap<>(n * 2);
            List<NodeSpec> unique = new ArrayList<>(n);
            for (NodeSpec node : b.nodes) {
                if (!ID_PATTERN.matcher(node.id()).matches()) {
                    add(ViolationCode.INVALID_ID, node.id(), "id", "node id \"" + node.id()
                            + "\" under " + where + " is invalid: use 1 to 64 letters, digits, '_', '.', ':' or '-'");
                }
                if (firstIndex.putIfAbsent(node.id(), unique.size()) != null) {
                    add(ViolationCode.DUPLICATE_ID, node.id(), "id", "node id \"" + node.id() + "\" is used twice under " + where);
                } else {
                    unique.add(node);
                }
            }
            int m = unique.size();
            int[] parentOf = new int[m];
            List<List<Integer>> children = new ArrayList<>(m + 1);
            for (int i = 0; i <= m; i++) {
                children.add(null);
            }
            for (int i = 0; i < m; i++) {
                NodeSpec node = unique.get(i);
                String pid = node.parentId();
                Integer p = pid == null ? Integer.valueOf(-1) : firstIndex.get(pid);
                if (p == null) {
                    add(ViolationCode.UNKNOWN_PARENT, node.id(), "parent", "node \"" + node.id() + "\" under " + where
                            + ": parent \"" + pid + "\" does not exist");
                    parentOf[i] = -2;
                    continue;
                }
                parentOf[i] = p;
                if (children.get(p + 1) == null) {
                    children.set(p + 1, new ArrayList<>(2));
                }
                children.get(p + 1).add(i);
            }
            // Pre-order walk from the port: parents first, siblings in input order.
            int[] order = new int[m];
            int[] depthOf = new int[m];
            boolean[] reached = new boolean[m];
            int count = 0;
            int[] stack = new int[m + 1];
            int top = 0;
            stack[top++] = -1;
            while (top > 0) {
                int v = stack[--top];
                if (v >= 0) {
                    order[count++] = v;
                    reached[v] = true;
                }
                List<Integer> kids = children.get(v + 1);
                if (kids != null) {
                    for (int k = kids.size() - 1; k >= 0; k--) {
                        int c = kids.get(k);
                        depthOf[c] = v < 0 ? 1 : depthOf[v] + 1;
                        stack[top++] = c;
                    }
                }
            }
            reportCycles(unique, parentOf, reached);
            for (int i = 0; i < m; i++) {
                if (reached[i]) {
                    checkPlacement(unique, i, depthOf[i], parentOf, children);
                }
            }
            if (!violations.isEmpty()) {
                throw new InvalidTreeException(violations);
            }
            int[] newIndex = new int[m];
            for (int k = 0; k < m; k++) {
                newIndex[order[k]] = k;
            }
            List<NodeSpec> preOrder = new ArrayList<>(m);
            int[] parent = new int[m];
            int[] depth = new int[m];
            for (int k = 0; k < m; k++) {
                int old = order[k];
                preOrder.add(unique.get(old));
                parent[k] = parentOf[old] < 0 ? -1 : newIndex[parentOf[old]];
                depth[k] = depthOf[old];
            }
            return new BandwidthTree(b, preOrder, IdIndex.of(preOrder), parent, depth);
        }

        private void checkParameters() {
            if (b.capacity == null) {
                add(ViolationCode.BAD_PARAMETER, null, "capacity", where + ": capacity is missing");
            } else if (b.capacity.isUnlimited() || b.capacity.bps() == 0) {
                add(ViolationCode.BAD_PARAMETER, null, "capacity", where + ": capacity must be a positive finite rate, not "
                        + b.capacity);
            }
            if (!(b.eta > 0 && b.eta <= 1)) {
                add(ViolationCode.BAD_PARAMETER, null, "eta", where + ": headroom eta " + b.eta + " must be in (0, 1]");
            }
            if (b.levels.isEmpty() || b.levels.size() > MAX_LEVELS) {
                add(ViolationCode.BAD_LEVELS, null, "levels", where + ": " + b.levels.size()
                        + " levels configured; between 1 and " + MAX_LEVELS + " levels below the port are supported");
            }
            for (int i = 0; i < b.levels.size(); i++) {
                for (int j = 0; j < i; j++) {
                    if (b.levels.get(i).name().equals(b.levels.get(j).name())) {
                        add(ViolationCode.BAD_LEVELS, null, "levels/" + i + "/name", where + ": level name \""
                                + b.levels.get(i).name() + "\" is used twice");
                    }
                }
            }
        }

        private void reportCycles(List<NodeSpec> unique, int[] parentOf, boolean[] reached) {
            // 0 = unknown, 1 = on the current walk, 2 = done
            byte[] mark = new byte[unique.size()];
            for (int start = 0; start < unique.size(); start++) {
                if (reached[start] || mark[start] != 0) {
                    continue;
                }
                List<Integer> walk = new ArrayList<>();
                int v = start;
                while (v >= 0 && !reached[v] && mark[v] == 0) {
                    mark[v] = 1;
                    walk.add(v);
                    v = parentOf[v];
                }
                if (v >= 0 && mark[v] == 1) {
                    StringBuilder chain = new StringBuilder();
                    int from = walk.indexOf(v);
                    for (int k = from; k < walk.size(); k++) {
                        chain.append('"').append(unique.get(walk.get(k)).id()).append("\" -> ");
                    }
                    chain.append('"').append(unique.get(v).id()).append('"');
                    add(ViolationCode.CYCLE, unique.get(v).id(), "parent", "nodes under " + where
                            + " form a cycle of parents: " + chain);
                }
                for (int w : walk) {
                    mark[w] = 2;
                }
            }
        }

        private void checkPlacement(List<NodeSpec> unique, int i, int depth, int[] parentOf, List<List<Integer>> children) {
            NodeSpec node = unique.get(i);
            int levelCount = b.levels.size();
            if (depth > levelCount) {
                if (depth == levelCount + 1) { // report the first node too deep, not its descendants
                    add(ViolationCode.DEPTH_EXCEEDED, node.id(), "parent", "node \"" + node.id() + "\" under " + where
                            + " would be at level " + depth + " but the tree has " + levelCount
                            + " level(s) below the port (at most " + MAX_LEVELS + ")");
                }
                return;
            }
            LevelSpec level = b.levels.get(depth - 1);
            Supplier<String> desc = () -> pathOf(unique, parentOf, i); // built only for a message
            checkAtLevel(node, level, desc, violations::add);
            List<Integer> kids = children.get(i + 1);
            if (node.isTemplate() && kids != null) {
                add(ViolationCode.TEMPLATE_MISUSE, node.id(), "template", desc.get() + ": a template cannot have children");
            }
            if (node.isTemplate()) {
                List<Integer> siblings = children.get(parentOf[i] + 1);
                for (int s : siblings) {
                    if (s == i) {
                        break;
                    }
                    if (unique.get(s).isTemplate()) {
                        add(ViolationCode.TEMPLATE_MISUSE, node.id(), "template", desc.get() + ": its parent already has template \""
                                + unique.get(s).id() + "\"; at most one template per parent");
                        break;
                    }
                }
            }
        }

        /** Like {@link BandwidthTree#path(int)}, for a reached node that is not deeper than the levels. */
        private String pathOf(List<NodeSpec> unique, int[] parentOf, int i) {
            List<Integer> chain = new ArrayList<>();
            for (int v = i; v >= 0; v = parentOf[v]) {
                chain.add(v);
            }
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < chain.size(); k++) {
                int v = chain.get(k);
                sb.append(k == 0 ? "" : " in ").append(b.levels.get(chain.size() - k - 1).name())
                        .append(" \"").append(unique.get(v).id()).append('"');
            }
            return sb.append(" under ").append(where).toString();
        }

        private void add(ViolationCode code, String nodeId, String field, String message) {
            violations.add(new Violation(code, nodeId, field, message));
        }
    }
}
