package org.hsdba.api;

import java.util.Objects;
import java.util.OptionalLong;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;

/**
 * What a write expects the port's tree to be (HTTP's {@code If-Match} / {@code If-None-Match}):
 * nothing in particular, any tree, no tree, a {@link TreeTag}, or (CLI, older callers) an
 * operator version. A write whose precondition fails throws {@link VersionConflictException} and
 * changes nothing; a write with a precondition is never retried over another writer's change.
 */
public final class Precondition {

    private enum Kind { NONE, ANY_TREE, NO_TREE, TAG, VERSION }

    /** No check. */
    public static final Precondition NONE = new Precondition(Kind.NONE, null, 0);
    /** The port has a tree, whichever ({@code If-Match: *}). */
    public static final Precondition ANY_TREE = new Precondition(Kind.ANY_TREE, null, 0);
    /** The port has no tree ({@code If-None-Match: *}). */
    public static final Precondition NO_TREE = new Precondition(Kind.NO_TREE, null, 0);

    private final Kind kind;
    private final TreeTag tag;
    private final long version;

    private Precondition(Kind kind, TreeTag tag, long version) {
        this.kind = kind;
        this.tag = tag;
        this.version = version;
    }

    public static Precondition of(TreeTag tag) {
        return new Precondition(Kind.TAG, Objects.requireNonNull(tag, "tag"), 0);
    }

    /** The tree is at this operator version of whatever generation; 0 = no tree. */
    public static Precondition ofVersion(long operatorVersion) {
        return operatorVersion == 0 ? NO_TREE : new Precondition(Kind.VERSION, null, operatorVersion);
    }

    /** {@link #ofVersion} if present, else {@link #NONE}. */
    public static Precondition from(OptionalLong operatorVersion) {
        return operatorVersion.isPresent() ? ofVersion(operatorVersion.getAsLong()) : NONE;
    }

    /** False for {@link #NONE}: then a write may be retried over a concurrent change. */
    public boolean isPresent() {
        return kind != Kind.NONE;
    }

    /** Throws {@link VersionConflictException} unless {@code current} (null: no tree) is what is expected. */
    public void check(PortRef port, BandwidthTree current) {
        boolean ok;
        switch (kind) {
            case ANY_TREE:
                ok = current != null;
                break;
            case NO_TREE:
                ok = current == null;
                break;
            case TAG:
                ok = tag.matches(current);
                break;
            case VERSION:
                ok = current != null && current.operatorVersion() == version;
                break;
            default:
                ok = true;
        }
        if (!ok) {
            throw new VersionConflictException(port, describe(), current == null ? 0 : current.operatorVersion(),
                    current == null ? null : TreeTag.of(current));
        }
    }

    /** For messages: {@code "*"}, {@code "no tree"}, the tag or the version. */
    public String describe() {
        switch (kind) {
            case ANY_TREE:
                return "any tree (*)";
            case NO_TREE:
                return "no tree";
            case TAG:
                return "tag " + tag.text();
            case VERSION:
                return "version " + version;
            default:
                return "anything";
        }
    }

    @Override
    public String toString() {
        return describe();
    }
}
