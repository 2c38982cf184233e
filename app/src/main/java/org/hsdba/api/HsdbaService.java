package org.hsdba.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.TreeEdit;
import org.onosproject.event.ListenerService;

/**
 * The hsdba application: managed devices, bandwidth trees per (device, port), run-time
 * parameters, previews, live state and events. REST, GUI and CLI use only this interface.
 *
 * <p>Writes: every write to a tree takes a {@link Precondition} (a {@link TreeTag}, any tree, no
 * tree, or, in the {@code OptionalLong} forms, an operator version with 0 = no tree); when it does
 * not hold the write fails with {@link VersionConflictException} and changes nothing.
 * Edits apply whole or not at all: an edit that breaks a structural or admission rule throws
 * {@link InvalidTreeException} carrying every violation. A successful write is stored (durably,
 * with a persistent store) before the method returns; switches are programmed asynchronously
 * (see {@link DeviceStatus#isProgrammed()} and the {@code SWITCH_PROGRAMMED} / {@code ERROR}
 * events). Every operator write gives the tree a new operator version (the old one + 1, 1 for a new
 * tree; a tree created again gets a new generation, see {@link TreeTag}); joins and prunes do not,
 * they only move the store's revision ({@link BandwidthTree#version()}). Each port keeps the
 * operator's last writes for {@link #undo} and {@link #redo}.
 *
 * <p>Unknown devices, ports, trees or nodes: {@link NotFoundException}; bad arguments:
 * {@link IllegalArgumentException}. All methods are thread-safe.
 */
public interface HsdbaService extends ListenerService<HsdbaEvent, HsdbaListener> {

    /** Connected switches and devices with a configured tree, by id. */
    List<DeviceStatus> devices();

    Optional<DeviceStatus> device(String deviceId);

    /** Every configured tree, by port. */
    List<BandwidthTree> trees();

    Optional<BandwidthTree> tree(PortRef port);

    /**
     * Creates or replaces the tree of {@code tree.port()} (the tree's own version is ignored).
     * Joined nodes are those of the stored tree at write time: one that joined after the caller read
     * the tree is kept (if its parent is still there), and one the given tree holds but that has left
     * since is not brought back. Remove a joined node with a delete edit.
     *
     * @return the stored tree with its new version
     */
    BandwidthTree putTree(BandwidthTree tree, Precondition expected);

    /** Removes the tree of a port and its entries in the switch; {@link NotFoundException} if there is none. */
    void removeTree(PortRef port, Precondition expected);

    /** Applies one edit (add, update, move, delete subtree, replace subtree) to a port's tree. */
    EditResult edit(PortRef port, TreeEdit edit, Precondition expected);

    /**
     * {@link #edit} answered later: the future completes with the result once the edit is
     * durable, or with what refused it; the caller holds no thread meanwhile. What refuses it
     * before it is queued ({@link BusyException}) may be thrown at once. By default the edit is
     * made now, on the caller's thread.
     */
    default CompletableFuture<EditResult> editAsync(PortRef port, TreeEdit edit, Precondition expected) {
        try {
            return CompletableFuture.completedFuture(edit(port, edit, expected));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Replaces the levels (field specs and join templates) of a port's tree. */
    BandwidthTree setLevels(PortRef port, List<LevelSpec> levels, Precondition expected);

    /**
     * Takes back the operator's last write of a port's tree (several steps, see
     * {@link #operatorHistory}): the declared part (settings, levels, declared nodes) as it was
     * before that write, with the nodes joined since kept where their parent still exists. A new
     * operator write itself (new operator version; admitted like any). {@link NotFoundException}
     * if there is nothing to undo.
     */
    BandwidthTree undo(PortRef port, Precondition expected);

    /** Re-applies the write the last {@link #undo} took back; {@link NotFoundException} if there is none. */
    BandwidthTree redo(PortRef port, Precondition expected);

    /** What {@link #undo} and {@link #redo} would take back or re-apply, most recent first. */
    OperatorHistory operatorHistory(PortRef port);

    /** {@link #putTree(BandwidthTree, Precondition)} with an operator version (0 = no tree) or none. */
    default BandwidthTree putTree(BandwidthTree tree, OptionalLong expectedVersion) {
        return putTree(tree, Precondition.from(expectedVersion));
    }

    default void removeTree(PortRef port, OptionalLong expectedVersion) {
        removeTree(port, Precondition.from(expectedVersion));
    }

    default EditResult edit(PortRef port, TreeEdit edit, OptionalLong expectedVersion) {
        return edit(port, edit, Precondition.from(expectedVersion));
    }

    default BandwidthTree setLevels(PortRef port, List<LevelSpec> levels, OptionalLong expectedVersion) {
        return setLevels(port, levels, Precondition.from(expectedVersion));
    }

    /**
     * What a write of {@code port}'s tree could not check now and is accepted without (e.g. the
     * device's switch is not connected to this instance: its ports and tables are checked, and the
     * tree programmed, when it connects). Empty when every check was made.
     */
    default List<Warning> warnings(PortRef port) {
        return List.of();
    }

    HsdbaParameters parameters();

    /** Replaces the run-time parameters; applied to every switch (reprogrammed if the program changes). */
    HsdbaParameters setParameters(HsdbaParameters parameters);

    /**
     * What {@link #setParameters} with {@code parameters} would do to each connected switch (in
     * place, or a reprogram with its enforcement gap); changes nothing.
     */
    ParametersPreview previewParameters(HsdbaParameters parameters);

    /** The whole configuration (every tree and the file's part of the parameters). */
    HsdbaConfig exportConfig();

    /**
     * Replaces the whole configuration, all or nothing: every tree is admitted first; trees of
     * ports the configuration does not name are removed. Each imported tree gets the version of
     * the tree it replaces + 1 (1 for a new port), so stale writers still see a conflict.
     */
    void importConfig(HsdbaConfig config);

    /**
     * What an edit of a port's tree would give: admission result and, if admissible, the exact
     * allocation for the demands (bits/s by leaf id). Leaves without a given demand are assumed to
     * send without limit (so the allocation shows each node's share under full load). Nothing is applied.
     */
    PreviewResult preview(PortRef port, TreeEdit edit, Map<String, Double> demandsBps);

    /** The same for a whole proposed tree (which need not exist yet). */
    PreviewResult preview(BandwidthTree tree, Map<String, Double> demandsBps);

    /**
     * Live state of a managed port; all zero before the first counter reading. Only the device's
     * master instance reads it; another ONOS instance asks the master, and if that fails the state
     * is {@link PortState#isMasterElsewhere() marked}.
     */
    PortState state(PortRef port);

    /**
     * The node's history at 1 s resolution, oldest first, about the last 10 minutes. Recorded by
     * the device's master instance only (another ONOS instance asks the master); an instance's own
     * history stops when mastership moved away.
     */
    List<HistorySample> history(PortRef port, String nodeId);

    /**
     * This instance's own view, never asking another cluster instance: live figures only for the
     * devices it programs. For exporters that must report each device once per cluster (metrics);
     * a single instance is its own view.
     */
    default HsdbaService local() {
        return this;
    }

    /** The most recent events, newest first, at most {@code limit}. */
    List<HsdbaEvent> events(int limit);
}
