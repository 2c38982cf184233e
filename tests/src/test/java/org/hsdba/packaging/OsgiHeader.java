package org.hsdba.packaging;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses OSGi manifest headers such as Import-Package and Export-Package into clauses:
 * comma-separated, each a package name then ';'-separated attributes, values possibly quoted
 * (quotes protect the commas inside version ranges).
 */
final class OsgiHeader {

    /** One clause: a package with its attributes and directives (name to value, unquoted). */
    static final class Clause {
        final String name;
        final Map<String, String> params;

        Clause(String name, Map<String, String> params) {
            this.name = name;
            this.params = params;
        }

        @Override
        public String toString() {
            return name + params;
        }
    }

    private OsgiHeader() {
    }

    static List<Clause> parse(String header) {
        List<Clause> clauses = new ArrayList<>();
        if (header == null || header.isBlank()) {
            return clauses;
        }
        for (String part : split(header, ',')) {
            List<String> pieces = split(part, ';');
            List<String> names = new ArrayList<>();
            Map<String, String> params = new LinkedHashMap<>();
            for (String piece : pieces) {
                int eq = piece.indexOf('=');
                if (eq < 0) {
                    names.add(piece.trim());
                } else {
                    String key = piece.substring(0, eq).trim();
                    String value = piece.substring(eq + 1).trim();
                    if (key.endsWith(":")) {
                        key = key.substring(0, key.length() - 1) + ":";
                    }
                    params.put(key, unquote(value));
                }
            }
            for (String n : names) {
                clauses.add(new Clause(n, params));
            }
        }
        return clauses;
    }

    private static String unquote(String v) {
        return v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"") ? v.substring(1, v.length() - 1) : v;
    }

    private static List<String> split(String s, char sep) {
        List<String> out = new ArrayList<>();
        boolean quoted = false;
        StringBuilder cur = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == sep && !quoted) {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        if (cur.length() > 0) {
            out.add(cur.toString());
        }
        return out;
    }
}
