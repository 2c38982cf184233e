package org.hsdba.impl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.impl.program.CounterReading;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.EntryCounters;
import org.hsdba.impl.program.JoinSite;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.impl.program.ProgramChange;
import org.hsdba.impl.program.ProgramCompiler;
import org.hsdba.impl.program.ProgramException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.pof.message.CounterReply;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.table.TableType;
import org.hsdba.southbound.PofSwitch;

/**
 * A compiler for tests: one FLOW_MOD per non-template node, in table {@code 8 * portSlot + depth - 1};
 * the entry index and counter id are a per-device slot that a node keeps across updates.
 * Updates send ADD / MODIFY / DELETE for added / changed / removed nodes only. A join PACKET_IN
 * has reason {@link #JOIN_REASON} and names the missed table. Counters: COUNTER_REPLY bytes =
 * passed bytes, packets = dropped bytes. {@link #maxNodes} makes programs too big fail to compile.
 */
final class FakeCompiler implements ProgramCompiler {

    static final int JOIN_REASON = 7;
    volatile int maxNodes = Integer.MAX_VALUE;
    /** Nodes an incremental change may end with (a full program is not limited by it): what only fits in full. */
    volatile int incrementalRoom = Integer.MAX_VALUE;
    volatile int compiles;

    @Override
    public DeviceProgram compile(List<BandwidthTree> trees, PofSwitch sw, DeviceMode mode, HsdbaParameters parameters) {
        compiles++;
        Program empty = new Program(mode, parameters, List.of(), Map.of(), Map.of(), 1);
        ProgramChange c = empty.update(trees);
        return ((Program) c.next()).withInstall(c.messages());
    }

    private final class Program implements DeviceProgram {
        private final DeviceMode mode;
        private final HsdbaParameters parameters;
        private final List<BandwidthTree> trees;
        private final Map<PortRef, Integer> portSlots;
        private final Map<NodeRef, Long> slots;
        private final long nextSlot;
        private List<PofMessage> install = List.of();

        Program(DeviceMode mode, HsdbaParameters parameters, List<BandwidthTree> trees, Map<PortRef, Integer> portSlots,
                Map<NodeRef, Long> slots, long nextSlot) {
            this.mode = mode;
            this.parameters = parameters;
            this.trees = List.copyOf(trees);
            this.portSlots = Map.copyOf(portSlots);
            this.slots = Map.copyOf(slots);
            this.nextSlot = nextSlot;
        }

        Program withInstall(List<PofMessage> messages) {
            Program p = new Program(mode, parameters, trees, portSlots, slots, nextSlot);
            p.install = List.copyOf(messages);
            return p;
        }

        @Override
        public DeviceMode mode() {
            return mode;
        }

        @Override
        public List<BandwidthTree> trees() {
            return trees;
        }

        @Override
        public HsdbaParameters parameters() {
            return parameters;
        }

        @Override
        public List<PofMessage> installMessages() {
            return install;
        }

        @Override
        public ProgramChange update(List<BandwidthTree> next, org.hsdba.impl.program.EditHistory history,
                                    HsdbaParameters params) {
            int count = next.stream().mapToInt(BandwidthTree::size).sum();
            if (count > maxNodes) {
                throw new ProgramException(count + " nodes do not fit the fake's " + maxNodes + " entries");
            }
            if (!trees.isEmpty() && count > incrementalRoom) {
                throw new ProgramException(count + " nodes do not fit beside the installed program");
            }
            Map<PortRef, Integer> ports = new HashMap<>(portSlots);
            Map<NodeRef, Long> newSlots = new HashMap<>();
            Map<NodeRef, NodeSpec> before = specs(trees);
            Map<NodeRef, NodeSpec> after = specs(next);
            long slot = nextSlot;
            List<PofMessage> messages = new ArrayList<>();
            for (Map.Entry<NodeRef, NodeSpec> e : before.entrySet()) {
                if (!after.containsKey(e.getKey())) {
                    messages.add(entry(FlowModCommand.DELETE, e.getKey(), slots.get(e.getKey()), 1));
                }
            }
            for (BandwidthTree t : next) {
                int p = ports.computeIfAbsent(t.port(), k -> ports.size());
                for (int i = 0; i < t.size(); i++) {
                    NodeSpec n = t.node(i);
                    if (n.isTemplate()) {
                        continue;
                    }
                    NodeRef ref = NodeRef.of(t.port(), n.id());
                    Long s = slots.get(ref);
                    if (s == null) {
                        s = slot++;
                    }
                    newSlots.put(ref, s);
                    int table = 8 * p + t.depth(i) - 1;
                    if (!before.containsKey(ref)) {
                        messages.add(entry(FlowModCommand.ADD, ref, s, table));
                    } else if (!Objects.equals(before.get(ref), n)) {
                        messages.add(entry(FlowModCommand.MODIFY, ref, s, table));
                    }
                }
            }
            return new ProgramChange(messages, new Program(mode, params, next, ports, newSlots, slot));
        }

        private Map<NodeRef, NodeSpec> specs(List<BandwidthTree> ts) {
            Map<NodeRef, NodeSpec> m = new HashMap<>();
            for (BandwidthTree t : ts) {
                for (NodeSpec n : t.nodes()) {
                    if (!n.isTemplate()) {
                        m.put(NodeRef.of(t.port(), n.id()), n);
                    }
                }
            }
            return m;
        }

        private FlowMod entry(int command, NodeRef ref, long slot, int table) {
            return FlowMod.builder().command(command).table(TableType.MM, table).index(slot).counterId(slot)
                    .cookie(ref.nodeId().hashCode()).build();
        }

        @Override
        public Optional<JoinSite> joinSite(PacketIn packetIn) {
            if (packetIn.reason() != JOIN_REASON) {
                return Optional.empty();
            }
            int p = packetIn.tableId() / 8;
            int depth = packetIn.tableId() % 8 + 1;
            return portSlots.entrySet().stream().filter(e -> e.getValue() == p).findFirst()
                    .map(e -> JoinSite.of(e.getKey(), depth));
        }

        @Override
        public Optional<NodeRef> nodeAt(int globalTableId, long entryIndex) {
            return slots.entrySet().stream().filter(e -> e.getValue() == entryIndex).map(Map.Entry::getKey).findFirst();
        }

        @Override
        public Optional<NodeRef> nodeOf(PofMessage message) {
            return message instanceof FlowMod ? nodeAt(0, ((FlowMod) message).index()) : Optional.empty();
        }

        @Override
        public CompletableFuture<CounterReading> readCounters(PofSwitch sw) {
            return sw.queryAll().thenApply(replies -> {
                Map<NodeRef, EntryCounters> out = new HashMap<>();
                for (PofMessage m : replies) {
                    if (m instanceof CounterReply) {
                        CounterReply c = (CounterReply) m;
                        nodeAt(0, c.counterId()).ifPresent(n -> out.put(n, new EntryCounters(c.bytes(), c.packets(), 0, 0, null, null)));
                    }
                }
                for (NodeRef n : slots.keySet()) {
                    out.putIfAbsent(n, new EntryCounters(0, 0, 0, 0, null, null));
                }
                return new CounterReading(0, out);
            });
        }

        @Override
        public ProgramChange step(CounterReading reading) {
            return new ProgramChange(List.of(), this);
        }
    }
}
