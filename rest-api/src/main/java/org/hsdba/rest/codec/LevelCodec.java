package org.hsdba.rest.codec;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.model.Durations;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.json.ObjectReader;
import org.hsdba.model.json.Problems;
import org.hsdba.model.json.TreeDocument;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

/**
 * A level in the config format's shape: {@code {"name", "field": {"offset", "length"}, "join":
 * {guaranteed, weight, peak, idleTimeout, lifetime}}} (join omitted when the level has no join
 * template). Output rates carry the number of bits/s beside the text ({@code guaranteedBps}).
 */
public final class LevelCodec extends JsonCodec<LevelSpec> {

    @Override
    public ObjectNode encode(LevelSpec level, CodecContext context) {
        ObjectNode o = context.mapper().createObjectNode();
        o.put("name", level.name());
        ObjectNode field = o.putObject("field");
        field.put("offset", level.field().offsetBits());
        field.put("length", level.field().lengthBits());
        level.join().ifPresent(j -> {
            ObjectNode t = o.putObject("join");
            j.guaranteed().ifPresent(g -> JsonOut.rate(t, "guaranteed", g));
            j.weight().ifPresent(w -> t.put("weight", w));
            JsonOut.rate(t, "peak", j.peak());
            j.idleTimeout().ifPresent(d -> t.put("idleTimeout", Durations.format(d)));
            j.lifetime().ifPresent(d -> t.put("lifetime", Durations.format(d)));
        });
        return o;
    }

    @Override
    public LevelSpec decode(ObjectNode json, CodecContext context) {
        Problems problems = new Problems();
        LevelSpec level = read(json, "", problems);
        problems.throwIfAny();
        return level;
    }

    /** Reads {@code {"levels": [...]}}; throws a {@code ConfigException} listing every problem. */
    public static List<LevelSpec> readLevels(JsonNode body) {
        Problems problems = new Problems();
        ObjectReader r = ObjectReader.of(body, "", problems);
        List<LevelSpec> out = new ArrayList<>();
        if (r != null) {
            List<JsonNode> levels = r.array("levels", true);
            r.raw("version"); // accepted and ignored: GET answers it, If-Match is what is checked
            r.finish();
            for (int i = 0; levels != null && i < levels.size(); i++) {
                out.add(read(levels.get(i), "/levels/" + i, problems));
            }
        }
        problems.throwIfAny();
        return out;
    }

    /** One level at {@code pointer} (the model's reader, in the API's forms); null with problems recorded if it is wrong. */
    static LevelSpec read(JsonNode json, String pointer, Problems problems) {
        return TreeDocument.readApiLevel(json, pointer, problems);
    }

    /** {@code {"levels": [...]}}. */
    public ObjectNode encodeLevels(List<LevelSpec> levels, CodecContext context) {
        ObjectNode o = context.mapper().createObjectNode();
        ArrayNode a = o.putArray("levels");
        levels.forEach(l -> a.add(encode(l, context)));
        return o;
    }
}
