package org.hsdba.pofswitch.control;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertThrows;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.junit.Test;

/**
 * Over real TCP: a switch given two controller addresses connects to the first; when that
 * controller drops the connection, the switch's next connection goes to the second one, whose
 * first message is the switch's HELLO. The reconnect interval is an hour, so the switch reaching
 * the second controller at all shows it did not pause between different addresses.
 */
public class ControllerFailoverTest {

    @Test
    public void afterTheFirstControllerDropsTheConnectionTheSwitchConnectsToTheSecond() throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (ServerSocket first = new ServerSocket(0, 1, loopback);
             ServerSocket second = new ServerSocket(0, 1, loopback)) {
            first.setSoTimeout(30_000);
            second.setSoTimeout(30_000);
            ControlConfig config = ControlConfig.builder()
                    .controller(loopback.getHostAddress(), first.getLocalPort())
                    .alsoController(loopback.getHostAddress(), second.getLocalPort())
                    .reconnectIntervalMs(3_600_000).echoIntervalMs(0).build();
            try (ReferenceSwitch sw = new ReferenceSwitch(DatapathConfig.builder().deviceId(3).build(), config).start()) {
                try (Socket a = first.accept()) {
                    assertEquals(MessageType.HELLO, firstMessageType(a));
                }
                try (Socket b = second.accept()) {
                    assertEquals(MessageType.HELLO, firstMessageType(b));
                    InetSocketAddress to = sw.channel().connectedTo();
                    assertNotNull(to);
                    assertEquals(second.getLocalPort(), to.getPort());
                }
            }
        }
    }

    @Test
    public void theSameAddressTwiceIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> ControlConfig.builder().controller("127.0.0.1", 6643).alsoController("127.0.0.1", 6643));
    }

    @Test
    public void controllerReplacesTheAddressesGivenBefore() {
        ControlConfig c = ControlConfig.builder().alsoController("127.0.0.2", 6643).controller("127.0.0.3", 6633).build();
        assertEquals(List.of(InetSocketAddress.createUnresolved("127.0.0.3", 6633)), c.controllers());
    }

    /** The type byte of the first POF header read from {@code s}. */
    private static int firstMessageType(Socket s) throws Exception {
        s.setSoTimeout(30_000);
        InputStream in = s.getInputStream();
        int version = in.read();
        int type = in.read();
        if (version < 0 || type < 0) {
            throw new AssertionError("connection closed before a POF header");
        }
        return type;
    }
}
