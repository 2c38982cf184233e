package org.hsdba.admission;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.hsdba.model.AppliedEdit;

/**
 * How a tree became another one, edit by edit: the admitted tree before the first edit, each
 * {@link AppliedEdit} and the admitted tree after it. What was derived from the first tree (a
 * switch program) can then be brought up to date by redoing what the edits touched. Versions
 * do not count: the trees of a link match by content, so a batch of edits stored as one version
 * is one chain. Immutable.
 */
public final class EditChain {

    private final List<AppliedEdit> edits;
    private final List<ResolvedTree> steps;

    private EditChain(List<AppliedEdit> edits, List<ResolvedTree> steps) {
        this.edits = Collections.unmodifiableList(edits);
        this.steps = Collections.unmodifiableList(steps);
    }

    /** No edit yet: the chain starts at {@code start}. */
    public static EditChain from(ResolvedTree start) {
        List<ResolvedTree> steps = new ArrayList<>();
        steps.add(Objects.requireNonNull(start, "start"));
        return new EditChain(List.of(), steps);
    }

    /** One edit from {@code before} to {@code after}. */
    public static EditChain of(ResolvedTree before, AppliedEdit edit, ResolvedTree after) {
        return from(before).then(edit, after);
    }

    /**
     * This chain followed by {@code edit}, which made {@code after}.
     *
     * @throws IllegalArgumentException if the edit does not start at this chain's last tree or
     *                                  {@code after} is not the edit's result
     */
    public EditChain then(AppliedEdit edit, ResolvedTree after) {
        link(to(), edit, after);
        List<AppliedEdit> e = new ArrayList<>(edits);
        e.add(edit);
        List<ResolvedTree> s = new ArrayList<>(steps);
        s.add(after);
        return new EditChain(e, s);
    }

    /**
     * This chain followed by {@code next}.
     *
     * @throws IllegalArgumentException if {@code next} does not start where this one ends
     */
    public EditChain then(EditChain next) {
        continuedBy(next);
        List<AppliedEdit> e = new ArrayList<>(edits);
        e.addAll(next.edits);
        List<ResolvedTree> s = new ArrayList<>(steps);
        s.addAll(next.steps.subList(1, next.steps.size()));
        return new EditChain(e, s);
    }

    /**
     * The chains one after the other, each starting where the one before ends: what
     * {@link #then(EditChain)} makes of them pairwise, in one copy. A writer's batch of k edits
     * joined pairwise copied the growing lists k times (k^2/2 elements: 20 % of what the edit
     * writer allocated in a burst of 1,000 PATCHes, docs/benchmarks.md, patch-burst).
     *
     * @throws IllegalArgumentException if {@code chains} is empty or one does not start where the one before ends
     */
    public static EditChain join(List<EditChain> chains) {
        if (chains.isEmpty()) {
            throw new IllegalArgumentException("no chain to join");
        }
        if (chains.size() == 1) {
            return chains.get(0);
        }
        int edits = 0;
        for (EditChain c : chains) {
            edits += c.size();
        }
        List<AppliedEdit> e = new ArrayList<>(edits);
        List<ResolvedTree> s = new ArrayList<>(edits + 1);
        s.add(chains.get(0).from());
        EditChain last = null;
        for (EditChain c : chains) {
            if (last != null) {
                last.continuedBy(c);
            }
            e.addAll(c.edits);
            s.addAll(c.steps.subList(1, c.steps.size()));
            last = c;
        }
        return new EditChain(e, s);
    }

    /** Throws unless {@code next} starts where this chain ends. */
    private void continuedBy(EditChain next) {
        if (!to().tree().sameExceptVersion(next.from().tree())) {
            throw new IllegalArgumentException(next.from().tree().rootPath() + ": a chain from version "
                    + next.from().tree().version() + " does not continue one ending at version " + to().tree().version());
        }
    }

    /** The same chain ending at its last tree with version {@code version} (as stored). */
    public EditChain endingAtVersion(long version) {
        return endingAt(to().withVersion(version));
    }

    /**
     * The same chain ending at {@code last}, its last tree with another version (the object the
     * caller stores, so that a chain continuing from the stored tree links to this one by identity).
     *
     * @throws IllegalArgumentException if {@code last} is not this chain's last tree
     */
    public EditChain endingAt(ResolvedTree last) {
        if (!last.tree().sameExceptVersion(to().tree())) {
            throw new IllegalArgumentException(last.tree().rootPath() + ": version " + last.tree().version()
                    + " is not the last tree of " + this);
        }
        List<ResolvedTree> s = new ArrayList<>(steps);
        s.set(s.size() - 1, last);
        return new EditChain(new ArrayList<>(edits), s);
    }

    private static void link(ResolvedTree before, AppliedEdit edit, ResolvedTree after) {
        if (!edit.before().sameExceptVersion(before.tree()) || !edit.after().sameExceptVersion(after.tree())) {
            throw new IllegalArgumentException(after.tree().rootPath() + ": the edit " + edit + " does not lead from"
                    + " version " + before.tree().version() + " to version " + after.tree().version() + " of this tree");
        }
    }

    public ResolvedTree from() {
        return steps.get(0);
    }

    public ResolvedTree to() {
        return steps.get(steps.size() - 1);
    }

    /** The edits, in the order they were applied. */
    public List<AppliedEdit> edits() {
        return edits;
    }

    /** The admitted trees: {@link #from()}, then the one after each edit. */
    public List<ResolvedTree> steps() {
        return steps;
    }

    public int size() {
        return edits.size();
    }

    @Override
    public String toString() {
        return "EditChain{" + from().tree().rootPath() + " v" + from().tree().version() + " -> v" + to().tree().version()
                + ", " + edits.size() + " edits}";
    }
}
