package org.hsdba.pofswitch.control;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.hsdba.pof.ext.HxFeaturesReply;
import org.hsdba.pof.ext.HxFeaturesRequest;
import org.hsdba.pof.message.CounterReply;
import org.hsdba.pof.message.EchoReply;
import org.hsdba.pof.message.EchoRequest;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.QueryAllFin;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.datapath.OutputFrame;
import org.hsdba.pofswitch.support.Frames;
import org.hsdba.pofswitch.support.Hex;
import org.hsdba.pofswitch.support.SessionFlows;
import org.hsdba.pofswitch.support.Vectors;
import org.junit.Test;

/**
 * The switch over real TCP against a scripted controller replaying the captured session's
 * controller messages: the switch's answers must be the captured switch's bytes.
 */
public class ControlSessionTest {

    private static ReferenceSwitch start(ScriptedController c, boolean extension, long echoMs) {
        return new ReferenceSwitch(DatapathConfig.builder().extensionEnabled(extension).build(),
                ControlConfig.builder().controller("127.0.0.1", c.port()).reconnectIntervalMs(50)
                        .echoIntervalMs(echoMs).build()).start();
    }

    /** Runs the captured handshake and checks every switch message byte for byte. */
    private static void handshake(ScriptedController c) throws Exception {
        assertEquals(Hex.of(Vectors.bytes(0)), Hex.of(c.readBytes()));
        c.send(Vectors.bytes(1));
        c.send(Vectors.bytes(2));
        assertEquals(Hex.of(Vectors.bytes(3)), Hex.of(c.readBytes()));
        c.send(Vectors.bytes(4));
        c.send(Vectors.bytes(5));
        for (int i = 6; i <= 9; i++) {
            assertEquals(Vectors.message(i), Hex.of(Vectors.bytes(i)), Hex.of(c.readBytes()));
        }
    }

    @Test
    public void theCapturedSessionRunsOverTcp() throws Exception {
        try (ScriptedController c = new ScriptedController()) {
            ReferenceSwitch sw = start(c, true, 60_000);
            LinkedBlockingQueue<OutputFrame> wire = new LinkedBlockingQueue<>();
            sw.onOutput(wire::add);
            try {
                c.accept();
                handshake(c);
                c.send(Vectors.bytes(10));
                c.send(Vectors.bytes(11));
                c.send(Vectors.bytes(12));
                c.send(Vectors.bytes(13));
                c.send(Vectors.bytes(14));
                for (FlowMod f : SessionFlows.all()) {
                    c.send(f);
                }
                // a round trip makes sure everything before it was applied
                c.send(new EchoRequest(500));
                assertEquals(new EchoReply(500), c.read());
                assertTrue(sw.channel().isRunning());

                byte[] ip = Frames.ethernet(0x0800, new byte[] {1});
                sw.receive(ip, 1, 0);
                OutputFrame out = wire.poll(5, TimeUnit.SECONDS);
                assertEquals(2, out.port());
                assertArrayEquals(ip, out.data());

                sw.receive(Frames.ethernet(0x1234, new byte[0]), 1, 1);
                PacketIn miss = (PacketIn) c.read();
                assertEquals(0, miss.reason());
                assertEquals(1, miss.portId());

                c.send(Vectors.bytes(23)); // COUNTER_REQUEST 1
                CounterReply reply = (CounterReply) c.read();
                assertEquals(112, reply.xid());
                assertEquals(1, reply.packets());
                assertEquals(60, reply.bytes());

                c.send(Vectors.bytes(35)); // BARRIER_REQUEST
                ErrorMessage err = (ErrorMessage) c.read();
                assertEquals(118, err.xid());
                assertEquals(1, err.errorType());
                assertEquals(1, err.code());
                assertEquals("POFBRC_BAD_TYPE", err.errorString());

                c.send(Vectors.bytes(37)); // PACKET_OUT to port 2
                OutputFrame po = wire.poll(5, TimeUnit.SECONDS);
                assertEquals(2, po.port());
                assertEquals(60, po.length());

                c.send(Vectors.bytes(38)); // QUERYALL
                int tables = 0;
                int flows = 0;
                int counters = 0;
                PofMessage m;
                while (!((m = c.read()) instanceof QueryAllFin)) {
                    assertEquals(120, m.xid());
                    tables += m instanceof TableMod ? 1 : 0;
                    flows += m instanceof FlowMod ? 1 : 0;
                    counters += m instanceof CounterReply ? 1 : 0;
                }
                assertEquals(120, m.xid());
                assertEquals(2, tables);
                assertEquals(6, flows);
                assertEquals(7, counters);

                c.send(new HxFeaturesRequest(700));
                HxFeaturesReply features = (HxFeaturesReply) c.read();
                assertEquals(700, features.xid());
                assertEquals(1, features.extVersion());
                assertEquals(8, features.stateWords());

                c.send(Vectors.bytes(55)); // TABLE_MOD DELETE of a non-empty table
                ErrorMessage unempty = (ErrorMessage) c.read();
                assertEquals(121, unempty.xid());
                assertEquals("POFTMFC_TABLE_UNEMPTY", unempty.errorString());
            } finally {
                sw.close();
            }
        }
    }

    @Test
    public void aStockSwitchAnswersTheProbeWithBadType() throws Exception {
        try (ScriptedController c = new ScriptedController()) {
            ReferenceSwitch sw = start(c, false, 60_000);
            try {
                c.accept();
                handshake(c);
                c.send(new HxFeaturesRequest(9));
                ErrorMessage e = (ErrorMessage) c.read();
                assertEquals(9, e.xid());
                assertEquals(1, e.errorType());
                assertEquals(1, e.code());
                assertEquals("POFBRC_BAD_TYPE", e.errorString());
            } finally {
                sw.close();
            }
        }
    }

    @Test
    public void anythingOutOfOrderInTheHandshakeClosesAndTheSwitchReconnects() throws Exception {
        try (ScriptedController c = new ScriptedController()) {
            ReferenceSwitch sw = start(c, true, 60_000);
            try {
                c.accept();
                c.readBytes(); // HELLO
                c.send(Vectors.bytes(1));
                c.send(Vectors.bytes(4)); // SET_CONFIG where FEATURES_REQUEST belongs
                assertTrue(c.closedBySwitch());
                c.accept();
                PofMessage hello = c.read();
                assertEquals(MessageType.HELLO, hello.type());
                assertEquals(2, sw.channel().connections());
            } finally {
                sw.close();
            }
        }
    }

    @Test
    public void theSwitchSendsEchoRequestsInRunState() throws Exception {
        try (ScriptedController c = new ScriptedController()) {
            ReferenceSwitch sw = start(c, true, 100);
            try {
                c.accept();
                handshake(c);
                PofMessage echo = c.read();
                assertEquals(MessageType.ECHO_REQUEST, echo.type());
                c.send(new EchoReply(echo.xid()));
                assertEquals(MessageType.ECHO_REQUEST, c.read().type());
            } finally {
                sw.close();
            }
        }
    }

    @Test
    public void helloWipesTheSwitch() throws Exception {
        try (ScriptedController c = new ScriptedController()) {
            ReferenceSwitch sw = start(c, true, 60_000);
            try {
                c.accept();
                handshake(c);
                c.send(Vectors.bytes(10));
                c.send(Vectors.bytes(12));
                c.send(new EchoRequest(1));
                c.read();
                assertTrue(sw.datapath().portEnabled(1));
                assertEquals(List.of(), sw.datapath().entryRecords(0));
                c.send(Vectors.bytes(55)); // DELETE of the (empty) table succeeds silently
                c.send(new EchoRequest(2));
                assertEquals(new EchoReply(2), c.read());
                c.close();
            } finally {
                sw.close();
            }
        }
    }
}
