package org.hsdba.sim.engine;

/**
 * Byte and packet counts per time bin and node during a run (direct counts: each packet is
 * counted at its source's node; {@link #rollUp} turns them into subtree totals). Mutable,
 * used by the engine only.
 */
final class BinCounters {

    final long[][] offeredBytes;
    final long[][] deliveredBytes;
    final long[][] policedBytes;
    final long[][] policedPackets;
    final long[][] queueDropBytes;
    final long[][] queueDropPackets;

    BinCounters(int bins, int nodes) {
        offeredBytes = new long[bins][nodes];
        deliveredBytes = new long[bins][nodes];
        policedBytes = new long[bins][nodes];
        policedPackets = new long[bins][nodes];
        queueDropBytes = new long[bins][nodes];
        queueDropPackets = new long[bins][nodes];
    }

    void rollUp(NodeTree tree) {
        for (int b = 0; b < offeredBytes.length; b++) {
            tree.accumulateUp(offeredBytes[b]);
            tree.accumulateUp(deliveredBytes[b]);
            tree.accumulateUp(policedBytes[b]);
            tree.accumulateUp(policedPackets[b]);
            tree.accumulateUp(queueDropBytes[b]);
            tree.accumulateUp(queueDropPackets[b]);
        }
    }
}
