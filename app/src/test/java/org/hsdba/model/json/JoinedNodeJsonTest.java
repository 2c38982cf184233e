package org.hsdba.model.json;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.NodeSpec;
import org.junit.Test;

/** The {@code joined} flag of a node: read, written only when true, exact round trips, not on templates. */
public class JoinedNodeJsonTest {

    private static final String NODES = "{\"id\": \"lab\", \"key\": \"10.0.0.0/16\", \"weight\": 1},\n"
            + "{\"id\": \"user-10.0.0.7\", \"parent\": \"lab\", \"key\": \"10.0.0.7\", \"weight\": 1, \"joined\": true},\n"
            + "{\"id\": \"alice\", \"parent\": \"lab\", \"key\": \"10.0.0.1\", \"weight\": 1, \"joined\": false}";

    @Test
    public void joinedIsReadAndWrittenOnlyWhenTrue() {
        HsdbaConfig c = ConfigJson.read(ConfigJsonTest.withNodes(NODES));
        BandwidthTree t = c.trees().get(0);
        assertTrue(t.get("user-10.0.0.7").isJoined());
        assertFalse(t.get("alice").isJoined());
        assertFalse(t.get("lab").isJoined());
        ObjectNode joined = ConfigJson.nodeToJson(t.get("user-10.0.0.7"));
        assertTrue(joined.get("joined").asBoolean());
        assertFalse("declared is the default and is not written", ConfigJson.nodeToJson(t.get("alice")).has("joined"));
    }

    @Test
    public void roundTripsAreExact() {
        HsdbaConfig c = ConfigJson.read(ConfigJsonTest.withNodes(NODES));
        String written = ConfigJson.write(c);
        HsdbaConfig again = ConfigJson.read(written);
        assertEquals(c, again);
        assertEquals(written, ConfigJson.write(again));
        BandwidthTree t = c.trees().get(0);
        assertEquals(t, ConfigJson.treeFromJson(ConfigJson.treeToJson(t)));
    }

    @Test
    public void aNodeEditKeepsTheFlag() {
        BandwidthTree t = ConfigJson.read(ConfigJsonTest.withNodes(NODES)).trees().get(0);
        NodeSpec n = ConfigJson.nodeFromJson(ConfigJson.nodeToJson(t.get("user-10.0.0.7")), t);
        assertEquals(t.get("user-10.0.0.7"), n);
    }

    @Test
    public void aTemplateCannotBeJoined() {
        try {
            ConfigJson.read(ConfigJsonTest.withNodes(NODES
                    + ",\n{\"id\": \"lab-users\", \"parent\": \"lab\", \"template\": true, \"weight\": 1, \"joined\": true}"));
            fail("a joined template was accepted");
        } catch (ConfigException e) {
            assertEquals(1, e.problems().size());
            ConfigException.Problem p = e.problems().get(0);
            assertTrue(p.pointer(), p.pointer().endsWith("/nodes/3/joined"));
            assertTrue(p.message(), p.message().contains("cannot itself be joined"));
        }
    }

    @Test
    public void joinedMustBeABoolean() {
        try {
            ConfigJson.read(ConfigJsonTest.withNodes(NODES.replace("\"joined\": true", "\"joined\": \"yes\"")));
            fail("a string flag was accepted");
        } catch (ConfigException e) {
            assertTrue(e.problems().get(0).pointer(), e.problems().get(0).pointer().endsWith("/nodes/1/joined"));
        }
    }
}
