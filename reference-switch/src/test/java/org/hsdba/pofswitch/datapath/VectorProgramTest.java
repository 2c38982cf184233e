package org.hsdba.pofswitch.datapath;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.hsdba.pof.codec.PofCodec;
import org.hsdba.pof.message.CounterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.support.Frames;
import org.hsdba.pofswitch.support.Hex;
import org.hsdba.pofswitch.support.SessionFlows;
import org.hsdba.pofswitch.support.Vectors;
import org.junit.Before;
import org.junit.Test;

/**
 * The programs of the captured POFSwitch session, installed from the session's TABLE_MOD and
 * COUNTER_MOD bytes and from FLOW_MODs whose stored 400-byte prefix is checked against the
 * vectors, and the effects the real switch showed (shared/pof-vectors/README.md).
 */
public class VectorProgramTest {
    private static final PofCodec CODEC = PofCodec.standard();
    private Datapath dp;

    @Before
    public void install() throws Exception {
        dp = new Datapath(DatapathConfig.builder().extensionEnabled(false).build());
        dp.enableAllPorts();
        dp.tableMod((TableMod) CODEC.decode(Vectors.bytes(12)));
        dp.tableMod((TableMod) CODEC.decode(Vectors.bytes(13)));
        CounterMod c = (CounterMod) CODEC.decode(Vectors.bytes(14));
        dp.counterMod(c.command(), c.counterId());
        List<FlowMod> flows = SessionFlows.all();
        for (int i = 0; i < flows.size(); i++) {
            assertTrue(dp.flowMod(flows.get(i)).isEmpty());
        }
    }

    @Test
    public void theBuiltFlowModsMatchTheCapturedPrefixes() {
        List<FlowMod> flows = SessionFlows.all();
        for (int i = 0; i < flows.size(); i++) {
            byte[] prefix = Vectors.bytes(15 + i);
            assertFalse(Vectors.complete(15 + i));
            byte[] built = CODEC.encode(flows.get(i));
            assertEquals(2192, built.length);
            assertEquals("flow " + i, Hex.of(prefix), Hex.of(Arrays.copyOf(built, prefix.length)));
        }
    }

    @Test
    public void flow0ForwardsAndCountsPacketsAndBytes() throws Exception {
        byte[] frame = Frames.ethernet(0x0800, new byte[] {1, 2, 3});
        for (int i = 0; i < 2; i++) {
            ProcessResult r = dp.process(frame, 1, i);
            assertEquals(EndReason.FINISHED, r.endReason());
            assertEquals(1, r.outputs().size());
            assertEquals(2, r.outputs().get(0).port());
            assertArrayEquals(frame, r.outputs().get(0).data());
        }
        assertArrayEquals(new long[] {2, 120}, dp.counter(1));
    }

    @Test
    public void flow1ComputesFiveAddTenShiftFourAndPrependsTheMetadata() {
        byte[] frame = Frames.ethernet(0x88b5, new byte[0]);
        ProcessResult r = dp.process(frame, 1, 0);
        assertEquals(1, r.outputs().size());
        byte[] out = r.outputs().get(0).data();
        assertEquals("000000f0" + Hex.of(frame), Hex.of(out));
        // OUTPUT does not end processing: the DROP after it still runs
        assertEquals(EndReason.DROP_ACTION, r.endReason());
        assertEquals(3, r.dropReasonCode());
        assertTrue(r.forwarded());
    }

    @Test
    public void flow2SendsAPacketInWithReason7LikeTheSwitchDid() {
        byte[] vector = Vectors.bytes(21);
        byte[] frame = Arrays.copyOfRange(vector, 32, vector.length);
        ProcessResult r = dp.process(frame, 1, 0);
        assertTrue(r.outputs().isEmpty());
        PacketIn in = (PacketIn) r.upward().get(0);
        assertEquals(7, in.reason());
        byte[] ours = CODEC.encode(in);
        // identical to the captured PACKET_IN except the xid
        System.arraycopy(vector, 4, ours, 4, 4);
        assertEquals(Hex.of(vector), Hex.of(ours));
    }

    @Test
    public void tableMissSendsPacketInReason0LikeTheSwitchDid() {
        byte[] vector = Vectors.bytes(22);
        byte[] frame = Arrays.copyOfRange(vector, 32, vector.length);
        ProcessResult r = dp.process(frame, 1, 0);
        assertEquals(EndReason.TABLE_MISS, r.endReason());
        byte[] ours = CODEC.encode(r.upward().get(0));
        System.arraycopy(vector, 4, ours, 4, 4);
        assertEquals(Hex.of(vector), Hex.of(ours));
    }

    @Test
    public void flows3And4GoThroughTheDirectTableSetTheSourceMacAndCount() throws Exception {
        byte[] frame = Frames.ethernet(0x88b7, new byte[0]);
        ProcessResult r = dp.process(frame, 1, 0);
        assertEquals(1, r.outputs().size());
        byte[] out = r.outputs().get(0).data();
        assertEquals("0200000000aa", Hex.of(Arrays.copyOfRange(out, 6, 12)));
        assertArrayEquals(Arrays.copyOfRange(frame, 12, 60), Arrays.copyOfRange(out, 12, 60));
        assertArrayEquals(new long[] {1, 60}, dp.counter(4));
        assertArrayEquals(new long[] {1, 60}, dp.counter(6));
        assertArrayEquals("the COUNTER action adds a packet, no bytes", new long[] {1, 0}, dp.counter(5));
    }

    @Test
    public void flow5DividesByRepeatedSubtraction() {
        ProcessResult r = dp.process(Frames.withNumber(0x88b8, 100, 60), 1, 0);
        assertEquals(1, r.outputs().size());
        assertEquals("00000002" + "0000000e", Hex.of(Arrays.copyOf(r.outputs().get(0).data(), 8)));
        // WRITE_METADATA_FROM_PACKET, 14 iterations of 4 instructions, the last compare and the output
        assertEquals(1 + 14 * 4 + 2, r.instructions());
    }
}
