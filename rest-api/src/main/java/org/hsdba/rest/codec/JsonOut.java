package org.hsdba.rest.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.json.LiveJson;
import org.hsdba.model.Rate;

/** Small output conventions shared by the codecs: rates as a number of bits/s plus a printed form. */
final class JsonOut {

    private JsonOut() {
    }

    /**
     * A configured rate as {@code <name>Bps} (exact bits/s; null when unlimited) and {@code <name>}
     * (exact text with units, or "unlimited").
     */
    static void rate(ObjectNode o, String name, Rate rate) {
        if (rate.isUnlimited()) {
            o.putNull(name + "Bps");
        } else {
            o.put(name + "Bps", rate.bps());
        }
        o.put(name, rate.toString());
    }

    /**
     * A computed rate as {@code <name>Bps} (bits/s rounded to whole bits; null when not finite, which
     * JSON cannot carry) and {@code <name>} (readable text, e.g. "1.667 Gb/s" or "unlimited").
     */
    static void rate(ObjectNode o, String name, double bps) {
        bps(o, name + "Bps", bps);
        o.put(name, Rate.format(bps));
    }

    /** A computed rate in bits/s only, rounded; null when not finite. */
    static void bps(ObjectNode o, String member, double bps) {
        LiveJson.bps(o, member, bps);
    }

    /** A computed number; null when not finite. */
    static void number(ObjectNode o, String member, double v) {
        if (Double.isFinite(v)) {
            o.put(member, v);
        } else {
            o.putNull(member);
        }
    }
}
