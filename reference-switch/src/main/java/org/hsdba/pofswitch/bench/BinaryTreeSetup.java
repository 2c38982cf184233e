package org.hsdba.pofswitch.bench;

import org.hsdba.pof.ext.HxArithmetic;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.error.SwitchError;

/**
 * Programs a {@link Datapath} with a complete tree of {@code depth} levels of fan-out
 * {@code fanout} below one port, every node weight 1 and unlimited peak, using
 * {@link HsdbaLevelProgram}: level 0 in MM#0, level i in EM#(i-1); the level-i node of a packet is
 * chosen by payload byte i (packet byte 14 + i), which holds the node's index within its level.
 */
public final class BinaryTreeSetup {
    private final int depth;
    private final int fanout;
    private final long capacityBytesPerSecond;
    private final long kNanos;

    public BinaryTreeSetup(int depth, int fanout, long capacityBytesPerSecond, long kNanos) {
        if (depth < 1 || depth > 5) {
            throw new IllegalArgumentException("depth must be 1..5 (EM tables 0..3 hold levels 1..4), got " + depth);
        }
        this.depth = depth;
        this.fanout = fanout;
        this.capacityBytesPerSecond = capacityBytesPerSecond;
        this.kNanos = kNanos;
    }

    /** Global table id of a level's table (default table counts MM 8, LPM 2, EM 6). */
    public static int tableOf(int level) {
        return level == 0 ? 0 : 10 + level - 1;
    }

    /** Nodes at a level. */
    public int nodes(int level) {
        int n = 1;
        for (int i = 0; i <= level; i++) {
            n *= fanout;
        }
        return n;
    }

    public int leaves() {
        return nodes(depth - 1);
    }

    /** Register base of node {@code index} at {@code level}; the port root is at 0. */
    public int registerBase(int level, int index) {
        int before = 1;
        for (int l = 0; l < level; l++) {
            before += nodes(l);
        }
        return (before + index) * HsdbaLevelProgram.REGS_PER_NODE;
    }

    /** Installs tables, blocks, registers and entries; ports must be enabled by the caller. */
    public void install(Datapath dp, int outputPort, int idleTimeoutMs) throws SwitchError {
        long xid = 1;
        for (int level = 0; level < depth; level++) {
            int type = level == 0 ? 0 : 2;
            int tid = level == 0 ? 0 : level - 1;
            dp.tableMod(TableMod.builder().xid(xid++).command(0).table(type, tid).size(1000).keyLengthBits(8)
                    .name("level" + level).match(keyField(level)).build());
            HsdbaLevelProgram program = new HsdbaLevelProgram(level + 1 < depth ? tableOf(level + 1) : -1, outputPort);
            for (HxBlockMod m : program.messages(xid, level)) {
                dp.blockMod(m);
            }
            xid += 10;
        }
        // the port root: alpha = +inf, B = capacity, all children's weight
        dp.registerMod(HxRegisterMod.write(xid++, 0, HxArithmetic.MAX, 0, 0, capacityBytesPerSecond, fanout));
        for (int level = 0; level < depth; level++) {
            for (int i = 0; i < nodes(level); i++) {
                int self = registerBase(level, i);
                int parent = level == 0 ? 0 : registerBase(level - 1, i / fanout);
                dp.registerMod(HxRegisterMod.write(xid++, self, HxArithmetic.MAX, 0, 0, 0, fanout));
                Instruction call = HsdbaLevelProgram.call(level, 1, HxArithmetic.MAX, kNanos, parent, self,
                        idleTimeoutMs);
                int type = level == 0 ? 0 : 2;
                int tid = level == 0 ? 0 : level - 1;
                dp.flowMod(FlowMod.builder().xid(xid++).command(0).table(type, tid).index(i).priority(1)
                        .match(MatchX.exact(keyField(level), i)).instruction(call).build());
            }
        }
    }

    private static Match keyField(int level) {
        return Match.of(0, (14 + level) * 8, 8);
    }

    /** A frame of {@code size} bytes for leaf {@code leaf}: the path's node indexes in bytes 14.. */
    public byte[] frameFor(int leaf, int size) {
        byte[] f = new byte[size];
        for (int i = 0; i < 6; i++) {
            f[i] = (byte) 0xFF;
        }
        f[12] = (byte) 0x88;
        f[13] = (byte) 0xB5;
        int index = leaf;
        for (int level = depth - 1; level >= 0; level--) {
            f[14 + level] = (byte) index;
            index /= fanout;
        }
        return f;
    }

    /**
     * The exact hierarchical max-min allocation (hsdba-algorithm.md section 2) for equal weights
     * and unlimited peaks, given each leaf's demand in bytes/s.
     */
    public double[] oracle(double[] leafDemand) {
        double[] out = new double[leafDemand.length];
        allocate(0, 0, capacityBytesPerSecond, leafDemand, out);
        return out;
    }

    private double demand(int level, int index, double[] leafDemand) {
        if (level == depth - 1) {
            return leafDemand[index];
        }
        double d = 0;
        for (int c = 0; c < fanout; c++) {
            d += demand(level + 1, index * fanout + c, leafDemand);
        }
        return d;
    }

    private void allocate(int level, int firstIndex, double budget, double[] leafDemand, double[] out) {
        double[] d = new double[fanout];
        for (int c = 0; c < fanout; c++) {
            d[c] = demand(level, firstIndex + c, leafDemand);
        }
        double[] x = waterFill(d, budget);
        for (int c = 0; c < fanout; c++) {
            if (level == depth - 1) {
                out[firstIndex + c] = x[c];
            } else {
                allocate(level + 1, (firstIndex + c) * fanout, x[c], leafDemand, out);
            }
        }
    }

    /** Equal-weight water-filling of {@code budget} over demands {@code d}. */
    static double[] waterFill(double[] d, double budget) {
        double[] x = new double[d.length];
        boolean[] done = new boolean[d.length];
        double left = budget;
        int open = d.length;
        boolean changed = true;
        while (changed && open > 0) {
            changed = false;
            double share = left / open;
            for (int i = 0; i < d.length; i++) {
                if (!done[i] && d[i] <= share) {
                    x[i] = d[i];
                    done[i] = true;
                    left -= d[i];
                    open--;
                    changed = true;
                }
            }
        }
        for (int i = 0; i < d.length; i++) {
            if (!done[i]) {
                x[i] = left / open;
            }
        }
        return x;
    }
}
