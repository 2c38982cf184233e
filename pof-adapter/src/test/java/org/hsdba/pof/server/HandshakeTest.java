package org.hsdba.pof.server;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.hsdba.pof.message.ErrorType;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.PortMod;
import org.hsdba.pof.table.TableType;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.SwitchMode;
import org.junit.Rule;
import org.junit.Test;

/** The handshake, port enabling and capability probe against the replayed POFSwitch session. */
public class HandshakeTest {
    @Rule
    public final ServerFixture fixture = new ServerFixture();

    @Test
    public void stockSwitchCompletesTheCapturedHandshakeAndIsControllerAssisted() throws Exception {
        fixture.start();
        FakeSwitch fake = fixture.connect();
        PofSwitch sw = fixture.events.awaitReady(5000);

        // the controller's messages, in the order POFSwitch requires, bodies as in the captured session
        List<PofMessage> sent = fake.received();
        assertEquals(List.of("HELLO", "FEATURES_REQUEST", "SET_CONFIG", "GET_CONFIG_REQUEST", "PORT_MOD", "PORT_MOD",
                "ECHO_REQUEST", "HX_FEATURES_REQUEST"), names(sent));
        assertSameBody(4, sent.get(2));
        assertSameBody(10, sent.get(4));
        assertSameBody(11, sent.get(5));
        assertNull(fake.failure());

        assertEquals(SwitchMode.CONTROLLER_ASSISTED, sw.mode());
        assertFalse(sw.extensionFeatures().isPresent());
        assertEquals(1, sw.deviceId());
        assertEquals("Huawei", sw.features().vendor().text());
        assertEquals(16, sw.globalTableId(TableType.DT, 0));
        assertEquals(10, sw.globalTableId(TableType.EM, 0));
        assertEquals(List.of(1, 2), sw.ports().stream().map(PortDesc::portId).collect(Collectors.toList()));
        assertTrue(sw.ports().stream().allMatch(p -> p.openflowEnable() == 1));
        assertEquals("s1-eth2", sw.ports().get(1).name().text());
        assertTrue(sw.isConnected());
        assertEquals(sw, fixture.server().getSwitch(1).orElseThrow());
        assertEquals(List.of(sw), List.copyOf(fixture.server().switches()));
    }

    @Test
    public void controllerXidsStayClearOfTheSwitchsOwnNumbering() throws Exception {
        fixture.start();
        FakeSwitch fake = fixture.connect();
        fixture.events.awaitReady(5000);
        for (PofMessage m : fake.received()) {
            assertTrue(m + " xid", m.xid() >= SwitchSession.FIRST_XID);
        }
    }

    @Test
    public void extendedSwitchIsInSwitchModeWithItsLimits() throws Exception {
        fixture.start();
        PofSwitch sw = fixture.connectReady(FakeSwitch.options().probe(FakeSwitch.Probe.EXTENDED).deviceId(7));
        assertEquals(SwitchMode.IN_SWITCH, sw.mode());
        assertEquals(8, sw.extensionFeatures().orElseThrow().stateWords());
        assertEquals(7, sw.deviceId());
    }

    @Test
    public void unansweredProbeMeansStockAfterTheProbeTimeout() throws Exception {
        fixture.start(fixture.config().probeTimeout(Duration.ofMillis(300)));
        long start = System.nanoTime();
        PofSwitch sw = fixture.connectReady(FakeSwitch.options().probe(FakeSwitch.Probe.SILENT));
        assertTrue(System.nanoTime() - start >= 300_000_000L);
        assertEquals(SwitchMode.CONTROLLER_ASSISTED, sw.mode());
    }

    @Test
    public void aPortTheSwitchRefusesToEnableStaysDisabled() throws Exception {
        fixture.start();
        PofSwitch sw = fixture.connectReady(FakeSwitch.options().errors(m -> m instanceof PortMod
                && ((PortMod) m).port().portId() == 2 ? FakeSwitch.badPort() : null));
        assertEquals(1, sw.ports().get(0).openflowEnable());
        assertEquals(0, sw.ports().get(1).openflowEnable());
        assertTrue("handshake errors are not listener events", fixture.events.errors.isEmpty());
    }

    @Test
    public void missingAnnouncedPortsDelayReadinessByThePortWaitOnly() throws Exception {
        fixture.start();
        long start = System.nanoTime();
        PofSwitch sw = fixture.connectReady(FakeSwitch.options().announcedPorts(3));
        long took = System.nanoTime() - start;
        assertTrue(took >= SwitchSession.PORT_WAIT.toNanos());
        assertTrue(took < SwitchSession.PORT_WAIT.toNanos() + 2_000_000_000L);
        assertEquals(2, sw.ports().size());
    }

    @Test
    public void aRefusedHandshakeClosesTheConnectionWithOneLogLine() throws Exception {
        fixture.start();
        FakeSwitch fake = fixture.connect(FakeSwitch.options().errors(m -> m.type() == MessageType.FEATURES_REQUEST
                ? FakeSwitch.error(ErrorType.HELLO_FAILED, 0, "POFHFC_INCOMPATIBLE") : null));
        assertTrue(fake.awaitClosed(5000));
        waitForLines(1);
        assertEquals(1, fixture.closedLines.size());
        assertTrue(fixture.closedLines.get(0), fixture.closedLines.get(0).contains("refused the handshake"));
        assertTrue(fixture.events.ready.isEmpty());
        assertTrue("never ready, so no disconnection event", fixture.events.disconnected.isEmpty());
    }

    @Test
    public void aSwitchStuckInTheHandshakeIsDropped() throws Exception {
        fixture.start(fixture.config().handshakeTimeout(Duration.ofMillis(400)));
        FakeSwitch fake = fixture.connect(FakeSwitch.options().silent(true));
        assertTrue(fake.awaitClosed(5000));
        waitForLines(1);
        assertTrue(fixture.closedLines.get(0), fixture.closedLines.get(0).contains("handshake not finished"));
    }

    private void waitForLines(int n) throws InterruptedException {
        long end = System.currentTimeMillis() + 3000;
        while (fixture.closedLines.size() < n && System.currentTimeMillis() < end) {
            Thread.sleep(10);
        }
    }

    static List<String> names(List<PofMessage> messages) {
        return messages.stream().map(m -> SwitchMessageTypes.name(m.type())).collect(Collectors.toList());
    }

    /** Same bytes as the captured controller message, except the header's xid. */
    static void assertSameBody(int vector, PofMessage sent) {
        byte[] expected = FakeSwitch.Vectors.bytes(vector);
        byte[] actual = FakeSwitch.CODEC.encode(sent);
        int n = Math.min(expected.length, actual.length);
        assertArrayEquals("vector #" + vector + " header", Arrays.copyOfRange(expected, 0, 4),
                Arrays.copyOfRange(actual, 0, 4));
        assertArrayEquals("vector #" + vector + " body", Arrays.copyOfRange(expected, 8, n),
                Arrays.copyOfRange(actual, 8, n));
    }
}
