package org.hsdba.pof.server;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hsdba.pof.codec.SessionMessages;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.QueryAllFin;
import org.hsdba.southbound.PofSwitch;
import org.junit.Assume;
import org.junit.Rule;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.junit.runners.Parameterized.Parameters;

/**
 * Each class of bad input closes only the offending connection, with one log line naming the
 * switch and the reason, while a well-behaved switch on another connection keeps working.
 */
@RunWith(Parameterized.class)
public class BadInputTest {
    @Rule
    public final ServerFixture fixture = new ServerFixture();

    private final String name;
    private final byte[] input;
    private final String reason;

    public BadInputTest(String name, byte[] input, String reason) {
        this.name = name;
        this.input = input;
        this.reason = reason;
    }

    @Parameters(name = "{0}")
    public static List<Object[]> cases() {
        byte[] flowMod = FakeSwitch.CODEC.encode(SessionMessages.flow(1, 9, FlowModCommand.QUERY_RESULT));
        byte[] tooManyMatches = flowMod.clone();
        tooManyMatches[9] = 9; // match_field_num
        byte[] flowModLie = Arrays.copyOf(flowMod, 200);
        flowModLie[2] = 0;
        flowModLie[3] = (byte) 200;
        return List.of(
            new Object[] {"wrong version", hex("0500000800000000"), "version 5 is not 4"},
            new Object[] {"length over 2560", hex("040a0b0000000001"), "length 2816 is outside 8..2560"},
            new Object[] {"length under the header", hex("0400000400000000"), "length 4 is outside 8..2560"},
            new Object[] {"length that lies for a fixed-size type", flowModLie, "FLOW_MOD is always 2192 bytes"},
            new Object[] {"truncated body", hex("040a001000000001ffffffff003c0700"), "outside"},
            new Object[] {"count out of range in the body", tooManyMatches, "undecodable message"},
            new Object[] {"unknown type", hex("044d000800000001"), "unknown message type 77"},
            new Object[] {"a type switches never send", hex("0405000800000001"), "FEATURES_REQUEST (5) is not one a switch sends"},
            new Object[] {"garbage", "GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII),
                "version 71 is not 4"},
            new Object[] {"a valid message before HELLO", FakeSwitch.CODEC.encode(new QueryAllFin(3)),
                "first message was QUERYALL_FIN, not HELLO"});
    }

    @Test
    public void beforeTheHandshakeOnlyThatConnectionCloses() throws Exception {
        fixture.start();
        PofSwitch good = fixture.connectReady(FakeSwitch.options().deviceId(2));
        try (Socket bad = new Socket()) {
            bad.connect(fixture.address(), 2000);
            bad.getOutputStream().write(input);
            bad.getOutputStream().flush();
            assertClosedByServer(bad);
            String line = oneLine();
            assertTrue(line, line.contains(":" + bad.getLocalPort()));
            assertTrue(name + ": " + line, line.contains(reason));
            assertTrue(line, line.endsWith("| true"));
        }
        assertGoodSwitchUnaffected(good);
    }

    @Test
    public void afterTheHandshakeTheLogLineNamesTheDevice() throws Exception {
        fixture.start();
        PofSwitch good = fixture.connectReady(FakeSwitch.options().deviceId(2));
        Assume.assumeFalse("only meaningful as a first message", reason.contains("not HELLO"));
        FakeSwitch bad = fixture.connect(FakeSwitch.options().deviceId(3));
        fixture.events.awaitReady(5000);
        bad.sendRaw(input);
        assertTrue(bad.awaitClosed(3000));
        String line = oneLine();
        assertTrue(line, line.contains("(device 0x00000003)"));
        assertTrue(name + ": " + line, line.contains(reason));
        assertTrue(fixture.events.awaitDisconnected(2000).contains(reason));
        assertGoodSwitchUnaffected(good);
    }

    private void assertGoodSwitchUnaffected(PofSwitch good) throws Exception {
        assertTrue(good.isConnected());
        good.send(SessionMessages.flows(FlowModCommand.ADD)).get(5, TimeUnit.SECONDS);
        assertEquals(1, fixture.server().switches().size());
    }

    private String oneLine() throws InterruptedException {
        long end = System.currentTimeMillis() + 3000;
        while (fixture.closedLines.isEmpty() && System.currentTimeMillis() < end) {
            Thread.sleep(5);
        }
        Thread.sleep(50); // a second line would show up now
        assertEquals(fixture.closedLines.toString(), 1, fixture.closedLines.size());
        return fixture.closedLines.get(0);
    }

    /** The server closes the connection: reads end (EOF or reset) well before the timeout. */
    static void assertClosedByServer(Socket s) throws IOException {
        s.setSoTimeout(3000);
        InputStream in = s.getInputStream();
        byte[] buf = new byte[4096];
        try {
            while (in.read(buf) >= 0) {
                // HELLO and whatever else the server sent before it gave up
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the server did not close the connection", e);
        } catch (IOException e) {
            // connection reset: closed too
        }
    }

    private static byte[] hex(String h) {
        byte[] out = new byte[h.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }
}
