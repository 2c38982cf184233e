package org.hsdba.pof.codec;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.hsdba.pof.PofVersion;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.message.BarrierRequest;
import org.hsdba.pof.message.CounterRequest;
import org.hsdba.pof.message.FeaturesRequest;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.GetConfigRequest;
import org.hsdba.pof.message.Hello;
import org.hsdba.pof.message.PacketOut;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.QueryAllRequest;
import org.hsdba.pof.message.SetConfig;
import org.hsdba.pof.message.SwitchConfig;
import org.hsdba.pof.message.TableModCommand;
import org.junit.Test;

/**
 * Every controller-to-switch message of the session, built from scratch with the model API,
 * encodes to exactly the captured bytes (FLOW_MODs: the stored 400-byte prefix and the length).
 */
public class ControllerMessagesTest {
    private static final PofCodec CODEC = PofCodec.standard();
    private static final long[] COUNTER_REQUESTS = {1, 2, 3, 5, 6, 7};
    private static final byte[] MAC_1 = Hex.bytes("020000000001");
    private static final byte[] MAC_2 = Hex.bytes("020000000002");
    private static final byte[] PACKET_OUT_FRAME = Hex.bytes("ffffffffffff02000000009988b9cafebabe"
            + "000000000000000000000000000000000000000000000000000000000000000000000000000000000000");

    /** The message the session's controller sent with this xid, built from the API. */
    private static PofMessage build(long xid) {
        if (xid >= 106 && xid <= 111) {
            return SessionMessages.flow((int) (xid - 106), xid, FlowModCommand.ADD);
        }
        if (xid >= 112 && xid <= 117) {
            return CounterRequest.of(xid, COUNTER_REQUESTS[(int) (xid - 112)]);
        }
        switch ((int) xid) {
            case 1:
                return new Hello(xid);
            case 2:
                return new FeaturesRequest(xid);
            case 3:
                return new SetConfig(xid, new SwitchConfig(0, 0, 0xffff));
            case 4:
                return new GetConfigRequest(xid);
            case 101:
                return SessionMessages.enablePort(xid, 1, "s1-eth1", MAC_1);
            case 102:
                return SessionMessages.enablePort(xid, 2, "s1-eth2", MAC_2);
            case 103:
                return SessionMessages.firstTable(xid, TableModCommand.ADD);
            case 104:
                return SessionMessages.directTable(xid);
            case 105:
                return SessionMessages.addCounter5(xid);
            case 118:
                return new BarrierRequest(xid);
            case 119:
                return new PacketOut(xid, 0xffffffffL, 1, List.of(OutputAction.toPort(SessionMessages.PORT_2)),
                        PACKET_OUT_FRAME);
            case 120:
                return new QueryAllRequest(xid);
            case 121:
                return SessionMessages.firstTable(xid, TableModCommand.DELETE);
            default:
                throw new AssertionError("the session has no controller message with xid " + xid);
        }
    }

    @Test
    public void everyControllerMessageIsReproducedByteForByte() {
        int checked = 0;
        for (SessionVectors.Vector v : SessionVectors.all()) {
            if (!v.fromController()) {
                continue;
            }
            byte[] expected = v.bytes();
            byte[] actual = CODEC.encode(build(v.xid()));
            assertEquals(v.label() + " length", v.headerLength(), actual.length);
            if (v.isTruncated()) {
                actual = Arrays.copyOf(actual, expected.length);
            }
            assertArrayEquals(v.label(), expected, actual);
            checked++;
        }
        assertEquals("controller messages in the session", 29, checked);
    }

    @Test
    public void flowModIsAlwaysTheFullFixedSize() {
        for (int n = 0; n < 6; n++) {
            byte[] bytes = CODEC.encode(SessionMessages.flow(n, 1, FlowModCommand.ADD));
            assertEquals(2192, bytes.length);
            assertEquals(2192, ((bytes[2] & 0xFF) << 8) | (bytes[3] & 0xFF));
        }
    }

    @Test
    public void unusedSlotsAreZero() {
        // flow 0: one match and one instruction; everything after the first instruction's data is zero
        byte[] bytes = CODEC.encode(SessionMessages.flow(0, 1, FlowModCommand.ADD));
        int secondMatch = PofVersion.HEADER_LENGTH + 40 + 40;
        int firstInstruction = PofVersion.HEADER_LENGTH + 360;
        for (int i = secondMatch; i < firstInstruction; i++) {
            assertEquals("match slot byte " + i, 0, bytes[i]);
        }
        int afterOutput = firstInstruction + 8 + 8 + 48;
        for (int i = afterOutput; i < bytes.length; i++) {
            assertEquals("byte " + i, 0, bytes[i]);
        }
    }

    @Test
    public void instructionAndActionLenUseTheSlotSizeAsTheCapturedController() {
        byte[] bytes = CODEC.encode(SessionMessages.flow(0, 1, FlowModCommand.ADD));
        int instruction = PofVersion.HEADER_LENGTH + 360;
        assertEquals(304, ((bytes[instruction + 2] & 0xFF) << 8) | (bytes[instruction + 3] & 0xFF));
        int action = instruction + 8 + 8;
        assertEquals(48, ((bytes[action + 2] & 0xFF) << 8) | (bytes[action + 3] & 0xFF));
        assertTrue("action len must stay below 256 for the switch's byte-order heuristic", bytes[action + 2] == 0);
    }
}
