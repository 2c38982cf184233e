package org.hsdba.rest.codec;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.model.json.ObjectReader;

/**
 * A node's key as written in a request: the config format's {@code "key"} and {@code "mask"}
 * strings, or the node resource's {@code "key": {"value", "mask"}} object (what GET answers).
 * Both null when there is no key.
 */
final class KeyText {

    static final KeyText NONE = new KeyText(null, null);

    final String value;
    final String mask;

    private KeyText(String value, String mask) {
        this.value = value;
        this.mask = mask;
    }

    /** Reads the key members of a node object; null (problem recorded) if they are wrong. */
    static KeyText read(ObjectReader r) {
        JsonNode key = r.raw("key");
        if (key != null && key.isObject()) {
            ObjectReader k = r.object("key", false);
            String value = k.string("value", true);
            String mask = k.string("mask", false);
            k.finish();
            if (r.has("mask")) {
                r.problem("mask", "give the mask either inside \"key\" or beside it, not both");
                return null;
            }
            return value == null ? null : new KeyText(value, mask);
        }
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
        return value == null ? NONE : new KeyText(value, mask);
    }
}
