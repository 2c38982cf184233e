package org.hsdba.container;

import static org.junit.Assert.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.hsdba.container.oar.OarArchive;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class ComponentListenersTest {

    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    @Test
    public void aPortWithABindAddressIsConfiguredOnLoopback() throws Exception {
        OarArchive oar = OarFixture.withComponentProperties(tmp,
                "<property name=\"pofPort\" type=\"Integer\" value=\"6643\"/>"
                + "<property name=\"pofBindAddress\" value=\"0.0.0.0\"/>"
                + "<property name=\"remotePort\" type=\"Integer\" value=\"80\"/>"
                + "<property name=\"livenessTimeoutMs\" type=\"Integer\" value=\"10\"/>");
        AtomicInteger next = new AtomicInteger(40000);
        ComponentListeners l = new ComponentListeners(oar.bundles(), next::getAndIncrement);
        assertEquals(Map.of("org.example.Server", Map.of("pofPort", "40000", "pofBindAddress", "127.0.0.1")),
                l.configurations());
        assertEquals(1, l.listeners().size());
        assertEquals("org.example.Server pofPort=40000", l.listeners().get(0).toString());
    }

    @Test
    public void aPortWithoutBindAddressIsLeftAlone() throws Exception {
        OarArchive oar = OarFixture.withComponentProperties(tmp, "<property name=\"remotePort\" type=\"Integer\" value=\"80\"/>");
        ComponentListeners l = new ComponentListeners(oar.bundles(), () -> 1);
        assertEquals(Map.of(), l.configurations());
        assertEquals(List.of(), l.listeners());
    }
}
