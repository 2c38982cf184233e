package org.hsdba.rest.resources;

import static org.junit.Assert.assertEquals;

import java.util.EnumSet;
import java.util.List;
import java.util.Random;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.model.PortRef;
import org.junit.Test;

/** /events' filter against a brute-force reading of random event logs. */
public class EventsSelectTest {

    @Test
    public void selectsTheFirstNOfTheGivenTypesDeviceAndNode() {
        Random rnd = new Random(3);
        HsdbaEvent.Type[] all = HsdbaEvent.Type.values();
        for (int round = 0; round < 200; round++) {
            List<HsdbaEvent> log = new java.util.ArrayList<>();
            for (int i = 0; i < 50; i++) {
                String device = "pof:" + rnd.nextInt(3);
                HsdbaEvent.Type t = all[rnd.nextInt(all.length)];
                log.add(rnd.nextBoolean() ? HsdbaEvent.device(i, t, device, "m")
                        : HsdbaEvent.node(i, t, PortRef.of(device, 1), "n" + rnd.nextInt(4), "m"));
            }
            EnumSet<HsdbaEvent.Type> types = EnumSet.noneOf(HsdbaEvent.Type.class);
            types.add(all[rnd.nextInt(all.length)]);
            types.add(all[rnd.nextInt(all.length)]);
            String device = rnd.nextBoolean() ? null : "pof:" + rnd.nextInt(3);
            String node = rnd.nextBoolean() ? null : "n" + rnd.nextInt(4);
            int n = 1 + rnd.nextInt(10);
            List<HsdbaEvent> expected = log.stream().filter(e -> types.contains(e.type())
                    && (device == null || device.equals(e.deviceId().orElse(null)))
                    && (node == null || node.equals(e.nodeId().orElse(null)))).limit(n)
                    .collect(java.util.stream.Collectors.toList());
            assertEquals(expected, EventsResource.select(log, types, device, node, n));
        }
        assertEquals(EnumSet.of(HsdbaEvent.Type.ERROR, HsdbaEvent.Type.NODE_JOINED),
                EventsResource.types("ERROR,NODE_JOINED"));
    }
}
