package org.hsdba.container.onos;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.List;

import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.Versioned;
import org.junit.Test;

public class InMemoryConsistentMapTest {

    private final ConsistentMap<String, String> map = new InMemoryStorageService().<String, String>consistentMapBuilder()
            .withName("test").withSerializer(Serializer.forTypes(String.class)).build();

    @Test
    public void everyWriteGetsAHigherVersion() {
        long v1 = map.putAndGet("a", "1").version();
        long v2 = map.putAndGet("b", "2").version();
        long v3 = map.putAndGet("a", "3").version();
        assertTrue(v1 < v2 && v2 < v3);
        assertEquals(new Versioned<>("3", v3).value(), map.get("a").value());
        assertEquals(2, map.size());
    }

    @Test
    public void replaceByVersionIsACompareAndSet() {
        long v = map.putAndGet("tree", "old").version();
        assertFalse(map.replace("tree", v + 100, "lost"));
        assertTrue(map.replace("tree", v, "new"));
        assertFalse("the version moved on", map.replace("tree", v, "again"));
        assertEquals("new", map.get("tree").value());
    }

    @Test
    public void putIfAbsentKeepsTheFirstValue() {
        assertNull(map.putIfAbsent("k", "first"));
        assertEquals("first", map.putIfAbsent("k", "second").value());
        assertEquals("first", map.get("k").value());
    }

    @Test
    public void computeToNullRemoves() {
        map.put("k", "v");
        assertNull(map.compute("k", (k, v) -> null));
        assertFalse(map.containsKey("k"));
    }

    @Test
    public void listenersHearInsertsUpdatesAndRemovals() {
        List<MapEvent<String, String>> events = new ArrayList<>();
        map.addListener(events::add);
        map.put("k", "1");
        map.put("k", "2");
        map.remove("k");
        assertEquals(3, events.size());
        assertEquals(MapEvent.Type.INSERT, events.get(0).type());
        assertEquals(MapEvent.Type.UPDATE, events.get(1).type());
        assertEquals("1", events.get(1).oldValue().value());
        assertEquals(MapEvent.Type.REMOVE, events.get(2).type());
        assertEquals("2", events.get(2).oldValue().value());
    }

    @Test
    public void removedListenersHearNothing() {
        List<MapEvent<String, String>> events = new ArrayList<>();
        MapEventListener<String, String> listener = events::add;
        map.addListener(listener);
        map.removeListener(listener);
        map.put("k", "1");
        assertEquals(List.of(), events);
    }

    @Test
    public void valuesTheSerializerCannotWriteFailAsInACluster() {
        ConsistentMap<String, Object> raw = new InMemoryStorageService().<String, Object>consistentMapBuilder()
                .withName("raw").withSerializer(Serializer.forTypes(String.class)).build();
        try {
            raw.put("k", new StringBuilder("not registered"));
            fail("an unregistered type was stored");
        } catch (RuntimeException expected) {
            assertFalse(raw.containsKey("k"));
        }
    }

    @Test(expected = NullPointerException.class)
    public void nullValuesNeedTheOption() {
        map.put("k", null);
    }

    @Test(expected = IllegalArgumentException.class)
    public void aMapNeedsASerializer() {
        new InMemoryStorageService().<String, String>consistentMapBuilder().withName("x").build();
    }

    @Test(expected = UnsupportedOperationException.class)
    public void otherPrimitivesSaySoClearly() {
        new InMemoryStorageService().atomicCounterBuilder();
    }
}
