package org.hsdba.impl;

import java.util.Objects;
import java.util.Optional;

import org.hsdba.model.NodeSpec;

/**
 * What to do with one join packet-in: add a node, refuse (counted, reported with the reason), or
 * ignore (nothing wrong: e.g. the node already exists and its entry is on its way).
 */
final class JoinPlan {

    enum Outcome { ADD, REFUSE, IGNORE }

    private final Outcome outcome;
    private final NodeSpec node;
    private final String reason;

    private JoinPlan(Outcome outcome, NodeSpec node, String reason) {
        this.outcome = outcome;
        this.node = node;
        this.reason = reason;
    }

    static JoinPlan add(NodeSpec node) {
        return new JoinPlan(Outcome.ADD, Objects.requireNonNull(node, "node"), null);
    }

    static JoinPlan refuse(String reason) {
        return new JoinPlan(Outcome.REFUSE, null, reason);
    }

    static JoinPlan ignore(String reason) {
        return new JoinPlan(Outcome.IGNORE, null, reason);
    }

    Outcome outcome() {
        return outcome;
    }

    Optional<NodeSpec> node() {
        return Optional.ofNullable(node);
    }

    /** Why it is refused or ignored; empty for ADD. */
    String reason() {
        return reason == null ? "" : reason;
    }

    @Override
    public String toString() {
        return outcome + (node == null ? "" : " " + node) + (reason == null ? "" : ": " + reason);
    }
}
