package org.hsdba.pof.server;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.Arrays;
import org.hsdba.pof.message.EchoRequest;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.junit.Test;

/** Framing over arbitrary TCP segmentation, and the single verdict on bad input. */
public class FrameDecoderTest {
    private final EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(FakeSwitch.CODEC));

    @Test
    public void messagesSplitAndGluedAcrossReadsDecodeInOrder() {
        byte[] stream = concat(FakeSwitch.Vectors.bytes(0), FakeSwitch.Vectors.bytes(3), FakeSwitch.Vectors.bytes(21),
                FakeSwitch.CODEC.encode(new EchoRequest(9, new byte[] {1, 2})));
        for (int i = 0; i < stream.length; i += 7) { // 7-byte segments: headers and bodies split everywhere
            channel.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(stream, i, Math.min(stream.length, i + 7))));
        }
        assertEquals(FakeSwitch.Vectors.message(0), channel.readInbound());
        assertEquals(FakeSwitch.Vectors.message(3), channel.readInbound());
        assertTrue(channel.<PofMessage>readInbound() instanceof PacketIn);
        assertEquals(new EchoRequest(9, new byte[] {1, 2}), channel.readInbound());
        assertNull(channel.readInbound());
    }

    @Test
    public void aBadHeaderIsJudgedBeforeItsBodyArrivesAndEverythingAfterIsDropped() {
        byte[] hello = FakeSwitch.Vectors.bytes(0);
        byte[] lying = {4, 10, 0x0b, 0, 0, 0, 0, 1}; // PACKET_IN of 2816 bytes, body never sent
        channel.writeInbound(Unpooled.wrappedBuffer(concat(hello, lying)));
        channel.writeInbound(Unpooled.wrappedBuffer(hello));
        assertEquals(FakeSwitch.Vectors.message(0), channel.readInbound());
        ProtocolViolation v = channel.readInbound();
        assertTrue(v.reason(), v.reason().contains("stream offset 8") && v.reason().contains("2816"));
        assertNull("nothing after the fault", channel.readInbound());
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }
}
