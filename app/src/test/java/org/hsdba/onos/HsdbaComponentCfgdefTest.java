package org.hsdba.onos;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import org.junit.Test;
import org.onosproject.cfg.ConfigProperty;

/**
 * The {@code .cfgdef} ONOS reads for {@link HsdbaComponent} (onos-maven-plugin's cfg goal) against
 * the code: one line {@code name|TYPE|default|description} per property, its default parsed by
 * onos-api's {@link ConfigProperty} as ONOS does, equal to the code's constant, and the component
 * reading that default back when ONOS pushes it as a value.
 */
public class HsdbaComponentCfgdefTest {

    @Test
    public void cfgdefDeclaresMasterTimeoutAsTheCodeDoes() throws Exception {
        List<ConfigProperty> defs = new ArrayList<>();
        try (InputStream in = HsdbaComponent.class.getResourceAsStream("HsdbaComponent.cfgdef")) {
            assertNotNull("HsdbaComponent.cfgdef not on the class path (onos-maven-plugin cfg goal)", in);
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\\|", 4);
                assertEquals("fields of line '" + line + "'", 4, f.length);
                defs.add(ConfigProperty.defineProperty(f[0], ConfigProperty.Type.valueOf(f[1]), f[2], f[3]));
            }
        }
        assertEquals("one property", 1, defs.size());
        ConfigProperty p = defs.get(0);
        assertEquals(OsgiPropertyConstants.MASTER_TIMEOUT_MS, p.name());
        assertEquals(ConfigProperty.Type.INTEGER, p.type());
        assertEquals(OsgiPropertyConstants.MASTER_TIMEOUT_MS_DEFAULT, p.asInteger());

        Hashtable<String, Object> pushed = new Hashtable<>();
        pushed.put(p.name(), p.value());
        assertEquals(OsgiPropertyConstants.MASTER_TIMEOUT_MS_DEFAULT, HsdbaComponent.masterTimeoutMillis(pushed));
    }
}
