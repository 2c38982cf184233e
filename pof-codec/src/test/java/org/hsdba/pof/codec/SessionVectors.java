package org.hsdba.pof.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The captured POFSwitch 1.4.0 session (test resource {@code pof-vectors/pofswitch-1.4.0-session.json},
 * a byte-identical copy of shared/pof-vectors). The file stores FLOW_MOD messages only as their
 * first 400 bytes followed by "..."; those records are {@link Vector#isTruncated() truncated}.
 */
public final class SessionVectors {
    private static final String RESOURCE = "/pof-vectors/pofswitch-1.4.0-session.json";
    private static final List<Vector> ALL = load();

    private SessionVectors() {
    }

    public static List<Vector> all() {
        return ALL;
    }

    /** The records in file order, for a parameterised test. */
    public static List<Object[]> parameters() {
        List<Object[]> out = new ArrayList<>();
        for (Vector v : ALL) {
            out.add(new Object[] {v.label(), v});
        }
        return out;
    }

    private static List<Vector> load() {
        try (InputStream in = SessionVectors.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + RESOURCE);
            }
            JsonNode root = new ObjectMapper().readTree(in);
            List<Vector> out = new ArrayList<>();
            for (int i = 0; i < root.size(); i++) {
                out.add(new Vector(i, root.get(i)));
            }
            return Collections.unmodifiableList(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One record of the session. */
    public static final class Vector {
        private final int index;
        private final JsonNode node;
        private final byte[] bytes;
        private final boolean truncated;

        Vector(int index, JsonNode node) {
            this.index = index;
            this.node = node;
            String hex = node.get("hex").asText();
            int cut = hex.indexOf("...");
            this.truncated = cut >= 0;
            this.bytes = Hex.bytes(truncated ? hex.substring(0, cut) : hex);
        }

        public int index() {
            return index;
        }

        public String scenario() {
            return node.get("scenario").asText();
        }

        public boolean fromController() {
            return "controller_to_switch".equals(node.get("direction").asText());
        }

        /** The record's message name, e.g. "FLOW_MOD". */
        public String message() {
            return node.get("message").asText();
        }

        public String note() {
            return node.get("note").asText();
        }

        /** The decoded fields, or null where the record gives none. */
        public JsonNode decoded() {
            JsonNode d = node.get("decoded");
            return d == null || d.isNull() ? null : d;
        }

        /** True if the file holds only a prefix of the message. */
        public boolean isTruncated() {
            return truncated;
        }

        /** The message bytes (only the stored prefix if truncated). */
        public byte[] bytes() {
            return bytes.clone();
        }

        /** The length field of the header. */
        public int headerLength() {
            return ((bytes[2] & 0xFF) << 8) | (bytes[3] & 0xFF);
        }

        /** The xid of the header. */
        public long xid() {
            return ((bytes[4] & 0xFFL) << 24) | ((bytes[5] & 0xFFL) << 16) | ((bytes[6] & 0xFFL) << 8)
                    | (bytes[7] & 0xFFL);
        }

        public String label() {
            return "#" + index + " " + scenario() + " " + (fromController() ? "C->S " : "S->C ") + message()
                    + (note().isEmpty() ? "" : " " + note());
        }

        @Override
        public String toString() {
            return label();
        }
    }
}
