package org.hsdba.model;

import java.util.Objects;
import java.util.Optional;

/** One level of a tree below the port: its name, the field its nodes match on, and an optional join template. */
public final class LevelSpec {

    private final String name;
    private final FieldSpec field;
    private final JoinTemplate join;

    private LevelSpec(String name, FieldSpec field, JoinTemplate join) {
        this.name = name;
        this.field = field;
        this.join = join;
    }

    public static LevelSpec of(String name, FieldSpec field) {
        return of(name, field, null);
    }

    public static LevelSpec of(String name, FieldSpec field, JoinTemplate join) {
        if (name == null || name.trim().isEmpty()) {
            throw new IllegalArgumentException("level name is empty");
        }
        return new LevelSpec(name, Objects.requireNonNull(field, "field"), join);
    }

    public String name() {
        return name;
    }

    public FieldSpec field() {
        return field;
    }

    public Optional<JoinTemplate> join() {
        return Optional.ofNullable(join);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LevelSpec)) {
            return false;
        }
        LevelSpec l = (LevelSpec) o;
        return l.name.equals(name) && l.field.equals(field) && Objects.equals(l.join, join);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, field, join);
    }

    @Override
    public String toString() {
        return name + " (" + field + ")";
    }
}
