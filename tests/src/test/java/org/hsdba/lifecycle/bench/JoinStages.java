package org.hsdba.lifecycle.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Where each join's time goes: the instants a join passed each stage of the path, stamped by the
 * decorators around the manager's store, compiler and switch ({@link TimedStore},
 * {@link TimedCompiler}, {@link TimedSwitches}). A join moves forward one stage at a time; each
 * stamp moves the joins waiting at the previous stage that it concerns, so the work per stamp is
 * the number of joins in flight, not the tree size. Thread-safe (one monitor: stamps come from
 * the adapter's I/O thread and the manager's control thread).
 */
final class JoinStages {

    /** The stages of a join, in path order. */
    enum Stage {
        /** The join PACKET_IN reached the controller (adapter listener call). */
        ARRIVED("arrival"),
        /** The control thread took it from the join queue (its join site was looked up). */
        DEQUEUED("join queue"),
        /** Planned, admitted and written to the store as part of a tree. */
        WRITTEN("plan+admit+write"),
        /** The program update (compiler diff) that contains the node started. */
        DIFF_STARTED("wait for diff"),
        /** That update returned its messages. */
        DIFF_DONE("compiler diff"),
        /** The messages were handed to the adapter. */
        SENT("diff->send"),
        /** The adapter confirmed them (ECHO round trip after the batch). */
        CONFIRMED("switch round trip"),
        /** The manager emitted NODE_JOINED. */
        JOINED("confirm->event");

        /** What the interval ending at this stage is called. */
        final String interval;

        Stage(String interval) {
            this.interval = interval;
        }
    }

    private final Map<String, long[]> stamps = new HashMap<>();
    private final Map<Stage, Set<String>> at = new EnumMap<>(Stage.class);
    private final List<Double> diffMs = new ArrayList<>();
    private final List<Integer> joinsPerDiff = new ArrayList<>();
    private final List<Integer> messagesPerDiff = new ArrayList<>();
    private final List<Integer> examinedPerDiff = new ArrayList<>();

    JoinStages() {
        for (Stage s : Stage.values()) {
            at.put(s, new LinkedHashSet<>());
        }
    }

    /** The first arrival of a node's join (repeats of the PACKET_IN are ignored). */
    synchronized void arrived(String nodeId, long nanos) {
        if (!stamps.containsKey(nodeId)) {
            long[] s = new long[Stage.values().length];
            s[Stage.ARRIVED.ordinal()] = nanos;
            stamps.put(nodeId, s);
            at.get(Stage.ARRIVED).add(nodeId);
        }
    }

    /** One node's join reached {@code stage} (if it was waiting at the stage before). */
    synchronized void reached(Stage stage, String nodeId, long nanos) {
        if (at.get(previous(stage)).remove(nodeId)) {
            stamp(stage, nodeId, nanos);
        }
    }

    /** Every join waiting before {@code stage} that {@code concerns} reached it; returns their ids. */
    synchronized List<String> reached(Stage stage, Predicate<String> concerns, long nanos) {
        List<String> moved = new ArrayList<>();
        for (Iterator<String> it = at.get(previous(stage)).iterator(); it.hasNext();) {
            String id = it.next();
            if (concerns.test(id)) {
                it.remove();
                moved.add(id);
            }
        }
        moved.forEach(id -> stamp(stage, id, nanos));
        return moved;
    }

    /** The given joins reached {@code stage} (those still waiting before it). */
    synchronized void reached(Stage stage, Collection<String> nodeIds, long nanos) {
        nodeIds.forEach(id -> reached(stage, id, nanos));
    }

    /** One program update: its duration, how many joins it carried and how many messages it made. */
    /** One compiler update: its duration, the joins and messages in it, the node entries it compared (-1: unknown). */
    synchronized void diff(long nanos, int joins, int messages, int examined) {
        diffMs.add(nanos / 1e6);
        joinsPerDiff.add(joins);
        messagesPerDiff.add(messages);
        if (examined >= 0) {
            examinedPerDiff.add(examined);
        }
    }

    private void stamp(Stage stage, String nodeId, long nanos) {
        stamps.get(nodeId)[stage.ordinal()] = nanos;
        at.get(stage).add(nodeId);
    }

    private static Stage previous(Stage s) {
        if (s.ordinal() == 0) {
            throw new IllegalArgumentException("no stage before " + s);
        }
        return Stage.values()[s.ordinal() - 1];
    }

    /** Joins that completed every stage. */
    synchronized int completed() {
        return at.get(Stage.JOINED).size();
    }

    /**
     * Where the joins that did not complete stopped: "stage: id, id" per stage they wait after,
     * at most {@code limit} ids each; empty if every join completed. An INCOMPLETE run names the
     * stage its lost joins never left, which is where to look.
     */
    synchronized List<String> stuck(int limit) {
        List<String> out = new ArrayList<>();
        for (Stage s : Stage.values()) {
            Set<String> ids = at.get(s);
            if (s == Stage.JOINED || ids.isEmpty()) {
                continue;
            }
            out.add(String.format(Locale.ROOT, "%d after \"%s\" (stamped %s): %s", ids.size(), s.interval, s,
                    ids.stream().limit(limit).collect(java.util.stream.Collectors.joining(", "))
                            + (ids.size() > limit ? ", ..." : "")));
        }
        return out;
    }

    /** Arrival to NODE_JOINED of every join that completed, in ms. */
    synchronized List<Double> totals() {
        return interval(Stage.ARRIVED, Stage.JOINED);
    }

    /** Arrival to the switch's confirmation of the entry (the adapter's), of every join that completed, in ms. */
    synchronized List<Double> confirmations() {
        return interval(Stage.ARRIVED, Stage.CONFIRMED);
    }

    /**
     * One line per interval (median and p99 over the joins that completed every stage, in ms),
     * then the compiler's updates (count, median/p99 duration, joins per update).
     */
    synchronized List<String> breakdown(String indent) {
        List<String> out = new ArrayList<>();
        Stage[] stages = Stage.values();
        for (int i = 1; i < stages.length; i++) {
            out.add(String.format(Locale.ROOT, "%s%-20s median %8.3f ms  p99 %8.3f ms", indent, stages[i].interval,
                    median(interval(stages[i - 1], stages[i])), p99(interval(stages[i - 1], stages[i]))));
        }
        List<Double> total = totals();
        out.add(String.format(Locale.ROOT, "%s%-20s median %8.3f ms  p99 %8.3f ms  (%d joins)", indent, "total",
                median(total), p99(total), total.size()));
        double joins = joinsPerDiff.stream().mapToInt(Integer::intValue).average().orElse(0);
        double messages = messagesPerDiff.stream().mapToInt(Integer::intValue).average().orElse(0);
        out.add(String.format(Locale.ROOT, "%s%-20s %d updates, median %.3f ms, p99 %.3f ms, %.2f joins and %.2f"
                + " messages per update%s", indent, "compiler updates", diffMs.size(), median(diffMs), p99(diffMs), joins,
                messages, examinedPerDiff.isEmpty() ? "" : String.format(Locale.ROOT, ", %.1f entries compared",
                        examinedPerDiff.stream().mapToInt(Integer::intValue).average().orElse(0))));
        return out;
    }

    private List<Double> interval(Stage from, Stage to) {
        List<Double> ms = new ArrayList<>();
        for (String id : at.get(Stage.JOINED)) {
            long[] s = stamps.get(id);
            ms.add((s[to.ordinal()] - s[from.ordinal()]) / 1e6);
        }
        return ms;
    }

    static double median(List<Double> values) {
        return quantile(values, 0.5);
    }

    static double p99(List<Double> values) {
        return quantile(values, 0.99);
    }

    /** The nearest-rank quantile (NaN if empty). */
    static double quantile(List<Double> values, double q) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int rank = (int) Math.ceil(q * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }
}
