package org.hsdba.pofswitch.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The captured POFSwitch 1.4.0 session (pof-codec's test resource, a copy of
 * shared/pof-vectors). FLOW_MOD records keep only their first 400 bytes in the file.
 */
public final class Vectors {
    private static final Path FILE = Paths.get("../pof-codec/src/test/resources/pof-vectors/pofswitch-1.4.0-session.json");
    private static List<JsonNode> records;

    private Vectors() {
    }

    private static synchronized List<JsonNode> records() {
        if (records == null) {
            try {
                JsonNode root = new ObjectMapper().readTree(Files.readAllBytes(FILE));
                records = new ArrayList<>();
                root.forEach(records::add);
            } catch (IOException e) {
                throw new IllegalStateException("cannot read the session vectors at " + FILE.toAbsolutePath(), e);
            }
        }
        return records;
    }

    /** Record {@code i}'s bytes: the whole message, or its stored prefix if the file truncated it. */
    public static byte[] bytes(int i) {
        String hex = records().get(i).get("hex").asText();
        int cut = hex.indexOf("...");
        return Hex.bytes(cut < 0 ? hex : hex.substring(0, cut));
    }

    /** Whether record {@code i} is stored whole. */
    public static boolean complete(int i) {
        return !records().get(i).get("hex").asText().contains("...");
    }

    public static String message(int i) {
        return records().get(i).get("message").asText();
    }
}
