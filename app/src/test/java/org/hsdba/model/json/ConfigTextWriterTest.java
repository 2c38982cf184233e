package org.hsdba.model.json;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.junit.Test;

/** The persist's writer keeps node text between writes and must write exactly what ConfigJson.write does. */
public class ConfigTextWriterTest {

    /** Ids of 64 and 60 characters (the longest allowed): a child's line with both does not fit in the width. */
    private static final String LONG_ID = "a-node-whose-line-does-not-fit-in-the-canonical-width-as-one-lin";
    private static final String LAB = "lab-with-a-long-identifier-too-so-that-the-child-line-is-long";

    /** Two trees: one with a node line too long for one line, one with a single node (its array fits on one line). */
    private static HsdbaConfig config() {
        return ConfigJson.read("{\"format\": \"hsdba/1\", \"trees\": ["
                + "{\"device\": \"pof:1\", \"port\": 3, \"capacity\": \"10G\", \"eta\": 0.95,"
                + " \"levels\": [{\"name\": \"subnet\", \"field\": {\"offset\": 240, \"length\": 32}},"
                + " {\"name\": \"user\", \"field\": {\"offset\": 240, \"length\": 32}}],"
                + " \"nodes\": [{\"id\": \"" + LAB + "\", \"key\": \"10.1.0.0/16\", \"guaranteed\": \"4G\"},"
                + " {\"id\": \"" + LONG_ID + "\", \"parent\": \"" + LAB + "\", \"key\": \"10.1.0.1\", \"weight\": 1.5,"
                + " \"peak\": \"3G\", \"pinned\": true},"
                + " {\"id\": \"bob\", \"parent\": \"" + LAB + "\", \"key\": \"10.1.0.2\", \"weight\": 2}]},"
                + "{\"device\": \"pof:2\", \"port\": 1, \"capacity\": \"1G\","
                + " \"levels\": [{\"name\": \"vlan\", \"field\": {\"offset\": 116, \"length\": 12}}],"
                + " \"nodes\": [{\"id\": \"v10\", \"key\": \"0x00a\", \"weight\": 1}]}]}");
    }

    @Test
    public void writesTheCanonicalTextOfTheSample() {
        HsdbaConfig c = ConfigJson.read(ConfigJsonTest.resource("sample.json"));
        ConfigTextWriter w = new ConfigTextWriter();
        assertEquals(ConfigJsonTest.resource("sample-canonical.json"), w.write(c));
        assertEquals(ConfigJsonTest.resource("sample-canonical.json"), w.write(c));
        assertEquals(0, w.renderedLastWrite());
    }

    @Test
    public void equalsConfigJsonAcrossEditsAndRendersOnlyChangedNodes() {
        HsdbaConfig c = config();
        ConfigTextWriter w = new ConfigTextWriter();
        String first = w.write(c);
        assertEquals(ConfigJson.write(c), first);
        assertTrue(first, first.contains("{\n          \"id\": \"" + LONG_ID + "\","));
        assertTrue(first, first.contains("\"nodes\": [{\"id\": \"v10\", \"key\": \"0x00a\", \"weight\": 1}]"));
        assertEquals(4, w.renderedLastWrite());

        Random random = new Random(17);
        List<String> ids = new ArrayList<>(List.of(LAB, LONG_ID, "bob"));
        for (int i = 0; i < 20; i++) {
            BandwidthTree t = c.trees().get(0);
            NodeSpec n = t.get(ids.get(random.nextInt(ids.size())));
            NodeSpec changed = n.toBuilder().peak(Rate.parse((1 + random.nextInt(9)) + "G"))
                    .weight(random.nextBoolean() ? null : 0.5 + random.nextInt(4)).build();
            BandwidthTree next = TreeEdit.update(changed).applyTo(t);
            c = HsdbaConfig.of(c.runtime(), List.of(next, c.trees().get(1)));
            assertEquals("write " + i, ConfigJson.write(c), w.write(c));
            assertTrue("write " + i + " rendered " + w.renderedLastWrite(), w.renderedLastWrite() <= 1);
        }
    }

    @Test
    public void numbersAndStringsAsJacksonWritesThem() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        List<JsonNode> values = List.of(f.numberNode(0), f.numberNode(-7), f.numberNode(Long.MAX_VALUE),
                f.numberNode(Long.MIN_VALUE), f.numberNode(0.95), f.numberNode(1e21), f.numberNode(-0.0),
                f.numberNode(1.0E-7), f.numberNode(Double.MIN_VALUE), f.numberNode(2.5f),
                f.numberNode(new java.math.BigInteger("123456789012345678901234567890")),
                f.numberNode(new java.math.BigDecimal("1.50")), f.booleanNode(true), f.booleanNode(false),
                f.nullNode(), f.textNode("plain"), f.textNode("quote \" back \\ tab \t nl \n ctl \u0001 é"));
        for (JsonNode v : values) {
            assertEquals(v.getNodeType() + " " + v, v.toString() + "\n", JsonWriter.write(v));
        }
    }
}
