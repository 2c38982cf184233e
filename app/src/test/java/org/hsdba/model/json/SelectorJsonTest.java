package org.hsdba.model.json;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.PortSelector;
import org.junit.Test;

/** A tree's port selector in the config format: read, written back identically, bad keys located. */
public class SelectorJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode tree(String selector) throws Exception {
        return JSON.readTree("{\"device\": \"pof:0000000000000001\", \"port\": 3, \"capacity\": \"100M\","
                + " \"levels\": [{\"name\": \"user\", \"field\": {\"offset\": 240, \"length\": 32}}],"
                + (selector == null ? "" : " \"selector\": " + selector + ",")
                + " \"nodes\": [{\"id\": \"a\", \"key\": \"10.0.0.1\", \"weight\": 1}]}");
    }

    @Test
    public void aSelectorIsReadAndWrittenBack() throws Exception {
        BandwidthTree t = ConfigJson.treeFromJson(tree("{\"field\": {\"offset\": 240, \"length\": 32}, \"key\": \"10.3.0.0/16\"}"));
        PortSelector s = t.selector().get();
        assertEquals(FieldSpec.of(240, 32), s.field());
        assertEquals(MatchKey.parse("10.3.0.0/16", null, 32), s.key());
        JsonNode written = ConfigJson.treeToJson(t);
        assertEquals("10.3.0.0/16", written.get("selector").get("key").asText());
        assertEquals(t, ConfigJson.treeFromJson(written));
        BandwidthTree mac = ConfigJson.treeFromJson(tree("{\"field\": {\"offset\": 0, \"length\": 48},"
                + " \"key\": \"0x020000000003\", \"mask\": \"0xffffffffff0f\"}"));
        assertEquals("0xffffffffff0f", ConfigJson.treeToJson(mac).get("selector").get("mask").asText());
        assertEquals(mac, ConfigJson.treeFromJson(ConfigJson.treeToJson(mac)));
        BandwidthTree none = ConfigJson.treeFromJson(tree(null));
        assertTrue(none.selector().isEmpty());
        assertTrue(ConfigJson.treeToJson(none).get("selector") == null);
    }

    @Test
    public void aKeyLongerThanTheSelectorFieldIsReportedAtTheKey() throws Exception {
        try {
            ConfigJson.treeFromJson(tree("{\"field\": {\"offset\": 0, \"length\": 8}, \"key\": \"0x1234\"}"));
            fail();
        } catch (ConfigException e) {
            assertEquals("/selector/key", e.first().pointer());
            assertTrue(e.first().message(), e.first().message().contains("8 bits"));
        }
        try {
            ConfigJson.treeFromJson(tree("{\"field\": {\"offset\": 0, \"length\": 8}, \"key\": \"0x12\", \"port\": 1}"));
            fail();
        } catch (ConfigException e) {
            assertEquals("/selector/port", e.first().pointer());
        }
    }
}
