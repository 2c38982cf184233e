package org.hsdba.pof.codec;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.hsdba.pof.PofVersion;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.RawMessage;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.junit.runners.Parameterized.Parameters;

/**
 * Every record of the captured session: it decodes to a typed message of the recorded type whose
 * fields equal the record's {@code decoded} object, and re-encodes to exactly the same bytes.
 * FLOW_MOD records hold only a 400-byte prefix; for them the six README flows built from the API
 * must reproduce the prefix, the decoded fields and the 2192-byte length, and round-trip.
 */
@RunWith(Parameterized.class)
public class SessionVectorTest {
    private static final PofCodec CODEC = PofCodec.standard();

    private final SessionVectors.Vector vector;

    public SessionVectorTest(String label, SessionVectors.Vector vector) {
        this.vector = vector;
    }

    @Parameters(name = "{0}")
    public static List<Object[]> vectors() {
        return SessionVectors.parameters();
    }

    @Test
    public void decodesToTheRecordedFieldsAndReencodesExactly() throws PofDecodeException {
        if (vector.isTruncated()) {
            checkTruncatedFlowMod();
            return;
        }
        byte[] bytes = vector.bytes();
        assertEquals("header length field", bytes.length, vector.headerLength());
        PofMessage message = CODEC.decode(bytes);
        assertFalse("decoded to a raw message: " + message, message instanceof RawMessage);
        assertEquals(vector.message(), MessageType.name(message.type()));
        assertEquals(vector.xid(), message.xid());
        checkDecodedFields(message, bytes.length);
        assertArrayEquals("encode(decode(x)) == x", bytes, CODEC.encode(message));
    }

    private void checkTruncatedFlowMod() throws PofDecodeException {
        assertEquals("only FLOW_MOD records are stored truncated", "FLOW_MOD", vector.message());
        assertEquals(PofVersion.HEADER_LENGTH + FlowMod.BODY_LENGTH, vector.headerLength());
        byte[] prefix = vector.bytes();
        try {
            CODEC.decode(prefix);
            fail("a 400-byte prefix of a 2192-byte FLOW_MOD must not decode");
        } catch (PofDecodeException expected) {
            assertTrue(expected.getMessage(), expected.getMessage().contains("FLOW_MOD"));
        }
        FlowMod rebuilt = rebuiltFlow();
        byte[] full = CODEC.encode(rebuilt);
        assertEquals(vector.headerLength(), full.length);
        assertArrayEquals("stored prefix", prefix, Arrays.copyOf(full, prefix.length));
        PofMessage decoded = CODEC.decode(full);
        assertEquals(rebuilt, decoded);
        checkDecodedFields(decoded, full.length);
        assertArrayEquals(full, CODEC.encode(decoded));
    }

    /** The README flow a truncated record is: by its note (controller) or table/index (query result). */
    private FlowMod rebuiltFlow() {
        if (vector.fromController()) {
            String note = vector.note();
            int flow = Integer.parseInt(note.substring(note.indexOf("(flow ") + 6, note.indexOf(')')));
            return SessionMessages.flow(flow, vector.xid(), FlowModCommand.ADD);
        }
        JsonNode d = vector.decoded();
        for (FlowMod f : SessionMessages.flows(FlowModCommand.QUERY_RESULT)) {
            if (f.tableType() == d.get("table_type").asInt() && f.index() == d.get("index").asLong()) {
                return f.toBuilder().xid(vector.xid()).build();
            }
        }
        throw new AssertionError("no README flow for " + d);
    }

    private void checkDecodedFields(PofMessage message, int length) {
        JsonNode decoded = vector.decoded();
        if (decoded == null) {
            return;
        }
        Map<String, Object> view = DecodedView.of(message);
        view.put("version", (long) PofVersion.VERSION);
        view.put("length", (long) length);
        compare("decoded", decoded, view);
    }

    private static void compare(String path, JsonNode expected, Object actual) {
        if (expected.isObject()) {
            assertTrue(path + " is not a structure in the decoded message", actual instanceof Map);
            Map<?, ?> map = (Map<?, ?>) actual;
            for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                assertTrue(path + "." + e.getKey() + " is not exposed by the decoded message",
                        map.containsKey(e.getKey()));
                compare(path + "." + e.getKey(), e.getValue(), map.get(e.getKey()));
            }
        } else if (expected.isArray()) {
            List<?> list = (List<?>) actual;
            assertEquals(path + " size", expected.size(), list.size());
            for (int i = 0; i < expected.size(); i++) {
                compare(path + "[" + i + "]", expected.get(i), list.get(i));
            }
        } else if (expected.isNumber()) {
            assertEquals(path, expected.asLong(), ((Long) actual).longValue());
        } else {
            assertEquals(path, expected.asText(), actual);
        }
    }

    @Test
    public void everyRecordIsAKnown140Type() {
        byte[] bytes = vector.bytes();
        assertTrue(MessageType.isKnown(bytes[1] & 0xFF));
        assertEquals(vector.message(), MessageType.name(bytes[1] & 0xFF));
    }
}
