package org.hsdba.lifecycle.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Where each join's time goes: the instants a join passed each stage of the path, stamped by the
 * decorators around the manager's store, compiler, switches and lanes ({@link TimedStore},
 * {@link TimedCompiler}, {@link TimedSwitches}) and by the reference switch's control channel
 * ({@link SwitchStamps}). A join moves forward only: a stamp applies to the joins whose last
 * stage is one it may follow ({@link Stage#after}); stages a set-up cannot see (the reference
 * switch's, without one) are optional and skipped, so each interval runs from the last stage
 * stamped before it. Each stamp looks at the joins in flight, not at the tree. Thread-safe (one
 * monitor: stamps come from the adapter's I/O thread, the switch's threads and the lanes).
 */
final class JoinStages {

    /** The stages of a join, in path order. */
    enum Stage {
        /** The reference switch wrote the join's PACKET_IN to its controller socket (optional). */
        PI_WRITTEN("PACKET_IN write", null, true),
        /** The join PACKET_IN reached the controller (adapter listener call). */
        ARRIVED("PACKET_IN write->arrival", PI_WRITTEN, false),
        /** The control thread took it from the join queue (its join site was looked up). */
        DEQUEUED("join queue", ARRIVED, false),
        /** Planned and admitted; its tree handed to the store's write (the manager's store call). */
        ADMITTED("plan+admit", DEQUEUED, false),
        /** Written to the store as part of a tree (the store's write returned: durable). */
        WRITTEN("store write", DEQUEUED, false),
        /** The program update (compiler diff) that contains the node started. */
        DIFF_STARTED("wait for diff", WRITTEN, false),
        /** That update returned its messages. */
        DIFF_DONE("compiler diff", DIFF_STARTED, false),
        /** The messages were handed to the adapter. */
        SENT("diff->send", DIFF_DONE, false),
        /** The switch's read returned the batch's first message (optional). */
        SWITCH_READ("send->switch read", SENT, true),
        /** The switch had applied the batch, its confirming ECHO_REQUEST handled (optional). */
        SWITCH_APPLIED("switch applies", SWITCH_READ, true),
        /** The switch wrote the ECHO_REPLY (optional). */
        ECHO_WRITTEN("ECHO_REPLY write", SWITCH_APPLIED, true),
        /** The adapter confirmed the batch (its event loop read the ECHO_REPLY after it). */
        CONFIRMED("->adapter confirms", SENT, false),
        /** The device's lane ran again after the confirmation (optional). */
        LANE("confirm->lane runs", CONFIRMED, true),
        /** The manager emitted NODE_JOINED. */
        JOINED("->NODE_JOINED", CONFIRMED, false);

        /** What the interval ending at this stage is called. */
        final String interval;
        /** The earliest stage a join may be at for this stamp to apply (null: it starts a join). */
        final Stage after;
        /** Set-ups that cannot see this stage skip it. */
        final boolean optional;

        Stage(String interval, Stage after, boolean optional) {
            this.interval = interval;
            this.after = after;
            this.optional = optional;
        }
    }

    /** A stage a join did not stamp. */
    private static final long UNSTAMPED = Long.MIN_VALUE;

    /** One join's stamps ({@link #UNSTAMPED} where none) and the last stage it reached. */
    private static final class Join {
        final String id;
        final long[] at = new long[Stage.values().length];
        Stage last;

        Join(String id) {
            this.id = id;
            java.util.Arrays.fill(at, UNSTAMPED);
        }
    }

    /** Joins that have not reached {@link Stage#JOINED}, in arrival order. */
    private final Map<String, Join> inFlight = new LinkedHashMap<>();
    private final List<Join> done = new ArrayList<>();
    private final Map<String, Join> all = new HashMap<>();
    private final List<Double> diffMs = new ArrayList<>();
    private final List<Integer> joinsPerDiff = new ArrayList<>();
    private final List<Integer> messagesPerDiff = new ArrayList<>();
    private final List<Integer> examinedPerDiff = new ArrayList<>();
    /** Per store write: its wall time and the writing thread's CPU time in it, ms. */
    private final List<Double> storeWallMs = new ArrayList<>();
    private final List<Double> storeCpuMs = new ArrayList<>();

    /** Join packet-ins taken from the join queue, by the taking thread's name without its digits. */
    private final Map<String, Integer> takenOn = new java.util.TreeMap<>();

    /** Thread names without their digits, by name: the stamp runs on the join path, a regex per join does not belong there. */
    private final Map<String, String> threadKinds = new HashMap<>();
    private static final java.util.regex.Pattern DIGITS = java.util.regex.Pattern.compile("[0-9]+");

    /** A join packet-in was taken from the join queue on thread {@code threadName}. */
    synchronized void takenOn(String threadName) {
        String kind = threadKinds.computeIfAbsent(threadName, n -> DIGITS.matcher(n).replaceAll("#"));
        takenOn.merge(kind, 1, Integer::sum);
    }

    /** The switch wrote a join's PACKET_IN: the join starts here (repeats of the PACKET_IN are ignored). */
    synchronized void written(String nodeId, long nanos) {
        if (!all.containsKey(nodeId)) {
            start(nodeId, Stage.PI_WRITTEN, nanos);
        }
    }

    /** The join PACKET_IN reached the controller: the join starts here unless its write was stamped. */
    synchronized void arrived(String nodeId, long nanos) {
        Join j = all.get(nodeId);
        if (j == null) {
            start(nodeId, Stage.ARRIVED, nanos);
        } else if (j.last == Stage.PI_WRITTEN) {
            stamp(j, Stage.ARRIVED, nanos);
        }
    }

    private void start(String nodeId, Stage stage, long nanos) {
        Join j = new Join(nodeId);
        all.put(nodeId, j);
        inFlight.put(nodeId, j);
        stamp(j, stage, nanos);
    }

    /** One node's join reached {@code stage} (if it was at a stage this one may follow). */
    synchronized void reached(Stage stage, String nodeId, long nanos) {
        Join j = inFlight.get(nodeId);
        if (j != null && mayReach(j, stage)) {
            stamp(j, stage, nanos);
        }
    }

    /** Every join in flight that may reach {@code stage} and that {@code concerns} reached it; returns their ids. */
    synchronized List<String> reached(Stage stage, Predicate<String> concerns, long nanos) {
        List<Join> moved = new ArrayList<>();
        for (Join j : inFlight.values()) {
            if (mayReach(j, stage) && concerns.test(j.id)) {
                moved.add(j);
            }
        }
        List<String> ids = new ArrayList<>(moved.size());
        for (Join j : moved) {
            stamp(j, stage, nanos);
            ids.add(j.id);
        }
        return ids;
    }

    /** The given joins reached {@code stage} (those that may). */
    synchronized void reached(Stage stage, Collection<String> nodeIds, long nanos) {
        nodeIds.forEach(id -> reached(stage, id, nanos));
    }

    /** Every join in flight whose last stage is exactly {@code from} reached {@code stage}. */
    synchronized void moved(Stage from, Stage stage, long nanos) {
        if (from.compareTo(stage) >= 0 || from.compareTo(stage.after) < 0) {
            throw new IllegalArgumentException(stage + " cannot follow " + from);
        }
        List<Join> moved = new ArrayList<>();
        for (Join j : inFlight.values()) {
            if (j.last == from) {
                moved.add(j);
            }
        }
        moved.forEach(j -> stamp(j, stage, nanos));
    }

    /** One compiler update: its duration, the joins and messages in it, the node entries it compared (-1: unknown). */
    synchronized void diff(long nanos, int joins, int messages, int examined) {
        diffMs.add(nanos / 1e6);
        joinsPerDiff.add(joins);
        messagesPerDiff.add(messages);
        if (examined >= 0) {
            examinedPerDiff.add(examined);
        }
    }

    /**
     * One store write: its wall time and the CPU time the writing thread spent in it (-1: not
     * known). Wall minus CPU is time off the CPU: preempted, or waiting (a lock, a future).
     */
    synchronized void storeWrite(long wallNanos, long cpuNanos) {
        storeWallMs.add(wallNanos / 1e6);
        if (cpuNanos >= 0) {
            storeCpuMs.add(cpuNanos / 1e6);
        }
    }

    private static boolean mayReach(Join j, Stage stage) {
        return stage.after != null && j.last.compareTo(stage.after) >= 0 && j.last.compareTo(stage) < 0;
    }

    private void stamp(Join j, Stage stage, long nanos) {
        j.at[stage.ordinal()] = nanos;
        j.last = stage;
        if (stage == Stage.JOINED) {
            inFlight.remove(j.id);
            done.add(j);
        }
    }

    /** Joins that completed every stage. */
    synchronized int completed() {
        return done.size();
    }

    /**
     * Where the joins that did not complete stopped: "stage: id, id" per stage they wait after,
     * at most {@code limit} ids each; empty if every join completed. An INCOMPLETE run names the
     * stage its lost joins never left, which is where to look.
     */
    synchronized List<String> stuck(int limit) {
        Map<Stage, List<String>> byStage = new java.util.EnumMap<>(Stage.class);
        for (Join j : inFlight.values()) {
            byStage.computeIfAbsent(j.last, s -> new ArrayList<>()).add(j.id);
        }
        List<String> out = new ArrayList<>();
        byStage.forEach((s, ids) -> out.add(String.format(Locale.ROOT, "%d after \"%s\" (stamped %s): %s", ids.size(),
                s.interval, s, ids.stream().limit(limit).collect(Collectors.joining(", "))
                        + (ids.size() > limit ? ", ..." : ""))));
        return out;
    }

    /** Arrival to NODE_JOINED of every join that completed, in ms. */
    synchronized List<Double> totals() {
        return between(Stage.ARRIVED, Stage.JOINED);
    }

    /** Arrival to the switch's confirmation of the entry (the adapter's), of every join that completed, in ms. */
    synchronized List<Double> confirmations() {
        return between(Stage.ARRIVED, Stage.CONFIRMED);
    }

    /**
     * One line per stage (median and p99 over the completed joins that stamped it, of the
     * interval from the last stage they stamped before it, in ms; stages none of them stamped
     * are left out), the switch round trip and confirmation-to-event sums, the totals, then the
     * compiler's updates (count, median/p99 duration, joins per update).
     */
    synchronized List<String> breakdown(String indent) {
        List<String> out = new ArrayList<>();
        for (Stage s : Stage.values()) {
            if (s.after == null) {
                continue;
            }
            List<Double> ms = intervalTo(s);
            if (ms.isEmpty()) {
                continue; // a stage this set-up does not see, or no join completed
            }
            out.add(line(indent, (s.optional || s == Stage.CONFIRMED || s == Stage.JOINED ? "  " : "") + s.interval, ms));
            if (s == Stage.CONFIRMED) {
                out.add(line(indent, "switch round trip", between(Stage.SENT, Stage.CONFIRMED)));
            }
        }
        out.add(line(indent, "confirm->event", between(Stage.CONFIRMED, Stage.JOINED)));
        List<Double> total = totals();
        out.add(line(indent, "total", total) + String.format(Locale.ROOT, "  (%d joins)", total.size()));
        List<Double> fromWrite = between(Stage.PI_WRITTEN, Stage.CONFIRMED);
        if (!fromWrite.isEmpty()) {
            out.add(line(indent, "PI write->confirmed", fromWrite));
            out.add(line(indent, "PI write->JOINED", between(Stage.PI_WRITTEN, Stage.JOINED)));
        }
        if (!takenOn.isEmpty()) {
            out.add(String.format(Locale.ROOT, "%s%-20s %s", indent, "join taken on", takenOn.entrySet().stream()
                    .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "))));
        }
        if (!storeWallMs.isEmpty()) {
            out.add(String.format(Locale.ROOT, "%s%-20s %d writes, wall median %.3f ms p99 %.3f ms; the writer's CPU"
                    + " median %.3f ms p99 %.3f ms (wall - CPU: off the CPU)", indent, "store writes", storeWallMs.size(),
                    median(storeWallMs), p99(storeWallMs), median(storeCpuMs), p99(storeCpuMs)));
        }
        double joins = joinsPerDiff.stream().mapToInt(Integer::intValue).average().orElse(0);
        double messages = messagesPerDiff.stream().mapToInt(Integer::intValue).average().orElse(0);
        out.add(String.format(Locale.ROOT, "%s%-20s %d updates, median %.3f ms, p99 %.3f ms, %.2f joins and %.2f"
                + " messages per update%s", indent, "compiler updates", diffMs.size(), median(diffMs), p99(diffMs), joins,
                messages, examinedPerDiff.isEmpty() ? "" : String.format(Locale.ROOT, ", %.1f entries compared",
                        examinedPerDiff.stream().mapToInt(Integer::intValue).average().orElse(0))));
        return out;
    }

    /**
     * The slowest joins (arrival to confirmation at or above the p99): when they arrived, in ms
     * from the run's first arrival, grouped where less than 20 ms apart (one stall delays the
     * joins queued behind it: a p99 made of one group is one event, not a steady cost), and
     * which interval was the largest of each (where the time went).
     */
    synchronized List<String> tail(String indent) {
        List<Double> confirmed = between(Stage.ARRIVED, Stage.CONFIRMED);
        if (confirmed.isEmpty()) {
            return List.of();
        }
        double threshold = p99(confirmed);
        long first = Long.MAX_VALUE;
        List<Join> slow = new ArrayList<>();
        for (Join j : done) {
            long arrived = j.at[Stage.ARRIVED.ordinal()];
            long conf = j.at[Stage.CONFIRMED.ordinal()];
            if (arrived == UNSTAMPED || conf == UNSTAMPED) {
                continue;
            }
            first = Math.min(first, arrived);
            if ((conf - arrived) / 1e6 >= threshold) {
                slow.add(j);
            }
        }
        slow.sort(java.util.Comparator.comparingLong(j -> j.at[Stage.ARRIVED.ordinal()]));
        Map<String, Integer> largest = new java.util.TreeMap<>();
        StringBuilder groups = new StringBuilder();
        long groupStart = 0;
        long previous = Long.MIN_VALUE;
        int inGroup = 0;
        for (Join j : slow) {
            long arrived = j.at[Stage.ARRIVED.ordinal()];
            if (previous != Long.MIN_VALUE && arrived - previous >= 20_000_000L) {
                groups.append(group(groupStart - first, previous - first, inGroup));
                inGroup = 0;
            }
            if (inGroup == 0) {
                groupStart = arrived;
            }
            inGroup++;
            previous = arrived;
            largest.merge(largestInterval(j), 1, Integer::sum);
        }
        groups.append(group(groupStart - first, previous - first, inGroup));
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "%s%-20s %d joins >= %.2f ms, arrived at %s", indent, "slowest 1 %",
                slow.size(), threshold, groups.toString().trim()));
        out.add(String.format(Locale.ROOT, "%s%-20s %s", indent, "  their largest step", largest.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "))));
        Join worst = slow.stream().max(java.util.Comparator.comparingLong(
                j -> j.at[Stage.CONFIRMED.ordinal()] - j.at[Stage.ARRIVED.ordinal()])).orElseThrow();
        out.add(String.format(Locale.ROOT, "%s%-20s %.2f ms, arrived at %.0f ms (JVM uptime %.0f ms, as -Xlog"
                + " stamps it): %s", indent, "  the slowest", (worst.at[Stage.CONFIRMED.ordinal()]
                - worst.at[Stage.ARRIVED.ordinal()]) / 1e6, (worst.at[Stage.ARRIVED.ordinal()] - first) / 1e6,
                uptimeMs(worst.at[Stage.ARRIVED.ordinal()]), intervals(worst)));
        return out;
    }

    /**
     * The JVM's uptime (ms) at {@code nanos} of System.nanoTime(): where a stall shows in the
     * GC and safepoint logs (-Xlog:gc,safepoint stamp uptime), to within a millisecond.
     */
    private static double uptimeMs(long nanos) {
        long now = System.nanoTime();
        long uptime = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
        return uptime - (now - nanos) / 1e6;
    }

    /** Each stamped interval of {@code j} up to its confirmation, "name ms", in path order. */
    private static String intervals(Join j) {
        List<String> parts = new ArrayList<>();
        steps(j).forEach((name, ns) -> parts.add(String.format(Locale.ROOT, "%s %.3f", name, ns / 1e6)));
        return String.join(", ", parts);
    }

    /** The nanoseconds of each interval between consecutive stamped stages of {@code j} up to its confirmation, in path order. */
    private static Map<String, Long> steps(Join j) {
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        long last = UNSTAMPED;
        for (Stage s : Stage.values()) {
            long at = j.at[s.ordinal()];
            if (at == UNSTAMPED) {
                continue;
            }
            if (last != UNSTAMPED) {
                out.put(s.interval, at - last);
            }
            last = at;
            if (s == Stage.CONFIRMED) {
                break;
            }
        }
        return out;
    }

    private static String group(long fromNanos, long toNanos, int joins) {
        return fromNanos == toNanos ? String.format(Locale.ROOT, "%.0f ms (%d) ", fromNanos / 1e6, joins)
                : String.format(Locale.ROOT, "%.0f-%.0f ms (%d) ", fromNanos / 1e6, toNanos / 1e6, joins);
    }

    /** The interval (between consecutive stamped stages up to the confirmation) that took a join longest. */
    private static String largestInterval(Join j) {
        return steps(j).entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("?");
    }

    private static String line(String indent, String name, List<Double> ms) {
        return String.format(Locale.ROOT, "%s%-20s median %8.3f ms  p99 %8.3f ms", indent, name, median(ms), p99(ms));
    }

    /** Per completed join that stamped {@code to}: from the last stage it stamped before, in ms. */
    private List<Double> intervalTo(Stage to) {
        List<Double> ms = new ArrayList<>();
        for (Join j : done) {
            if (j.at[to.ordinal()] == UNSTAMPED) {
                continue;
            }
            for (int i = to.ordinal() - 1; i >= 0; i--) {
                if (j.at[i] != UNSTAMPED) {
                    ms.add((j.at[to.ordinal()] - j.at[i]) / 1e6);
                    break;
                }
            }
        }
        return ms;
    }

    /** Per completed join that stamped both: {@code from} to {@code to}, in ms. */
    private List<Double> between(Stage from, Stage to) {
        List<Double> ms = new ArrayList<>();
        for (Join j : done) {
            if (j.at[from.ordinal()] != UNSTAMPED && j.at[to.ordinal()] != UNSTAMPED) {
                ms.add((j.at[to.ordinal()] - j.at[from.ordinal()]) / 1e6);
            }
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
