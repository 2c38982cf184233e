package org.hsdba.rest.metrics;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict reader of the Prometheus text format 0.0.4 and OpenMetrics 1.0 text, as far as hsdba
 * uses them (HELP, TYPE, labelled samples without timestamps): every line must follow the
 * grammar, a family's TYPE and HELP come once and before its samples, its samples are contiguous,
 * a sample's name belongs to its family (a counter's is {@code <family>_total}; in 0.0.4 the
 * family is named with the {@code _total}, in OpenMetrics without), counters are non-negative,
 * no sample repeats, and OpenMetrics ends with {@code # EOF}. No Java parser of these formats is
 * on Maven Central, hence this one; a violation is an {@link IllegalArgumentException} naming the line.
 */
public final class Exposition {

    private static final String NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
    private static final Pattern META = Pattern.compile("# (HELP|TYPE) (" + NAME + ") (.*)");
    private static final Pattern SAMPLE = Pattern.compile("(" + NAME + ")\\{(.*)\\} (\\S+)");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\\\n]|\\\\[\\\\\"n])*)\"");
    private static final Pattern VALUE = Pattern.compile("[-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?|[-+]?Inf|NaN");
    private static final Set<String> TYPES = Set.of("counter", "gauge", "histogram", "summary", "untyped", "unknown");

    private Exposition() {
    }

    /** The samples, {@code name{labels}} to value, of a valid exposition; throws on the first violation. */
    public static Map<String, Double> read(String text, boolean openMetrics) {
        if (openMetrics && !text.endsWith("# EOF\n")) {
            throw new IllegalArgumentException("OpenMetrics must end with \"# EOF\"");
        }
        String[] lines = text.split("\n", -1);
        int end = lines.length - 1; // after the last \n
        if (!lines[end].isEmpty()) {
            throw new IllegalArgumentException("the last line has no line feed");
        }
        if (openMetrics) {
            end--; // # EOF
        }
        Map<String, String> types = new HashMap<>();
        Set<String> helps = new HashSet<>();
        Set<String> finished = new HashSet<>();
        Map<String, Double> samples = new LinkedHashMap<>();
        String current = null;
        for (int i = 0; i < end; i++) {
            String line = lines[i];
            String where = "line " + (i + 1) + " \"" + line + "\": ";
            Matcher m = META.matcher(line);
            if (m.matches()) {
                String family = m.group(2);
                if (!family.equals(current)) {
                    if (current != null) {
                        finished.add(current);
                    }
                    if (finished.contains(family)) {
                        throw new IllegalArgumentException(where + "family " + family + " appears twice");
                    }
                    current = family;
                }
                if (m.group(1).equals("TYPE")) {
                    if (!TYPES.contains(m.group(3)) || types.put(family, m.group(3)) != null) {
                        throw new IllegalArgumentException(where + "unknown or repeated TYPE");
                    }
                    if (openMetrics && m.group(3).equals("counter") && family.endsWith("_total")) {
                        throw new IllegalArgumentException(where + "an OpenMetrics counter family is named without _total");
                    }
                } else if (!helps.add(family)) {
                    throw new IllegalArgumentException(where + "repeated HELP");
                }
                continue;
            }
            m = SAMPLE.matcher(line);
            if (!m.matches()) {
                throw new IllegalArgumentException(where + "neither a HELP, a TYPE nor a sample");
            }
            String name = m.group(1);
            if (current == null || !types.containsKey(current)) {
                throw new IllegalArgumentException(where + "a sample before its family's TYPE");
            }
            String type = types.get(current);
            String expected = type.equals("counter") && openMetrics ? current + "_total" : current;
            if (!name.equals(expected)) {
                throw new IllegalArgumentException(where + "sample " + name + " in family " + current + " (" + type
                        + "): expected " + expected);
            }
            if (type.equals("counter") && !current.endsWith("_total") && !openMetrics) {
                throw new IllegalArgumentException(where + "a counter is named ..._total");
            }
            String labels = m.group(2);
            Matcher l = LABEL.matcher(labels);
            Set<String> labelNames = new HashSet<>();
            int at = 0;
            while (at < labels.length()) {
                if (!l.find(at) || l.start() != at || !labelNames.add(l.group(1))) {
                    throw new IllegalArgumentException(where + "bad or repeated label at " + labels.substring(at));
                }
                at = l.end();
                if (at < labels.length()) {
                    if (labels.charAt(at) != ',') {
                        throw new IllegalArgumentException(where + "labels are separated by commas");
                    }
                    at++;
                }
            }
            if (!VALUE.matcher(m.group(3)).matches()) {
                throw new IllegalArgumentException(where + "not a number: " + m.group(3));
            }
            double v = m.group(3).endsWith("Inf") ? (m.group(3).startsWith("-") ? Double.NEGATIVE_INFINITY
                    : Double.POSITIVE_INFINITY) : Double.parseDouble(m.group(3));
            if (type.equals("counter") && !(v >= 0)) {
                throw new IllegalArgumentException(where + "a counter below zero");
            }
            if (samples.put(name + "{" + labels + "}", v) != null) {
                throw new IllegalArgumentException(where + "the same sample twice");
            }
        }
        return samples;
    }
}
