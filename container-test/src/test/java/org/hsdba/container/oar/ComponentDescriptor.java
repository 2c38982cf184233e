package org.hsdba.container.oar;

import java.util.List;
import java.util.Map;

/** One DS component as its bundle declares it (OSGI-INF/*.xml). */
public final class ComponentDescriptor {

    /** A reference: its name, the service interface it wants, and whether the component needs it. */
    public static final class Reference {
        private final String name;
        private final String serviceInterface;
        private final boolean mandatory;

        Reference(String name, String serviceInterface, boolean mandatory) {
            this.name = name;
            this.serviceInterface = serviceInterface;
            this.mandatory = mandatory;
        }

        public String name() {
            return name;
        }

        public String serviceInterface() {
            return serviceInterface;
        }

        public boolean mandatory() {
            return mandatory;
        }
    }

    private final String name;
    private final String pid;
    private final Map<String, String> propertyTypes;
    private final Map<String, String> propertyDefaults;
    private final List<Reference> references;
    private final List<String> services;

    ComponentDescriptor(String name, String pid, Map<String, String> propertyTypes, Map<String, String> propertyDefaults,
                        List<Reference> references, List<String> services) {
        this.name = name;
        this.pid = pid;
        this.propertyTypes = Map.copyOf(propertyTypes);
        this.propertyDefaults = Map.copyOf(propertyDefaults);
        this.references = List.copyOf(references);
        this.services = List.copyOf(services);
    }

    public String name() {
        return name;
    }

    /** The configuration PID (etc/&lt;pid&gt;.cfg in Karaf): configuration-pid, else the name. */
    public String pid() {
        return pid;
    }

    /** Declared properties and their types (String, Integer, ...). */
    public Map<String, String> propertyTypes() {
        return propertyTypes;
    }

    /** Declared single-valued properties and their values as written in the descriptor (the code's defaults). */
    public Map<String, String> propertyDefaults() {
        return propertyDefaults;
    }

    public List<Reference> references() {
        return references;
    }

    /** The service interfaces the component provides. */
    public List<String> services() {
        return services;
    }

    @Override
    public String toString() {
        return name;
    }
}
