package org.hsdba.lifecycle;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.impl.compiler.CompilerPrograms;
import org.hsdba.impl.program.ProgramChange;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.TreeEdit;
import org.junit.After;
import org.junit.Test;

/**
 * The manager updates a switch along the edits it made: an operator's edit and a join cost the
 * program update the entries they touch, not the tree (the compiler counts the entries it
 * compared); a tree replaced as a whole is compared in full. Over TCP with the reference switch.
 */
public class IncrementalUpdateLifecycleTest {

    private static final int OFFICE_USERS = 300;

    /** One program update: the trees it was for and what it gave. */
    private static final class Update {
        final List<BandwidthTree> trees;
        final ProgramChange change;

        Update(List<BandwidthTree> trees, ProgramChange change) {
            this.trees = trees;
            this.change = change;
        }

        boolean contains(String nodeId) {
            return trees.stream().anyMatch(t -> t.contains(nodeId));
        }
    }

    private final List<Update> updates = new CopyOnWriteArrayList<>();
    private final Rig rig = new Rig(HsdbaParameters.builder().pollingPeriod(Duration.ofSeconds(30)).build(), null,
            new ObservedCompiler(new CompilerPrograms(), new ObservedCompiler.Observer() {
                @Override
                public void updated(List<BandwidthTree> trees, ProgramChange change, long startNanos, long endNanos) {
                    updates.add(new Update(trees, change));
                }
            }));

    @After
    public void tearDown() {
        rig.close();
    }

    @Test
    public void editsAndJoinsCompareOnlyTheEntriesTheyTouch() {
        BandwidthTree tree = officeWithUsers();
        rig.manager.putTree(tree, OptionalLong.empty());
        rig.connectSwitch(true);
        rig.awaitProgrammed();

        rig.manager.edit(Rig.PORT, TreeEdit.add(NodeSpec.builder("guest").parent("office")
                .key(MatchKey.parse("10.1.200.1", null, 32)).weight(2.0).build()), OptionalLong.empty());
        awaitInstalled();
        Update edit = first("guest");
        assertEquals(1, edit.change.messages().size());
        // "office" (its children changed) and the new node, of a tree of more than 300 nodes
        assertEquals(2, edit.change.examined());

        rig.sw.receive(Rig.frame(0, 0, 9, 1), Rig.IN_PORT);
        Rig.await("NODE_JOINED", () -> !rig.events(HsdbaEvent.Type.NODE_JOINED).isEmpty());
        Update join = first("user-10.0.0.9");
        assertEquals(1, join.change.messages().size());
        assertEquals(2, join.change.examined()); // "lab" and the new user
        rig.sw.receive(Rig.frame(0, 0, 9, 2), Rig.IN_PORT);
        Rig.await("the joined user's traffic forwarded", () -> rig.forwardedTo(3, 9) >= 2);

        // A whole tree put has no edits to follow: compared in full.
        BandwidthTree current = rig.manager.tree(Rig.PORT).orElseThrow();
        rig.manager.putTree(current.toBuilder().addNode(NodeSpec.builder("printer").parent("office")
                .key(MatchKey.parse("10.1.200.2", null, 32)).weight(1.0).build()).build(), OptionalLong.empty());
        awaitInstalled();
        Update put = first("printer");
        assertEquals(1, put.change.messages().size());
        assertEquals(rig.manager.tree(Rig.PORT).orElseThrow().size(), put.change.examined());
        assertTrue(put.change.examined() > OFFICE_USERS);
    }

    private void awaitInstalled() {
        Rig.await("the switch confirmed the current tree",
                () -> rig.manager.device(Rig.DEVICE).map(d -> d.isProgrammed()).orElse(false));
    }

    /** The first update whose trees hold the node. */
    private Update first(String nodeId) {
        return updates.stream().filter(u -> u.contains(nodeId)).findFirst()
                .orElseThrow(() -> new AssertionError("no program update added " + nodeId));
    }

    /** The lab tree with {@value #OFFICE_USERS} declared users under "office" (10.1.x.y). */
    private static BandwidthTree officeWithUsers() {
        BandwidthTree.Builder b = Rig.labTree().toBuilder();
        for (int i = 0; i < OFFICE_USERS; i++) {
            b.addNode(NodeSpec.builder("office-" + i).parent("office")
                    .key(MatchKey.exact(32, new byte[] {10, 1, (byte) (i / 250), (byte) (i % 250 + 1)}))
                    .weight(1.0 + i % 3).build());
        }
        return b.build();
    }
}
