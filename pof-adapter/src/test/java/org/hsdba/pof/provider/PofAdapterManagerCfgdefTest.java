package org.hsdba.pof.provider;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.Hashtable;
import java.util.Map;
import java.util.TreeMap;
import org.junit.Test;
import org.onosproject.cfg.ConfigProperty;

/**
 * The {@code .cfgdef} ONOS reads for {@link PofAdapterManager} (written by onos-maven-plugin's cfg
 * goal at build time) against the code: every property, its type and its default as ONOS reads
 * them (one line {@code name|TYPE|default|description}, the default parsed by onos-api's
 * {@link ConfigProperty} as ONOS's ComponentConfigManager does), and the server configuration the
 * component builds from those defaults when ONOS pushes them as values. A file with the columns in
 * another order, or a default ONOS cannot parse, fails here (issue 13: the description became the
 * bind address and the POF port never listened).
 */
public class PofAdapterManagerCfgdefTest {

    @Test
    public void cfgdefNamesEveryPropertyWithTheCodesTypeAndDefault() throws Exception {
        Map<String, ConfigProperty> defs = readCfgdef();
        Map<String, Object> constants = declaredDefaults(OsgiPropertyConstants.class);
        assertEquals("property names", constants.keySet(), defs.keySet());
        for (Map.Entry<String, Object> e : constants.entrySet()) {
            ConfigProperty p = defs.get(e.getKey());
            if (e.getValue() instanceof Integer) {
                assertEquals(e.getKey() + " type", ConfigProperty.Type.INTEGER, p.type());
                assertEquals(e.getKey() + " default", e.getValue(), p.asInteger());
            } else {
                assertEquals(e.getKey() + " type", ConfigProperty.Type.STRING, p.type());
                assertEquals(e.getKey() + " default", e.getValue(), p.asString());
            }
        }
    }

    @Test
    public void defaultsPushedByOnosAsValuesGiveTheDefaultServer() throws Exception {
        Hashtable<String, Object> pushed = new Hashtable<>();
        readCfgdef().values().forEach(p -> pushed.put(p.name(), p.value()));
        assertEquals(PofAdapterManager.configOf(null, () -> "127.0.0.1"), PofAdapterManager.configOf(pushed, () -> "127.0.0.1"));
    }

    /** The generated file, parsed the way ONOS's ConfigPropertyDefinitions.read does. */
    static Map<String, ConfigProperty> readCfgdef() throws IOException {
        Map<String, ConfigProperty> out = new TreeMap<>();
        try (InputStream in = PofAdapterManager.class.getResourceAsStream("PofAdapterManager.cfgdef")) {
            assertNotNull("PofAdapterManager.cfgdef not on the class path (onos-maven-plugin cfg goal)", in);
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\\|", 4);
                assertEquals("fields of line '" + line + "'", 4, f.length);
                out.put(f[0], ConfigProperty.defineProperty(f[0], ConfigProperty.Type.valueOf(f[1]), f[2], f[3]));
            }
        }
        return out;
    }

    /** NAME -> NAME_DEFAULT's value for every pair of constants. */
    static Map<String, Object> declaredDefaults(Class<?> constants) throws IllegalAccessException {
        Map<String, Object> out = new TreeMap<>();
        for (Field f : constants.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers()) || f.getName().endsWith("_DEFAULT")) {
                continue;
            }
            Field d;
            try {
                d = constants.getDeclaredField(f.getName() + "_DEFAULT");
            } catch (NoSuchFieldException e) {
                continue;
            }
            out.put((String) f.get(null), d.get(null));
        }
        return out;
    }
}
