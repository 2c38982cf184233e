package org.hsdba.pofswitch.datapath;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.hsdba.pof.instruction.Instruction;

/**
 * The extension's switch-wide state: installed and staged instruction blocks, the register file,
 * the SplitMix64 random stream, outstanding join keys, and the lower bound on the next idle expiry.
 *
 * <p>Packets of different trees run concurrently ({@link Datapath}): the random stream and the idle
 * bound are atomic (a packet's draw or bound is the same as when packets run one at a time), the
 * outstanding joins are guarded by their map's monitor; blocks change only under the datapath's
 * exclusive lock and register words are partitioned between trees ({@link Domains}).
 */
final class HxState {
    /** An installed block. */
    static final class Block {
        final List<Instruction> instructions;
        final int idlePc;

        Block(List<Instruction> instructions, int idlePc) {
            this.instructions = List.copyOf(instructions);
            this.idlePc = idlePc;
        }
    }

    /** A definition being assembled by ADD/APPEND messages. */
    static final class Staged {
        final List<Instruction> instructions = new ArrayList<>();
        final int idlePc;

        Staged(int idlePc) {
            this.idlePc = idlePc;
        }
    }

    /** An outstanding join: table and lookup key. */
    static final class JoinKey {
        final int table;
        final byte[] key;
        private final int hash;

        JoinKey(int table, byte[] key) {
            this.table = table;
            this.key = key;
            this.hash = table * 31 + Arrays.hashCode(key);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof JoinKey && table == ((JoinKey) o).table && Arrays.equals(key, ((JoinKey) o).key);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    final Map<Integer, Block> blocks = new HashMap<>();
    final Map<Integer, Staged> staged = new HashMap<>();
    final long[] registers;
    /** Outstanding joins; packets use it (and {@link #joinsSuppressed}) under its monitor. */
    final Map<JoinKey, Long> pendingJoins = new LinkedHashMap<>();
    private final long seed;
    /** SplitMix64's counter: a draw is one atomic add, so concurrent draws never repeat an output. */
    private final AtomicLong rng;
    long joinsSuppressed;
    /** No active entry with an idle timeout expires before this time (ns). */
    private final AtomicLong idleBound = new AtomicLong(Long.MAX_VALUE);

    HxState(int registerWords, long seed) {
        this.registers = new long[registerWords];
        this.seed = seed;
        this.rng = new AtomicLong(seed);
    }

    /** The next SplitMix64 output (section 3.3); RAND is its upper 32 bits. */
    long nextRandom() {
        long z = rng.addAndGet(0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    long seed() {
        return seed;
    }

    /** Where the random stream is (compared by {@link DatapathComparison}). */
    long rngState() {
        return rng.get();
    }

    long idleBound() {
        return idleBound.get();
    }

    void setIdleBound(long bound) {
        idleBound.set(bound);
    }

    /** Lowers the idle bound to {@code at} if it is earlier (written only then: packets mostly just read it). */
    void lowerIdleBound(long at) {
        long b = idleBound.get();
        while (at < b && !idleBound.compareAndSet(b, at)) {
            b = idleBound.get();
        }
    }

    /** Drops join keys whose hold time has passed. */
    void expireJoins(long now) {
        for (Iterator<Long> it = pendingJoins.values().iterator(); it.hasNext();) {
            if (it.next() <= now) {
                it.remove();
            }
        }
    }

    /** Everything a controller HELLO wipes (the random stream restarts from the seed). */
    void wipe() {
        blocks.clear();
        staged.clear();
        Arrays.fill(registers, 0);
        pendingJoins.clear();
        joinsSuppressed = 0;
        idleBound.set(Long.MAX_VALUE);
        rng.set(seed);
    }
}
