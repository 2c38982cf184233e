package org.hsdba.container;

import static org.junit.Assert.assertEquals;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.Test;

/** The cluster.json ONOS 2.7 reads: one node alone, or a node of a cluster with storage nodes. */
public class ClusterMetadataTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    public void aSingleNodeNamesOnlyItself() throws Exception {
        JsonNode j = JSON.readTree(ClusterMetadata.singleNode("127.0.0.1", 9876).json());
        assertEquals("onos", j.path("name").asText());
        assertEquals("127.0.0.1", j.path("node").path("ip").asText());
        assertEquals(9876, j.path("node").path("port").asInt());
        assertEquals(2, j.size());
    }

    @Test
    public void aClusterNodeNamesItselfEveryControllerAndTheStorage() throws Exception {
        List<ClusterMetadata.Member> onos = List.of(new ClusterMetadata.Member("127.0.0.1", "127.0.0.1", 9001),
                new ClusterMetadata.Member("127.0.0.2", "127.0.0.2", 9002),
                new ClusterMetadata.Member("127.0.0.3", "127.0.0.3", 9003));
        ClusterMetadata.Member atomix = new ClusterMetadata.Member("atomix-1", "127.0.0.1", 9100);
        JsonNode j = JSON.readTree(new ClusterMetadata(onos.get(1), onos, List.of(atomix)).json());
        assertEquals("127.0.0.2", j.path("node").path("id").asText());
        assertEquals(3, j.path("controller").size());
        assertEquals(9003, j.path("controller").path(2).path("port").asInt());
        assertEquals("atomix-1", j.path("storage").path(0).path("id").asText());
    }

    @Test(expected = IllegalArgumentException.class)
    public void aNodeOutsideItsControllersIsRefused() {
        ClusterMetadata.Member a = new ClusterMetadata.Member("a", "127.0.0.1", 9001);
        ClusterMetadata.Member b = new ClusterMetadata.Member("b", "127.0.0.2", 9002);
        new ClusterMetadata(a, List.of(b), List.of());
    }
}
