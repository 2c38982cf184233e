package org.hsdba.model.json;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A node's key as written, before it can be parsed (that needs the field length of the node's
 * level): the config format's {@code "key"} and {@code "mask"} strings or, in the API's forms, also
 * the node resource's {@code "key": {"value", "mask"}} object (what the API answers, so that it
 * can be sent back). {@link #NONE} when there is no key.
 */
public final class KeyText {

    public static final KeyText NONE = new KeyText(null, null, false);

    private final String value;
    private final String mask;
    private final boolean object;

    private KeyText(String value, String mask, boolean object) {
        this.value = value;
        this.mask = mask;
        this.object = object;
    }

    /** The key members of a node object in the config format's form; null (problem recorded) if they are wrong. */
    public static KeyText read(ObjectReader r) {
        int before = r.problems().count();
        String value = r.string("key", false);
        String mask = r.string("mask", false);
        if (r.problems().count() > before) {
            return null;
        }
        if (mask != null && value == null) {
            r.problem("mask", "a mask needs a key");
            return null;
        }
        return value == null ? NONE : new KeyText(value, mask, false);
    }

    /** Like {@link #read}, also accepting the {@code "key": {"value", "mask"}} object. */
    public static KeyText readApiForms(ObjectReader r) {
        JsonNode key = r.raw("key");
        if (key == null || !key.isObject()) {
            return read(r);
        }
        ObjectReader k = r.object("key", false);
        String value = k.string("value", true);
        String mask = k.string("mask", false);
        k.finish();
        if (r.has("mask")) {
            r.problem("mask", "give the mask either inside \"key\" or beside it, not both");
            return null;
        }
        return value == null ? null : new KeyText(value, mask, true);
    }

    /** The key's value text; null for none. */
    public String value() {
        return value;
    }

    /** The mask text; null for an exact key (or a prefix given in the value). */
    public String mask() {
        return mask;
    }

    /**
     * The member a problem with parsing the key belongs to: its mask when the mask was given beside
     * the key and the problem is about it, else the key.
     */
    public String memberOf(IllegalArgumentException parseError) {
        return !object && parseError.getMessage().startsWith("mask") ? "mask" : "key";
    }
}
