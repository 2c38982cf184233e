package org.hsdba.model;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A configured node of a bandwidth tree. Guaranteed rate and weight are each optional (admission
 * derives the missing one, see {@code org.hsdba.admission.Admission}); the peak defaults to
 * unlimited. A template node is the prototype for nodes that join under the same parent by
 * packet-in: it is not installed and takes no part in admission sums or allocation.
 *
 * <p>Origin and pruning: a node is either declared by the operator (configuration, REST, CLI) or
 * {@link #isJoined() joined} by packet-in. Every leaf goes inactive when idle (its weight leaves
 * its parent's sums); only joined nodes are deleted at the end of their lifetime, and only if
 * neither they nor a descendant are declared or {@link #isPinned() pinned}. Pinning a joined node
 * keeps it (and its ancestors) installed for good, so its next packet reactivates it without a
 * join; on a declared node pinned changes nothing today (declared nodes are never pruned) but is
 * kept as the operator's statement. Templates are always declared.
 */
public final class NodeSpec {

    private final String id;
    private final String parentId;
    private final MatchKey key;
    private final Rate guaranteed;
    /** {@link #guaranteed} as returned, made once: admission and the resolved tree read it per node. */
    private final Optional<Rate> guaranteedValue;
    private final Double weight;
    /** {@link #weight} as returned, made once: admission reads it many times per join. */
    private final OptionalDouble weightValue;
    private final Rate peak;
    private final boolean template;
    private final boolean pinned;
    private final boolean joined;

    private NodeSpec(Builder b) {
        this.id = Objects.requireNonNull(b.id, "id");
        this.parentId = b.parentId;
        this.key = b.key;
        this.guaranteed = b.guaranteed;
        this.guaranteedValue = Optional.ofNullable(guaranteed);
        this.weight = b.weight;
        this.weightValue = weight == null ? OptionalDouble.empty() : OptionalDouble.of(weight);
        this.peak = Objects.requireNonNull(b.peak, "peak");
        this.template = b.template;
        this.pinned = b.pinned;
        this.joined = b.joined;
    }

    public static Builder builder(String id) {
        return new Builder(id);
    }

    public Builder toBuilder() {
        Builder b = new Builder(id);
        b.parentId = parentId;
        b.key = key;
        b.guaranteed = guaranteed;
        b.weight = weight;
        b.peak = peak;
        b.template = template;
        b.pinned = pinned;
        b.joined = joined;
        return b;
    }

    public String id() {
        return id;
    }

    /** The parent's id, or null if this node is a child of the port (the root). */
    public String parentId() {
        return parentId;
    }

    /** The match key; may be null only for a template. */
    public MatchKey key() {
        return key;
    }

    public Optional<Rate> guaranteed() {
        return guaranteedValue;
    }

    public OptionalDouble weight() {
        return weightValue;
    }

    public Rate peak() {
        return peak;
    }

    public boolean isTemplate() {
        return template;
    }

    public boolean isPinned() {
        return pinned;
    }

    /** True if the node was created by a join packet-in, false if the operator declared it. */
    public boolean isJoined() {
        return joined;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof NodeSpec)) {
            return false;
        }
        NodeSpec n = (NodeSpec) o;
        return n.id.equals(id) && Objects.equals(n.parentId, parentId) && Objects.equals(n.key, key)
                && Objects.equals(n.guaranteed, guaranteed) && Objects.equals(n.weight, weight)
                && n.peak.equals(peak) && n.template == template && n.pinned == pinned
                && n.joined == joined;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, parentId, key, guaranteed, weight, peak, template, pinned, joined);
    }

    @Override
    public String toString() {
        return "NodeSpec{" + id + (parentId == null ? "" : " under " + parentId) + ", key " + key
                + ", g " + guaranteed + ", w " + weight + ", l " + peak
                + (template ? ", template" : "") + (pinned ? ", pinned" : "") + (joined ? ", joined" : "") + "}";
    }

    /** Builder; only the id is required. */
    public static final class Builder {
        private final String id;
        private String parentId;
        private MatchKey key;
        private Rate guaranteed;
        private Double weight;
        private Rate peak = Rate.UNLIMITED;
        private boolean template;
        private boolean pinned;
        private boolean joined;

        private Builder(String id) {
            this.id = Objects.requireNonNull(id, "id");
        }

        public Builder parent(String parentId) {
            this.parentId = parentId;
            return this;
        }

        public Builder key(MatchKey key) {
            this.key = key;
            return this;
        }

        /** The guaranteed rate, or null for "not given". */
        public Builder guaranteed(Rate g) {
            this.guaranteed = g;
            return this;
        }

        /** The weight, or null for "not given". */
        public Builder weight(Double w) {
            this.weight = w;
            return this;
        }

        public Builder peak(Rate l) {
            this.peak = Objects.requireNonNull(l, "peak");
            return this;
        }

        public Builder template(boolean t) {
            this.template = t;
            return this;
        }

        public Builder pinned(boolean p) {
            this.pinned = p;
            return this;
        }

        /** Marks the node as created by a join packet-in (false: declared by the operator). */
        public Builder joined(boolean j) {
            this.joined = j;
            return this;
        }

        public NodeSpec build() {
            return new NodeSpec(this);
        }
    }
}
