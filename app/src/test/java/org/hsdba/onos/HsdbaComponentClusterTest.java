package org.hsdba.onos;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.OptionalLong;

import org.hsdba.api.NotFoundException;
import org.hsdba.api.PortState;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.onos.TestComponents.NoSwitches;
import org.hsdba.onos.cluster.InProcessCluster;
import org.hsdba.onos.cluster.InProcessCluster.Behaviour;
import org.hsdba.onos.cluster.MasterClient;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.cluster.NodeId;

/**
 * Two component instances of one cluster in one JVM: A masters the device, B does not. B answers
 * the master-only figures with A's, and falls back to its own (live state marked as measured by
 * the master elsewhere) when A is gone, silent or unintelligible.
 */
public class HsdbaComponentClusterTest {

    private static final NodeId A = NodeId.nodeId("a");
    private static final NodeId B = NodeId.nodeId("b");
    private static final PortRef PORT = PortRef.of("pof:0000000000000001", 3);
    /** Generous: an answering master returns at once, and a loaded test machine must not make it late. */
    private static final int TIMEOUT_MS = 10_000;

    private final SharedStorageService storage = new SharedStorageService();
    private final SharedMastership mastership = new SharedMastership();
    private final InProcessCluster cluster = new InProcessCluster();
    private HsdbaComponent a;
    private HsdbaComponent b;
    private boolean aActive;

    @Before
    public void setUp() {
        mastership.master(A);
        a = TestComponents.activated(storage, mastership.viewOf(A), cluster.node(A), new NoSwitches(), TIMEOUT_MS);
        aActive = true;
        b = TestComponents.activated(storage, mastership.viewOf(B), cluster.node(B), new NoSwitches(), TIMEOUT_MS);
        a.putTree(tree(), OptionalLong.of(0));
    }

    @After
    public void tearDown() {
        b.deactivate();
        if (aActive) {
            a.deactivate();
        }
    }

    private void stopA() {
        a.deactivate();
        aActive = false;
    }

    @Test
    public void bothInstancesAnswerForTheMasterOnly() {
        assertTrue(cluster.hasSubscriber(A, MasterClient.SUBJECT));
        assertTrue(cluster.hasSubscriber(B, MasterClient.SUBJECT));
        b.deactivate();
        assertFalse("a deactivated instance no longer answers", cluster.hasSubscriber(B, MasterClient.SUBJECT));
        b = TestComponents.activated(storage, mastership.viewOf(B), cluster.node(B), new NoSwitches(), TIMEOUT_MS);
    }

    @Test
    public void nonMasterStateIsTheMasters() {
        PortState master = a.state(PORT);
        assertFalse(master.isMasterElsewhere());
        assertEquals("answered without asking anyone", 0, cluster.answered());
        assertTrue("B's own state is not a reading", b.local().state(PORT).isMasterElsewhere());

        PortState forwarded = b.state(PORT);
        assertEquals(master, forwarded);
        assertFalse(forwarded.isMasterElsewhere());
        assertEquals(1, cluster.answered());
    }

    @Test
    public void nonMasterHistoryAndDeviceStatusAreTheMasters() {
        assertEquals(a.history(PORT, "alice"), b.history(PORT, "alice"));
        assertEquals(a.device(PORT.deviceId()), b.device(PORT.deviceId()));
        assertEquals(a.devices(), b.devices());
        assertEquals("history, device and the one device of devices() were asked", 3, cluster.answered());
    }

    @Test
    public void missingTreeOrNodeIsReportedLocallyWithoutAsking() {
        assertThrows(() -> b.history(PORT, "nobody"));
        assertThrows(() -> b.state(PortRef.of(PORT.deviceId(), 9)));
        assertEquals(0, cluster.answered());
    }

    @Test
    public void masterGoneGivesTheOwnStateMarkedMasterElsewhere() {
        stopA();
        assertFallback();
    }

    @Test
    public void masterSilentGivesTheOwnStateAfterTheTimeout() {
        cluster.behave(A, Behaviour.NEVER_ANSWER);
        b.modified(TestComponents.context(150)); // short, so that the test is quick
        assertFallback();
    }

    @Test
    public void masterAnsweringGarbageGivesTheOwnState() {
        cluster.behave(A, Behaviour.ANSWER_GARBAGE);
        assertFallback();
    }

    @Test
    public void mastershipMovedHereMeansNoQuestion() {
        mastership.master(B);
        assertFalse(b.state(PORT).isMasterElsewhere());
        mastership.master(null);
        assertFalse("no master: the instance the switch is connected to reads it", b.state(PORT).isMasterElsewhere());
        assertEquals(0, cluster.answered());
    }

    private void assertFallback() {
        PortState own = b.state(PORT);
        assertTrue(own.isMasterElsewhere());
        assertEquals(b.local().state(PORT), own);
        assertEquals(b.local().history(PORT, "alice"), b.history(PORT, "alice"));
        assertEquals(b.local().device(PORT.deviceId()), b.device(PORT.deviceId()));
        assertEquals(b.local().devices(), b.devices());
    }

    private static void assertThrows(Runnable r) {
        try {
            r.run();
        } catch (NotFoundException expected) {
            return;
        }
        throw new AssertionError("expected a NotFoundException");
    }

    private static BandwidthTree tree() {
        return BandwidthTree.builder(PORT).capacity(Rate.parse("1G"))
                .levels(List.of(LevelSpec.of("user", FieldSpec.of(240, 32))))
                .addNode(NodeSpec.builder("alice").key(MatchKey.parse("10.0.0.1", null, 32)).weight(1.0).build())
                .addNode(NodeSpec.builder("bob").key(MatchKey.parse("10.0.0.2", null, 32)).weight(1.0).build())
                .build();
    }
}
