package org.hsdba.pofswitch.bench;

import org.hsdba.pof.ext.HxArithmetic;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.error.SwitchError;

/**
 * Programs a {@link Datapath} with one two-level {@link HsdbaLevelProgram} tree per egress port,
 * laid out as the switch compiler lays out several trees (docs/hsdba-compiler.md section 7): a
 * dispatch table at MM#0 keyed by payload byte 0 (frame byte 14, the tree), whose entry of tree
 * {@code k} is that tree's port-level node; the tree's leaves in its own table EM#k keyed by
 * payload byte 1, its own blocks {@code 2k, 2k+1} and its own register chunk of 512 words. Trees
 * share nothing, so their packets run concurrently.
 */
public final class MultiTreeSetup {
    private static final int CHUNK = 512;
    private static final Match TREE_KEY = Match.of(0, 112, 8);
    private static final Match LEAF_KEY = Match.of(0, 120, 8);

    private final int[] egressPorts;
    private final int leaves;
    private final long capacityBytesPerSecond;
    private final long kNanos;

    /**
     * @param egressPorts tree {@code k} sends what it passes to {@code egressPorts[k]} (at most 6
     *     trees: the default EM tables)
     */
    public MultiTreeSetup(int[] egressPorts, int leaves, long capacityBytesPerSecond, long kNanos) {
        if (egressPorts.length < 1 || egressPorts.length > 6) {
            throw new IllegalArgumentException("1..6 trees (one EM table each), got " + egressPorts.length);
        }
        if (leaves < 1 || leaves > CHUNK / HsdbaLevelProgram.REGS_PER_NODE - 2) {
            throw new IllegalArgumentException("1.." + (CHUNK / HsdbaLevelProgram.REGS_PER_NODE - 2)
                    + " leaves per tree (the tree's register chunk), got " + leaves);
        }
        this.egressPorts = egressPorts.clone();
        this.leaves = leaves;
        this.capacityBytesPerSecond = capacityBytesPerSecond;
        this.kNanos = kNanos;
    }

    public int trees() {
        return egressPorts.length;
    }

    /** Installs tables, blocks, registers and entries; ports must be enabled by the caller. */
    public void install(Datapath dp) throws SwitchError {
        long xid = 1;
        dp.tableMod(TableMod.builder().xid(xid++).command(0).table(0, 0).size(64).keyLengthBits(8).name("dispatch")
                .match(TREE_KEY).build());
        for (int k = 0; k < trees(); k++) {
            dp.tableMod(TableMod.builder().xid(xid++).command(0).table(2, k).size(256).keyLengthBits(8)
                    .name("tree" + k + "-leaves").match(LEAF_KEY).build());
            int leafTable = dp.config().tableIds().globalId(2, k);
            for (HxBlockMod m : new HsdbaLevelProgram(leafTable, egressPorts[k]).messages(xid, 2 * k)) {
                dp.blockMod(m);
            }
            xid += 10;
            for (HxBlockMod m : new HsdbaLevelProgram(-1, egressPorts[k]).messages(xid, 2 * k + 1)) {
                dp.blockMod(m);
            }
            xid += 10;
            int root = CHUNK * k;
            int node = root + HsdbaLevelProgram.REGS_PER_NODE;
            // the port root: alpha = +inf, B = capacity, one child (the port-level node)
            dp.registerMod(HxRegisterMod.write(xid++, root, HxArithmetic.MAX, 0, 0, capacityBytesPerSecond, 1));
            dp.registerMod(HxRegisterMod.write(xid++, node, HxArithmetic.MAX, 0, 0, 0, leaves));
            dp.flowMod(FlowMod.builder().xid(xid++).command(0).table(0, 0).index(k).priority(1)
                    .match(MatchX.exact(TREE_KEY, k))
                    .instruction(HsdbaLevelProgram.call(2 * k, 1, HxArithmetic.MAX, kNanos, root, node, 0)).build());
            for (int i = 0; i < leaves; i++) {
                int self = node + (i + 1) * HsdbaLevelProgram.REGS_PER_NODE;
                dp.registerMod(HxRegisterMod.write(xid++, self, HxArithmetic.MAX, 0, 0, 0, 1));
                dp.flowMod(FlowMod.builder().xid(xid++).command(0).table(2, k).index(i).priority(1)
                        .match(MatchX.exact(LEAF_KEY, i))
                        .instruction(HsdbaLevelProgram.call(2 * k + 1, 1, HxArithmetic.MAX, kNanos, node, self, 0))
                        .build());
            }
        }
    }

    /** A frame of {@code size} bytes for leaf {@code leaf} of tree {@code tree}. */
    public byte[] frameFor(int tree, int leaf, int size) {
        byte[] f = new byte[size];
        f[0] = 0x02; // unicast
        f[12] = (byte) 0x88;
        f[13] = (byte) 0xB5;
        f[14] = (byte) tree;
        f[15] = (byte) leaf;
        return f;
    }
}
