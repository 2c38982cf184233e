package org.hsdba.container;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

import org.hsdba.container.karaf.KarafPorts;
import org.hsdba.container.oar.ComponentDescriptor;
import org.hsdba.container.oar.ProjectBundle;

/**
 * Server sockets the project's components open, recognised by their configuration: a property
 * {@code <x>Port} (Integer) next to a {@code <x>BindAddress} (the POF adapter's {@code pofPort} /
 * {@code pofBindAddress}). With the stand-in core, the container configures each on the loopback
 * interface and a free port, so the test never collides with a controller running on the machine;
 * in a real ONOS core nothing is configured ({@link #atDefaults}): the port is the component's
 * default, as an operator who installs the .oar gets it. Either way the port must accept connections.
 */
final class ComponentListeners {

    /** One listener: the component, its port property and the port it was given. */
    static final class Listener {
        final String component;
        final String property;
        final int port;

        Listener(String component, String property, int port) {
            this.component = component;
            this.property = property;
            this.port = port;
        }

        @Override
        public String toString() {
            return component + " " + property + "=" + port;
        }
    }

    private static final String PORT = "Port";
    private static final String BIND_ADDRESS = "BindAddress";

    private final List<Listener> listeners = new ArrayList<>();
    private final Map<String, Map<String, String>> configurations = new LinkedHashMap<>();

    /** The listeners at the ports the components declare as defaults; no configuration written. */
    static ComponentListeners atDefaults(List<ProjectBundle> bundles) {
        ComponentListeners found = new ComponentListeners(bundles, null);
        found.configurations.clear();
        return found;
    }

    /** Each listener on a port of {@code freePort} (null: the component's default) and the loopback address. */
    ComponentListeners(List<ProjectBundle> bundles, IntSupplier freePort) {
        for (ProjectBundle b : bundles) {
            for (ComponentDescriptor c : b.components()) {
                Map<String, String> cfg = new LinkedHashMap<>();
                c.propertyTypes().forEach((name, type) -> {
                    if (!name.endsWith(PORT) || !("Integer".equals(type) || "Long".equals(type))) {
                        return;
                    }
                    String address = name.substring(0, name.length() - PORT.length()) + BIND_ADDRESS;
                    if (c.propertyTypes().containsKey(address)) {
                        int port = freePort != null ? freePort.getAsInt()
                                : Integer.parseInt(c.propertyDefaults().getOrDefault(name, "0"));
                        cfg.put(name, String.valueOf(port));
                        cfg.put(address, KarafPorts.HOST);
                        listeners.add(new Listener(c.name(), name, port));
                    }
                });
                if (!cfg.isEmpty()) {
                    configurations.put(c.pid(), cfg);
                }
            }
        }
    }

    List<Listener> listeners() {
        return listeners;
    }

    /** Configuration PID -> properties, for etc/&lt;pid&gt;.cfg. */
    Map<String, Map<String, String>> configurations() {
        return configurations;
    }
}
