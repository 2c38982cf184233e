package org.hsdba.pofswitch.control;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.hsdba.pof.message.CounterRequest;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.support.Vectors;
import org.junit.Test;

/**
 * A stock switch with a POFSwitch profile shows the controller what the real POFSwitch 1.4.0 was
 * measured to show: its resources, the first ECHO_REQUEST 1.0 s after its HELLO, COUNTER_REPLY
 * 100 ms after the request.
 */
public class StockProfileTest {

    private static ReferenceSwitch start(ScriptedController c, StockProfile p) {
        DatapathConfig.Builder db = DatapathConfig.builder().extensionEnabled(false);
        ControlConfig.Builder cb = ControlConfig.builder().controller("127.0.0.1", c.port()).reconnectIntervalMs(50);
        return new ReferenceSwitch(p.resources(db).build(), p.timing(cb).build()).start();
    }

    /** Handshake with the captured controller messages; returns the switch's messages after its HELLO. */
    private static List<PofMessage> handshake(ScriptedController c) throws Exception {
        List<PofMessage> got = new ArrayList<>();
        c.send(Vectors.bytes(1));
        c.send(Vectors.bytes(2));
        got.add(c.read());
        c.send(Vectors.bytes(4));
        c.send(Vectors.bytes(5));
        for (int i = 0; i < 4; i++) {
            got.add(c.read());
        }
        return got;
    }

    private static ResourceReport resources(List<PofMessage> ms) {
        return (ResourceReport) ms.stream().filter(m -> m.type() == MessageType.RESOURCE_REPORT).findFirst().orElseThrow();
    }

    @Test
    public void defaultBuildResourcesAndTiming() throws Exception {
        try (ScriptedController c = new ScriptedController()) {
            ReferenceSwitch sw = start(c, StockProfile.POFSWITCH_DEFAULT_BUILD);
            try {
                c.accept();
                assertEquals(MessageType.HELLO, c.read().type());
                long hello = System.nanoTime();
                ResourceReport r = resources(handshake(c));
                int[] counts = new int[4];
                r.tables().forEach(t -> {
                    counts[t.tableType()] = t.tableCount();
                    assertEquals(160, t.keyLengthBits());
                    assertEquals(8000, t.totalSize());
                });
                assertEquals("MM/LPM/EM/DT", List.of(10, 10, 5, 20), List.of(counts[0], counts[1], counts[2], counts[3]));
                assertEquals(256, r.meterCount());
                assertEquals(128, r.groupCount());

                PofMessage echo = c.read();
                double echoAfter = (System.nanoTime() - hello) / 1e9;
                assertEquals(MessageType.ECHO_REQUEST, echo.type());
                // The switch's delay can only be stretched by a loaded machine, never shortened: the
                // lower bound is what the profile promises, the upper one only catches "never".
                assertTrue("first ECHO_REQUEST after HELLO: " + echoAfter + " s", echoAfter >= 0.75 && echoAfter < 5);

                c.send(org.hsdba.pof.message.CounterMod.of(76, org.hsdba.pof.message.CounterCommand.ADD, 3));
                long asked = System.nanoTime();
                c.send(CounterRequest.of(77, 3));
                PofMessage reply = c.read();
                double late = (System.nanoTime() - asked) / 1e6;
                assertEquals(MessageType.COUNTER_REPLY, reply.type());
                assertTrue("COUNTER_REPLY after " + late + " ms", late >= 95 && late < 5000);
            } finally {
                sw.close();
            }
        }
    }

    @Test
    public void shippedConfigResources() throws Exception {
        try (ScriptedController c = new ScriptedController()) {
            ReferenceSwitch sw = start(c, StockProfile.POFSWITCH_SHIPPED_CONFIG);
            try {
                c.accept();
                c.read();
                ResourceReport r = resources(handshake(c));
                int[] counts = new int[4];
                r.tables().forEach(t -> {
                    counts[t.tableType()] = t.tableCount();
                    assertEquals(320, t.keyLengthBits());
                    assertEquals(6000, t.totalSize());
                });
                assertEquals(List.of(8, 2, 6, 7), List.of(counts[0], counts[1], counts[2], counts[3]));
            } finally {
                sw.close();
            }
        }
    }

    @Test
    public void profileNamesAreParsedAndUnknownOnesListTheKnown() {
        assertEquals(StockProfile.POFSWITCH_SHIPPED_CONFIG, StockProfile.parse("shipped"));
        try {
            StockProfile.parse("fast");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("default, shipped, ideal"));
            return;
        }
        throw new AssertionError("unknown profile accepted");
    }
}
