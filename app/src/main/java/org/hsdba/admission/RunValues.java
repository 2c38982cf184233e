package org.hsdba.admission;

import org.hsdba.model.AppliedEdit;
import org.hsdba.model.BandwidthTree;

/**
 * The effective weights and guarantees one admission pass works with, by node index. A full pass
 * sets every node's (flat arrays). A pass that re-resolves an edit sets only the nodes of the
 * groups it re-resolves and finds every other kept node's from its spec and its group's ratio: a
 * join then costs the nodes it resolves, not two arrays the size of the tree.
 */
abstract class RunValues {

    abstract double weight(int i);

    abstract double guarantee(int i);

    abstract void setWeight(int i, double w);

    abstract void setGuarantee(int i, double g);

    /** Every node set by the pass itself. */
    static RunValues full(int n) {
        return new Full(n);
    }

    /**
     * Over the edited tree {@code tree}, whose groups the pass keeps in {@code groups} (by parent
     * index + 1; a kept parent's starts as the admitted tree's): a node not set by the pass has, if
     * the edit kept it unchanged, the values its group's ratio gives it ({@link EffectiveRates}),
     * else weight 0 and guarantee NaN (unknown until its group is resolved, so a guarantee compared
     * before and after counts as changed).
     */
    static RunValues kept(BandwidthTree tree, SiblingGroup[] groups, AppliedEdit edit, boolean[] changed) {
        return new Kept(tree, groups, edit, changed);
    }

    private static final class Full extends RunValues {
        private final double[] weight;
        private final double[] guarantee;

        Full(int n) {
            weight = new double[n];
            guarantee = new double[n];
        }

        @Override
        double weight(int i) {
            return weight[i];
        }

        @Override
        double guarantee(int i) {
            return guarantee[i];
        }

        @Override
        void setWeight(int i, double w) {
            weight[i] = w;
        }

        @Override
        void setGuarantee(int i, double g) {
            guarantee[i] = g;
        }
    }

    private static final class Kept extends RunValues {
        private final BandwidthTree tree;
        private final SiblingGroup[] groups;
        private final AppliedEdit edit;
        private final boolean[] changed;
        private final IndexedDoubles weight = new IndexedDoubles();
        private final IndexedDoubles guarantee = new IndexedDoubles();

        Kept(BandwidthTree tree, SiblingGroup[] groups, AppliedEdit edit, boolean[] changed) {
            this.tree = tree;
            this.groups = groups;
            this.edit = edit;
            this.changed = changed;
        }

        @Override
        double weight(int i) {
            int slot = weight.slotOf(i);
            if (slot >= 0) {
                return weight.value(slot);
            }
            return keptUnchanged(i) ? EffectiveRates.weight(tree, i, ratioAbove(i)) : 0.0;
        }

        @Override
        double guarantee(int i) {
            int slot = guarantee.slotOf(i);
            if (slot >= 0) {
                return guarantee.value(slot);
            }
            return keptUnchanged(i) ? EffectiveRates.guarantee(tree, i, ratioAbove(i)) : Double.NaN;
        }

        private boolean keptUnchanged(int i) {
            return !changed[i] && edit.sourceIndex(i) >= 0;
        }

        private double ratioAbove(int i) {
            return groups[tree.parentIndex(i) + 1].ratio();
        }

        @Override
        void setWeight(int i, double w) {
            weight.put(i, w);
        }

        @Override
        void setGuarantee(int i, double g) {
            guarantee.put(i, g);
        }
    }

    /** Node index (>= 0) to a double: open addressing with linear probing, grown at half full. */
    static final class IndexedDoubles {
        private int[] keys = new int[16]; // index + 1; 0 = empty
        private double[] values = new double[16];
        private int size;

        /** The slot holding {@code i}, or -1. */
        int slotOf(int i) {
            int mask = keys.length - 1;
            for (int slot = hash(i) & mask; keys[slot] != 0; slot = (slot + 1) & mask) {
                if (keys[slot] == i + 1) {
                    return slot;
                }
            }
            return -1;
        }

        double value(int slot) {
            return values[slot];
        }

        void put(int i, double v) {
            if ((size + 1) * 2 > keys.length) {
                grow();
            }
            int mask = keys.length - 1;
            int slot = hash(i) & mask;
            while (keys[slot] != 0 && keys[slot] != i + 1) {
                slot = (slot + 1) & mask;
            }
            if (keys[slot] == 0) {
                keys[slot] = i + 1;
                size++;
            }
            values[slot] = v;
        }

        private void grow() {
            int[] oldKeys = keys;
            double[] oldValues = values;
            keys = new int[oldKeys.length * 2];
            values = new double[oldKeys.length * 2];
            size = 0;
            for (int slot = 0; slot < oldKeys.length; slot++) {
                if (oldKeys[slot] != 0) {
                    put(oldKeys[slot] - 1, oldValues[slot]);
                }
            }
        }

        private static int hash(int i) {
            int h = i * 0x9E3779B9;
            return h ^ h >>> 16;
        }
    }
}
