package org.hsdba.store;

import static org.junit.Assert.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.model.json.ConfigJson;
import org.junit.Test;

/** The store's hand-written JSON is the text Jackson writes for the same nodes, character for character. */
public class JsonTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static void assertSameText(JsonNode node) {
        assertEquals(node.toString(), Json.write(new StringBuilder(), node).toString());
    }

    @Test
    public void everyKindOfValueIsWrittenAsJacksonWritesIt() {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("text", "quote \" backslash \\ tab \t newline \n nul \u0000 e-acute \u00e9 line-sep \u2028 emoji \ud83d\ude00");
        o.put("int", -7).put("long", 1L << 40).put("double", 0.1).put("whole", 1.0).put("big", 1e20).put("tiny", 4.9e-324)
                .put("negzero", -0.0).put("float", 1.5f).put("nan", Double.NaN).put("inf", Double.NEGATIVE_INFINITY);
        o.put("bigint", new BigInteger("123456789012345678901234567890")).put("decimal", new BigDecimal("1.50E+3"));
        o.put("yes", true).put("no", false).putNull("nothing");
        o.putObject("empty");
        o.putArray("none");
        ArrayNode a = o.putArray("nested");
        a.add(1).add("two").addObject().put("three", 3.25).putArray("four").add(false);
        o.put("key with \"quotes\"", "v");
        assertSameText(o);
        assertSameText(MAPPER.createArrayNode());
    }

    @Test
    public void nodesAreWrittenAsTheirConfigTextIs() {
        List<NodeSpec> nodes = List.of(
                NodeSpec.builder("lab").key(MatchKey.parse("0x0a00", null, 16)).weight(1.0).pinned(true).build(),
                NodeSpec.builder("users").parent("lab").template(true).weight(2.5).build(),
                NodeSpec.builder("user-10.0.0.1").parent("lab").key(MatchKey.exact(32, BigInteger.valueOf(0x0a000001L)))
                        .weight(1.0).joined(true).guaranteed(Rate.parse("10M")).peak(Rate.parse("1G")).build());
        for (NodeSpec n : nodes) {
            assertSameText(ConfigJson.nodeToJson(n));
        }
    }
}
