package org.hsdba.pofswitch.datapath;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hsdba.pof.instruction.Instruction;

/**
 * The extension's switch-wide state: installed and staged instruction blocks, the register file,
 * the SplitMix64 random stream, outstanding join keys, and the lower bound on the next idle expiry.
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
    final Map<JoinKey, Long> pendingJoins = new LinkedHashMap<>();
    private final long seed;
    private long rng;
    long joinsSuppressed;
    /** No active entry with an idle timeout expires before this time (ns). */
    long idleBound = Long.MAX_VALUE;

    HxState(int registerWords, long seed) {
        this.registers = new long[registerWords];
        this.seed = seed;
        this.rng = seed;
    }

    /** The next SplitMix64 output (section 3.3); RAND is its upper 32 bits. */
    long nextRandom() {
        rng += 0x9E3779B97F4A7C15L;
        long z = rng;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    long seed() {
        return seed;
    }

    /** Where the random stream is (compared by {@link DatapathComparison}). */
    long rngState() {
        return rng;
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
        idleBound = Long.MAX_VALUE;
        rng = seed;
    }
}
