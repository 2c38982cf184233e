package org.hsdba.store;

import com.fasterxml.jackson.core.io.JsonStringEncoder;

/** JSON text written by hand where the store writes on every join (its entries' keys and ids). */
final class Json {

    private Json() {
    }

    /** Appends {@code text} as a JSON string (quoted, escaped as Jackson escapes it); returns {@code out}. */
    static StringBuilder quote(StringBuilder out, String text) {
        out.append('"');
        JsonStringEncoder.getInstance().quoteAsString(text, out);
        return out.append('"');
    }
}
