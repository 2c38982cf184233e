package org.hsdba.admission;

import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;

/**
 * A node's effective weight and guaranteed rate in an admitted tree, from its own spec and the
 * ratio its sibling group was resolved with: what admission computed for it, found again on
 * demand. So a {@link ResolvedTree} keeps no per-node value arrays, which every join would copy
 * whole (they shift by one at the joined node).
 *
 * <p>In weighted mode a member giving both rates has its own; one giving only a guarantee has the
 * weight {@code g / ratio} (weight 1 when the group gives only zero guarantees, ratio 0); one
 * giving none has its weight (or 1) and the guarantee {@code min(w * ratio, peak)}. In
 * guarantee+excess mode, and for templates, a missing weight is 1 and a missing guarantee 0.
 * Only an admitted tree's values are defined: an inadmissible group has no such values.
 */
final class EffectiveRates {

    private EffectiveRates() {
    }

    /** Node {@code i}'s effective weight, its parent's group resolved with {@code ratio}. */
    static double weight(BandwidthTree tree, int i, double ratio) {
        NodeSpec node = tree.node(i);
        if (!isWeightedMember(tree, node)) {
            return node.weight().orElse(1.0);
        }
        switch (SiblingGroup.Kind.of(node)) {
            case BOTH:
                return node.weight().getAsDouble();
            case GUARANTEE_ONLY:
                return ratio == 0 ? 1.0 : node.guaranteed().get().asDouble() / ratio;
            default:
                return SiblingGroup.Kind.restWeight(node);
        }
    }

    /** Node {@code i}'s effective guaranteed rate in b/s, its parent's group resolved with {@code ratio}. */
    static double guarantee(BandwidthTree tree, int i, double ratio) {
        NodeSpec node = tree.node(i);
        if (!isWeightedMember(tree, node) || SiblingGroup.Kind.of(node) != SiblingGroup.Kind.REST) {
            return node.guaranteed().isPresent() ? node.guaranteed().get().asDouble() : 0.0;
        }
        return Math.min(SiblingGroup.Kind.restWeight(node) * ratio, peak(tree, i));
    }

    /** Node {@code i}'s peak rate in bits/s, +infinity if unlimited. */
    static double peak(BandwidthTree tree, int i) {
        return tree.node(i).peak().asDouble();
    }

    /** Whether node {@code i}'s guarantee is derived from its weight: a weighted-mode member giving none. */
    static boolean guaranteeImplied(BandwidthTree tree, int i) {
        NodeSpec node = tree.node(i);
        return isWeightedMember(tree, node) && node.guaranteed().isEmpty();
    }

    private static boolean isWeightedMember(BandwidthTree tree, NodeSpec node) {
        return tree.mode() == AllocationMode.WEIGHTED && !node.isTemplate();
    }
}
