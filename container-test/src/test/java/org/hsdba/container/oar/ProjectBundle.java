package org.hsdba.container.oar;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/** A bundle the .oar carries: what its manifest and DS descriptors declare. */
public final class ProjectBundle {

    private final String location;
    private final String symbolicName;
    private final String version;
    private final String webContextPath;
    private final List<ComponentDescriptor> components;
    private final Set<String> entries;

    ProjectBundle(String location, String symbolicName, String version, String webContextPath,
                  List<ComponentDescriptor> components, Set<String> entries) {
        this.location = location;
        this.symbolicName = symbolicName;
        this.version = version;
        this.webContextPath = webContextPath;
        this.components = List.copyOf(components);
        this.entries = Set.copyOf(entries);
    }

    /** Path inside the .oar. */
    public String location() {
        return location;
    }

    public String symbolicName() {
        return symbolicName;
    }

    public String version() {
        return version;
    }

    /** {@code Web-ContextPath}: the bundle is a web application at this path. */
    public Optional<String> webContextPath() {
        return Optional.ofNullable(webContextPath);
    }

    public List<ComponentDescriptor> components() {
        return components;
    }

    /** Whether the jar has this entry (a path without leading slash). */
    public boolean contains(String entry) {
        return entries.contains(entry);
    }

    @Override
    public String toString() {
        return symbolicName + "/" + version;
    }
}
