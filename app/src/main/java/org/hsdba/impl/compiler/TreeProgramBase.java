package org.hsdba.impl.compiler;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.SlotMap;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.JoinSite;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.table.TableType;

/**
 * What the in-switch and the controller-assisted programs of a device share: the trees, the
 * install messages, and the way a switch's table and entry index lead back to a tree node (for
 * joins, errors and counters). Subclasses register each tree's level tables and slots.
 */
abstract class TreeProgramBase implements DeviceProgram {

    protected final List<BandwidthTree> trees;
    protected final SwitchCapabilities caps;
    protected final CompilerOptions opts;
    protected final HsdbaParameters parameters;
    private final List<PofMessage> install;
    private final Map<Long, SlotMap> slots = new HashMap<>();
    /**
     * Built on first use (errors, counter readings), not with every program: a join makes a new
     * program, and indexing every slot would cost the size of the tree. Read from adapter threads too.
     */
    private final Map<Long, SlotIndex> indexes = new ConcurrentHashMap<>();
    private final LevelTableIndex tables = new LevelTableIndex();

    /** {@code opts} are those of {@code parameters} ({@link CompilerPrograms#options}), passed on, not derived again per join. */
    protected TreeProgramBase(List<BandwidthTree> trees, SwitchCapabilities caps, HsdbaParameters parameters,
                              CompilerOptions opts, List<PofMessage> install) {
        this.trees = List.copyOf(trees);
        this.caps = caps;
        this.parameters = parameters;
        this.opts = opts;
        this.install = List.copyOf(install);
    }

    /** Records a tree's slots and its level tables (global ids, level 1 first). */
    protected final void register(PortRef port, SlotMap slots, List<Integer> globalLevelTables) {
        this.slots.put(port.port(), slots);
        for (int level = 1; level <= globalLevelTables.size(); level++) {
            tables.put(globalLevelTables.get(level - 1), port, level);
        }
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
    public Optional<JoinSite> joinSite(PacketIn packetIn) {
        if (packetIn.reason() != opts.joinReason()) {
            return Optional.empty();
        }
        return tables.at(packetIn.tableId()).map(l -> JoinSite.of(l.port, l.level));
    }

    private SlotIndex index(long port) {
        return indexes.computeIfAbsent(port, p -> new SlotIndex(slots.get(p)));
    }

    @Override
    public Optional<NodeRef> nodeAt(int globalTableId, long entryIndex) {
        return tables.at(globalTableId).flatMap(l -> index(l.port.port()).atEntry(l.level, entryIndex)
                .map(id -> NodeRef.of(l.port, id)));
    }

    @Override
    public Optional<NodeRef> nodeOf(PofMessage message) {
        if (!(message instanceof FlowMod) || ((FlowMod) message).tableType() != TableType.MM) {
            return Optional.empty();
        }
        FlowMod f = (FlowMod) message;
        return nodeAt(caps.tables().globalId(TableType.MM, f.tableId()), f.index());
    }
}
