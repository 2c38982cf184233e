package org.hsdba.impl;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.hsdba.admission.EditChain;
import org.hsdba.impl.program.EditHistory;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;

/**
 * The recent writes of each port's tree made here, with the admitted edits of each (a join batch
 * is several edits in one version), so that a device agent can update its switch program along
 * them ({@link EditHistory}). A write whose edits are unknown (a whole tree put, levels set, an
 * import) cuts the history: nothing before it can lead to the current tree. Another cluster
 * member's writes are never recorded, so a program behind them finds no chain and compares in
 * full. Bounded per port. Written under the manager's write lock, read on the control thread.
 */
final class EditJournal implements EditHistory {

    /**
     * Writes kept per port: a program further behind than that compares in full. A program is
     * behind by the writes made while its change was at the switch (one or two at 1000 joins/s,
     * one per join during a stall of that many milliseconds). Each kept write holds its tree
     * versions alive (about 0.2 MB at 3000 users): 256 kept 60-80 MB of old trees live, which every
     * cycle of the collector marks again, on the cores the joins need (JoinLatencyBench at
     * 1000/s: the collector's CPU, not the path, made the p99; docs/benchmarks.md).
     */
    static final int MAX_WRITES = 32;

    /** One write: {@code from} (stored) became {@code to} (stored) by {@code chain}. */
    private static final class Write {
        final BandwidthTree from;
        final BandwidthTree to;
        final EditChain chain;

        Write(BandwidthTree from, BandwidthTree to, EditChain chain) {
            this.from = from;
            this.to = to;
            this.chain = chain;
        }
    }

    private final Map<PortRef, ArrayDeque<Write>> byPort = new HashMap<>();

    /**
     * Records that {@code from} (null: none) is being replaced by {@code to} through
     * {@code chain} (null: unknown edits, which cuts the history). Recorded before the store
     * write so that the update it triggers finds it; {@link #retract} if the write fails.
     */
    synchronized void record(BandwidthTree from, BandwidthTree to, EditChain chain) {
        if (from == null || chain == null) {
            byPort.remove(to.port());
            return;
        }
        ArrayDeque<Write> writes = byPort.computeIfAbsent(to.port(), p -> new ArrayDeque<>());
        writes.addLast(new Write(from, to, chain));
        while (writes.size() > MAX_WRITES) {
            writes.removeFirst();
        }
    }

    /** The write of {@code to} did not happen (another member wrote first). */
    synchronized void retract(BandwidthTree to) {
        ArrayDeque<Write> writes = byPort.get(to.port());
        if (writes != null && !writes.isEmpty() && writes.peekLast().to == to) {
            writes.removeLast();
        }
    }

    synchronized void forget(PortRef port) {
        byPort.remove(port);
    }

    synchronized void clear() {
        byPort.clear();
    }

    /**
     * The writes from {@code from} to {@code to}, found from the newest write back: a program is
     * one or a few writes behind the store, and a walk from the oldest of up to {@value #MAX_WRITES}
     * kept writes read two objects per write (cold ones at low join rates: 3 % of a lane's CPU per
     * join with 2000 users under one parent, ONOS store at 100 joins/s).
     */
    @Override
    public synchronized Optional<EditChain> between(BandwidthTree from, BandwidthTree to) {
        ArrayDeque<Write> writes = byPort.get(to.port());
        if (writes == null || from.version() >= to.version() || !from.port().equals(to.port())) {
            return Optional.empty();
        }
        // Newest first, to the last write that starts at 'from'; its writes are then joined oldest first.
        List<Write> back = new ArrayList<>();
        boolean found = false;
        for (Iterator<Write> it = writes.descendingIterator(); it.hasNext() && !found; ) {
            Write w = it.next();
            back.add(w);
            found = w.from.version() == from.version() && same(w.from, from);
        }
        if (!found) {
            return Optional.empty();
        }
        EditChain chain = null;
        Write previous = null;
        for (int k = back.size() - 1; k >= 0; k--) {
            Write w = back.get(k);
            if (chain == null) {
                chain = w.chain;
            } else {
                if (!same(previous.to, w.from)) {
                    return Optional.empty(); // another member's write in between
                }
                try {
                    chain = chain.then(w.chain);
                } catch (IllegalArgumentException e) {
                    return Optional.empty();
                }
            }
            if (w.to.version() == to.version()) {
                return same(w.to, to) ? Optional.of(chain) : Optional.empty();
            }
            previous = w;
        }
        return Optional.empty();
    }

    private static boolean same(BandwidthTree a, BandwidthTree b) {
        return a == b || a.equals(b);
    }
}
