package org.hsdba.api;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.hsdba.model.BandwidthTree;

/**
 * What an operator's copy of a tree is based on: the tree's generation (new each time a port's
 * tree is created) and its operator version (operator writes only). Its text, {@code
 * <generation in hex>-<version>} (e.g. {@code 5f0c2a91e3-7}), is the REST ETag: it never repeats
 * for a port, also across delete and re-create, and joins or prunes do not change it.
 */
public final class TreeTag {

    private static final Pattern TEXT = Pattern.compile("([0-9a-f]{1,16})-([0-9]{1,18})");

    private final long generation;
    private final long version;

    private TreeTag(long generation, long version) {
        this.generation = generation;
        this.version = version;
    }

    public static TreeTag of(long generation, long version) {
        return new TreeTag(generation, version);
    }

    public static TreeTag of(BandwidthTree tree) {
        return new TreeTag(tree.generation(), tree.operatorVersion());
    }

    /** Reads {@link #text()}; {@link IllegalArgumentException} saying what is expected otherwise. */
    public static TreeTag parse(String text) {
        Matcher m = TEXT.matcher(Objects.requireNonNull(text, "text"));
        if (!m.matches()) {
            throw new IllegalArgumentException("\"" + text + "\" is not a tree tag: expected <generation in hex>-<version>,"
                    + " e.g. 5f0c2a91e3-7, as the ETag of a GET answered");
        }
        return new TreeTag(Long.parseUnsignedLong(m.group(1), 16), Long.parseLong(m.group(2)));
    }

    public long generation() {
        return generation;
    }

    public long version() {
        return version;
    }

    /** True if {@code tree} is at this tag. */
    public boolean matches(BandwidthTree tree) {
        return tree != null && tree.generation() == generation && tree.operatorVersion() == version;
    }

    public String text() {
        return Long.toHexString(generation) + "-" + version;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TreeTag && ((TreeTag) o).generation == generation && ((TreeTag) o).version == version;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(generation) * 31 + Long.hashCode(version);
    }

    @Override
    public String toString() {
        return text();
    }
}
