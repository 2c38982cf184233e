package org.hsdba.model.json;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * JSON text in and out, with limits checked by a streaming pass BEFORE any tree is built (so an
 * oversized or hostile file is rejected in constant memory): syntax errors with line and column,
 * duplicate field names, nesting depth, total size, the number of tree nodes (elements of arrays
 * named {@code nodes}) and the total number of values.
 */
public final class JsonText {

    /** Largest accepted document: 256 MiB. */
    public static final int MAX_BYTES = 256 << 20;
    /** Most tree nodes per document (elements of all arrays named "nodes" together). */
    public static final int MAX_NODES = 1_000_000;
    /** Most JSON values per document (about 30 per node, plus slack). */
    public static final int MAX_VALUES = 40_000_000;
    /** Deepest nesting of arrays and objects. */
    public static final int MAX_NESTING = 32;

    static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonFactory FACTORY = new JsonFactory()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private JsonText() {
    }

    /**
     * Reads a whole file, refusing one larger than {@link #MAX_BYTES} before reading it, and
     * stopping at the limit while reading (a device such as /dev/zero or a growing file reports
     * a size of 0, or less than it has).
     */
    public static byte[] readFile(Path file) {
        return readFile(file, MAX_BYTES);
    }

    /** {@link #readFile(Path)} with a smaller limit (for kinds of files that are always small). */
    public static byte[] readFile(Path file, int maxBytes) {
        try {
            if (Files.size(file) > maxBytes) {
                throw new ConfigException(new ConfigException.Problem(ConfigException.Kind.TOO_LARGE, "", -1, -1,
                        file + ": file larger than the limit of " + (maxBytes >> 20) + " MiB"));
            }
            try (InputStream in = Files.newInputStream(file)) {
                return readAll(in, maxBytes);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Parses a document and reads it with {@code fromJson}; the problems it reports get the line
     * and column of their JSON pointer.
     */
    public static <T> T read(byte[] bytes, Function<JsonNode, T> fromJson) {
        JsonNode root = parse(bytes);
        try {
            return fromJson.apply(root);
        } catch (ConfigException e) {
            throw locate(e, bytes);
        }
    }

    /** Reads a whole stream, refusing more than {@link #MAX_BYTES}. */
    public static byte[] readAll(InputStream in) {
        return readAll(in, MAX_BYTES);
    }

    private static byte[] readAll(InputStream in, int maxBytes) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[1 << 16];
            int n;
            while ((n = in.read(buf)) > 0) {
                if (out.size() + n > maxBytes) {
                    throw new ConfigException(new ConfigException.Problem(ConfigException.Kind.TOO_LARGE, "", -1, -1,
                            "document larger than the limit of " + (maxBytes >> 20) + " MiB"));
                }
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses a document after checking the limits; throws {@link ConfigException} with line and column. */
    public static JsonNode parse(byte[] bytes) {
        if (bytes.length > MAX_BYTES) {
            throw new ConfigException(new ConfigException.Problem(ConfigException.Kind.TOO_LARGE, "", -1, -1,
                    "document of " + (bytes.length >> 20) + " MiB is larger than the limit of " + (MAX_BYTES >> 20) + " MiB"));
        }
        prescan(bytes);
        try (JsonParser p = FACTORY.createParser(bytes)) {
            JsonNode node = MAPPER.readTree(p);
            if (node == null) {
                throw new ConfigException(new ConfigException.Problem(ConfigException.Kind.SYNTAX, "", 1, 1, "empty document"));
            }
            return node;
        } catch (JsonProcessingException e) {
            throw syntax(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void prescan(byte[] bytes) {
        try (JsonParser p = FACTORY.createParser(bytes)) {
            Deque<Boolean> nodesArray = new ArrayDeque<>();
            int nodes = 0;
            long values = 0;
            String lastField = null;
            JsonToken tok;
            boolean any = false;
            while ((tok = p.nextToken()) != null) {
                any = true;
                if (tok == JsonToken.FIELD_NAME) {
                    lastField = p.getCurrentName();
                    continue;
                }
                if (tok == JsonToken.END_ARRAY || tok == JsonToken.END_OBJECT) {
                    nodesArray.pop();
                    continue;
                }
                if (!nodesArray.isEmpty() && nodesArray.peek() && ++nodes > MAX_NODES) {
                    throw located(p, "more than " + MAX_NODES + " tree nodes in one document");
                }
                if (++values > MAX_VALUES) {
                    throw located(p, "more than " + MAX_VALUES + " JSON values in one document");
                }
                if (tok == JsonToken.START_ARRAY || tok == JsonToken.START_OBJECT) {
                    if (nodesArray.size() >= MAX_NESTING) {
                        throw located(p, "nesting deeper than " + MAX_NESTING + " levels");
                    }
                    nodesArray.push(tok == JsonToken.START_ARRAY && "nodes".equals(lastField));
                }
                lastField = null;
            }
            if (!any) {
                throw new ConfigException(new ConfigException.Problem(ConfigException.Kind.SYNTAX, "", 1, 1, "empty document"));
            }
        } catch (JsonProcessingException e) {
            throw syntax(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ConfigException located(JsonParser p, String message) {
        JsonLocation loc = p.getTokenLocation();
        return new ConfigException(new ConfigException.Problem("", loc.getLineNr(), loc.getColumnNr(), message));
    }

    private static ConfigException syntax(JsonProcessingException e) {
        JsonLocation loc = e.getLocation();
        String message = e.getOriginalMessage();
        if (e instanceof JsonParseException && message.startsWith("Duplicate field")) {
            message = message.replace("Duplicate field", "duplicate field");
        }
        int line = loc == null ? -1 : loc.getLineNr();
        int col = loc == null ? -1 : loc.getColumnNr();
        return new ConfigException(new ConfigException.Problem(ConfigException.Kind.SYNTAX, "", line, col,
                "invalid JSON: " + message));
    }

    /**
     * Adds line and column to problems whose pointer is found in {@code bytes} (the field name
     * when the pointer names an object member, else the value); others are kept as they are.
     */
    public static ConfigException locate(ConfigException e, byte[] bytes) {
        Set<String> wanted = new HashSet<>();
        for (ConfigException.Problem p : e.problems()) {
            if (p.line() < 0) {
                wanted.add(p.pointer());
            }
        }
        if (wanted.isEmpty()) {
            return e;
        }
        Map<String, JsonLocation> found = locations(bytes, wanted);
        List<ConfigException.Problem> out = new ArrayList<>();
        for (ConfigException.Problem p : e.problems()) {
            JsonLocation loc = p.line() < 0 ? nearest(found, p.pointer()) : null;
            out.add(loc == null ? p : p.at(loc.getLineNr(), loc.getColumnNr()));
        }
        return new ConfigException(out, e.totalProblems());
    }

    /** The location of the pointer, or of its nearest ancestor that exists (e.g. the object missing a field). */
    private static JsonLocation nearest(Map<String, JsonLocation> found, String pointer) {
        for (String p = pointer; ; p = p.substring(0, p.lastIndexOf('/'))) {
            if (found.containsKey(p)) {
                return found.get(p);
            }
            if (p.isEmpty()) {
                return null;
            }
        }
    }

    private static Map<String, JsonLocation> locations(byte[] bytes, Collection<String> pointers) {
        Set<String> wanted = new HashSet<>();
        for (String p : pointers) {
            for (String q = p; ; q = q.substring(0, q.lastIndexOf('/'))) {
                wanted.add(q);
                if (q.isEmpty()) {
                    break;
                }
            }
        }
        Map<String, JsonLocation> found = new HashMap<>();
        StringBuilder path = new StringBuilder();
        Deque<int[]> frames = new ArrayDeque<>(); // {isArray, index, baseLength}
        try (JsonParser p = FACTORY.createParser(bytes)) {
            JsonToken tok;
            while ((tok = p.nextToken()) != null) {
                if (tok == JsonToken.END_ARRAY || tok == JsonToken.END_OBJECT) {
                    int[] f = frames.pop();
                    path.setLength(f[2]);
                    continue;
                }
                int[] top = frames.peek();
                if (tok == JsonToken.FIELD_NAME) {
                    path.setLength(top[2]);
                    path.append('/').append(escape(p.getCurrentName()));
                    String field = path.toString();
                    if (wanted.contains(field)) {
                        found.putIfAbsent(field, p.getTokenLocation());
                    }
                    continue;
                }
                if (top != null && top[0] == 1) {
                    path.setLength(top[2]);
                    path.append('/').append(++top[1]);
                }
                String here = path.toString();
                if (wanted.contains(here)) {
                    found.putIfAbsent(here, p.getTokenLocation());
                }
                if (tok == JsonToken.START_ARRAY || tok == JsonToken.START_OBJECT) {
                    frames.push(new int[] {tok == JsonToken.START_ARRAY ? 1 : 0, -1, path.length()});
                }
            }
        } catch (IOException ignored) {
            // The text was parsed before; a failure here only means fewer locations.
        }
        return found;
    }

    /** Escapes a member name for a JSON pointer (RFC 6901). */
    public static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }
}
