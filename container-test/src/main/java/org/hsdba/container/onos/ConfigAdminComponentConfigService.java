package org.hsdba.container.onos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cfg.ConfigProperty;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;

/**
 * Component configuration as ONOS does it underneath: a property set here is written to the
 * component's ConfigurationAdmin configuration (PID = component name), so the component's
 * {@code @Modified} runs. Properties are reported as strings; registered components are
 * remembered by name.
 */
@Component(configurationPid = LocalNode.STAND_IN_PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = ComponentConfigService.class)
public final class ConfigAdminComponentConfigService implements ComponentConfigService {

    @Reference
    private ConfigurationAdmin configAdmin;

    private final Set<String> components = ConcurrentHashMap.newKeySet();

    @Override
    public Set<String> getComponentNames() {
        return Set.copyOf(components);
    }

    @Override
    public void registerProperties(Class<?> componentClass) {
        components.add(componentClass.getName());
    }

    @Override
    public void unregisterProperties(Class<?> componentClass, boolean clear) {
        components.remove(componentClass.getName());
        if (clear) {
            update(componentClass.getName(), null, null);
        }
    }

    @Override
    public Set<ConfigProperty> getProperties(String componentName) {
        Dictionary<String, Object> props = current(componentName);
        Set<ConfigProperty> out = new HashSet<>();
        for (String key : Collections.list(props.keys())) {
            if (!key.startsWith("service.") && !key.startsWith("felix.") && !key.startsWith("component.")) {
                out.add(ConfigProperty.defineProperty(key, ConfigProperty.Type.STRING,
                        String.valueOf(props.get(key)), ""));
            }
        }
        return out;
    }

    @Override
    public ConfigProperty getProperty(String componentName, String attribute) {
        Object value = current(componentName).get(attribute);
        return value == null ? null
                : ConfigProperty.defineProperty(attribute, ConfigProperty.Type.STRING, String.valueOf(value), "");
    }

    @Override
    public void setProperty(String componentName, String name, String value) {
        update(componentName, name, value);
    }

    @Override
    public void preSetProperty(String componentName, String name, String value) {
        update(componentName, name, value);
    }

    @Override
    public void preSetProperty(String componentName, String name, String value, boolean override) {
        if (override || current(componentName).get(name) == null) {
            update(componentName, name, value);
        }
    }

    @Override
    public void unsetProperty(String componentName, String name) {
        update(componentName, name, null);
    }

    private Dictionary<String, Object> current(String pid) {
        try {
            Dictionary<String, Object> props = configAdmin.getConfiguration(pid, null).getProperties();
            return props == null ? new Hashtable<>() : props;
        } catch (IOException e) {
            throw new UncheckedIOException("reading the configuration of " + pid, e);
        }
    }

    /** Sets ({@code value} non-null) or removes {@code name}; a null name clears them all. */
    private void update(String pid, String name, String value) {
        try {
            Configuration cfg = configAdmin.getConfiguration(pid, null);
            Dictionary<String, Object> props = new Hashtable<>();
            Dictionary<String, Object> old = cfg.getProperties();
            if (old != null && name != null) {
                for (Enumeration<String> keys = old.keys(); keys.hasMoreElements();) {
                    String key = keys.nextElement();
                    props.put(key, old.get(key));
                }
            }
            if (name != null) {
                if (value == null) {
                    props.remove(name);
                } else {
                    props.put(name, value);
                }
            }
            cfg.update(props);
        } catch (IOException e) {
            throw new UncheckedIOException("updating the configuration of " + pid, e);
        }
    }
}
