package org.hsdba.lab.cli;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Subcommands by name, in registration order (the order of {@code --help}). */
public final class SubcommandRegistry {

    private final Map<String, Subcommand> byName = new LinkedHashMap<>();

    public SubcommandRegistry register(Subcommand command) {
        if (byName.putIfAbsent(command.name(), command) != null) {
            throw new IllegalArgumentException("subcommand \"" + command.name() + "\" is registered twice");
        }
        return this;
    }

    public Optional<Subcommand> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public Collection<Subcommand> all() {
        return Collections.unmodifiableCollection(new ArrayList<>(byName.values()));
    }
}
