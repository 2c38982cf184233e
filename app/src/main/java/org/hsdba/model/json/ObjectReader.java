package org.hsdba.model.json;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.model.Durations;
import org.hsdba.model.Rate;

/**
 * Typed, located access to the members of one JSON object. Every getter records a problem (with
 * the member's pointer) instead of throwing and returns null, so a whole document is checked in
 * one pass; {@link #finish} reports members that were never asked for, with a suggestion when one
 * is close to a known name.
 */
public final class ObjectReader {

    private final JsonNode node;
    private final String pointer;
    private final Problems problems;
    private final Set<String> known = new LinkedHashSet<>();

    private ObjectReader(JsonNode node, String pointer, Problems problems) {
        this.node = node;
        this.pointer = pointer;
        this.problems = problems;
    }

    /** A reader for {@code node}, or null (with a problem recorded) if it is not an object. */
    public static ObjectReader of(JsonNode node, String pointer, Problems problems) {
        if (node == null || !node.isObject()) {
            problems.add(pointer, "expected an object, found " + describe(node));
            return null;
        }
        return new ObjectReader(node, pointer, problems);
    }

    public String pointer() {
        return pointer;
    }

    /** The pointer of a member. */
    public String pointer(String field) {
        return pointer + "/" + JsonText.escape(field);
    }

    public Problems problems() {
        return problems;
    }

    /** True if the member is present and not null. */
    public boolean has(String field) {
        known.add(field);
        JsonNode v = node.get(field);
        return v != null && !v.isNull();
    }

    /** The raw member (null if absent or JSON null). */
    public JsonNode raw(String field) {
        known.add(field);
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v;
    }

    private JsonNode get(String field, boolean required) {
        JsonNode v = raw(field);
        if (v == null && required) {
            problems.add(pointer(field), "required field \"" + field + "\" is missing");
        }
        return v;
    }

    public String string(String field, boolean required) {
        JsonNode v = get(field, required);
        if (v == null) {
            return null;
        }
        if (!v.isTextual()) {
            problems.add(pointer(field), "expected a string, found " + describe(v));
            return null;
        }
        return v.textValue();
    }

    /** A finite number. */
    public Double number(String field, boolean required) {
        JsonNode v = get(field, required);
        if (v == null) {
            return null;
        }
        if (!v.isNumber()) {
            problems.add(pointer(field), "expected a number, found " + describe(v));
            return null;
        }
        return v.doubleValue();
    }

    /** A whole number within [min, max]. */
    public Long integer(String field, boolean required, long min, long max) {
        JsonNode v = get(field, required);
        if (v == null) {
            return null;
        }
        Long whole = wholeValue(v);
        if (whole == null) {
            problems.add(pointer(field), "expected a whole number, found " + describe(v));
            return null;
        }
        long x = whole;
        if (x < min || x > max) {
            problems.add(pointer(field), x + " is outside " + min + ".." + max);
            return null;
        }
        return x;
    }

    /**
     * The number as a long if it is whole: 7, 7.0 and 7e0 alike (JSON Schema's integer, what the
     * OpenAPI document promises); null for 7.5, non-numbers and values beyond a long.
     */
    static Long wholeValue(JsonNode v) {
        if (v.isIntegralNumber()) {
            return v.canConvertToLong() ? v.longValue() : null;
        }
        if (!v.isNumber() || !Double.isFinite(v.doubleValue())) {
            return null;
        }
        try {
            return v.decimalValue().longValueExact();
        } catch (ArithmeticException notWholeOrTooLarge) {
            return null;
        }
    }

    public Boolean bool(String field) {
        JsonNode v = get(field, false);
        if (v == null) {
            return null;
        }
        if (!v.isBoolean()) {
            problems.add(pointer(field), "expected true or false, found " + describe(v));
            return null;
        }
        return v.booleanValue();
    }

    /**
     * A finite rate: a string with units ("2.5G") or a whole number of bits/s, also when written
     * as a decimal or with an exponent ({@code 100000000.0}, {@code 2.07e7}).
     */
    public Rate rate(String field, boolean required) {
        return rateOrLimit(field, required, Rate::parse);
    }

    /** A peak rate: like {@link #rate} but "unlimited" is accepted. */
    public Rate limit(String field, boolean required) {
        return rateOrLimit(field, required, Rate::parseLimit);
    }

    private Rate rateOrLimit(String field, boolean required, Function<String, Rate> parser) {
        JsonNode v = get(field, required);
        if (v == null) {
            return null;
        }
        try {
            if (v.isTextual()) {
                return parser.apply(v.textValue());
            }
            if (v.isIntegralNumber() && v.canConvertToLong()) {
                return Rate.ofBps(v.longValue());
            }
            if (v.isNumber()) {
                // A whole value written as a decimal or with an exponent (100000000.0, 2.07e7) is a whole number of b/s.
                java.math.BigDecimal d = v.decimalValue().stripTrailingZeros();
                if (d.scale() <= 0 && d.abs().compareTo(java.math.BigDecimal.valueOf(Long.MAX_VALUE)) <= 0) {
                    return Rate.ofBps(d.longValueExact());
                }
                problems.add(pointer(field), "a rate given as a number is in bits/s and must be whole, not " + v.asText()
                        + "; use a string like \"1.5 Gb/s\"");
                return null;
            }
            problems.add(pointer(field), "expected a rate like \"2.5G\" or a whole number of bits/s, found " + describe(v));
        } catch (Rate.OutOfRangeException e) {
            // A string in a notation the API allows: its size is a rule (422 over REST), since no
            // schema can bound a number written inside a string.
            problems.add(pointer(field), new org.hsdba.model.Violation(org.hsdba.model.ViolationCode.RATE_OUT_OF_RANGE,
                    null, field, e.getMessage()));
        } catch (IllegalArgumentException e) {
            problems.add(pointer(field), e.getMessage());
        }
        return null;
    }

    /** A duration: a string with units ("10ms") or a number of seconds. */
    public Duration duration(String field, boolean required) {
        JsonNode v = get(field, required);
        if (v == null) {
            return null;
        }
        try {
            if (v.isTextual()) {
                return Durations.parse(v.textValue());
            }
            if (v.isNumber()) {
                return Durations.ofSeconds(v.doubleValue());
            }
            problems.add(pointer(field), "expected a duration like \"10ms\" or a number of seconds, found " + describe(v));
        } catch (org.hsdba.model.Durations.OutOfRangeException e) {
            // Valid notation, too long to hold: a rule (422 over REST), as no schema bounds a string's number.
            rule(field, org.hsdba.model.ViolationCode.DURATION_OUT_OF_RANGE, e.getMessage());
        } catch (IllegalArgumentException e) {
            problems.add(pointer(field), e.getMessage());
        }
        return null;
    }

    /** An array member (possibly empty). */
    public List<JsonNode> array(String field, boolean required) {
        JsonNode v = get(field, required);
        if (v == null) {
            return null;
        }
        if (!v.isArray()) {
            problems.add(pointer(field), "expected an array, found " + describe(v));
            return null;
        }
        List<JsonNode> out = new ArrayList<>(v.size());
        v.forEach(out::add);
        return out;
    }

    /** An object member. */
    public ObjectReader object(String field, boolean required) {
        JsonNode v = get(field, required);
        return v == null ? null : of(v, pointer(field), problems);
    }

    /**
     * Records a broken rule at a member: a value in a valid notation that the schema cannot bound
     * (a number written inside a string), 422 over REST rather than 400.
     */
    public void rule(String field, org.hsdba.model.ViolationCode code, String message) {
        problems.add(pointer(field), new org.hsdba.model.Violation(code, null, field, message));
    }

    /** Records a problem at a member. */
    public void problem(String field, String message) {
        problems.add(field == null ? pointer : pointer(field), message);
    }

    /**
     * Records that a member present is not part of the format (a problem of kind
     * {@link ConfigException.Kind#UNKNOWN_FIELD}), with a message saying why or what to use instead.
     */
    public void unknownField(String field, String message) {
        known.add(field);
        problems.add(ConfigException.Kind.UNKNOWN_FIELD, pointer(field), message);
    }

    /** Reports members that no getter asked for. */
    public void finish() {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!known.contains(name)) {
                String suggestion = closest(name);
                problems.add(ConfigException.Kind.UNKNOWN_FIELD, pointer(name), "unknown field \"" + name + "\""
                        + (suggestion == null ? "" : " (did you mean \"" + suggestion + "\"?)")
                        + "; known fields: " + String.join(", ", known));
            }
        }
    }

    private String closest(String name) {
        String best = null;
        int bestDistance = 3;
        for (String k : known) {
            int d = distance(name.toLowerCase(Locale.ROOT), k.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        return best;
    }

    /** Levenshtein distance. */
    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /** A short description of a JSON value's type for messages. */
    public static String describe(JsonNode v) {
        if (v == null || v.isNull()) {
            return "nothing";
        }
        if (v.isTextual()) {
            String t = v.textValue();
            return "the string \"" + (t.length() > 40 ? t.substring(0, 40) + "..." : t) + "\"";
        }
        if (v.isNumber()) {
            return "the number " + v.asText();
        }
        if (v.isBoolean()) {
            return v.asText();
        }
        return v.isArray() ? "an array" : "an object";
    }
}
