package org.hsdba.lab.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The {@code --name value}, {@code --name=value} and {@code --flag} options of one subcommand.
 * Unknown options, a missing value or a repeated option are usage errors that name the option.
 */
final class Options {

    /** A usage error; the message names the option and what was wrong. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    private final Map<String, String> values = new HashMap<>();
    private final Set<String> flags = new HashSet<>();
    private final List<String> positional = new ArrayList<>();

    private Options() {
    }

    /**
     * @param withValue option names (with the dashes) that take a value
     * @param flagNames option names that take none
     */
    static Options parse(List<String> args, Set<String> withValue, Set<String> flagNames) throws UsageException {
        Options o = new Options();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!a.startsWith("--")) {
                o.positional.add(a);
                continue;
            }
            int eq = a.indexOf('=');
            String name = eq < 0 ? a : a.substring(0, eq);
            if (flagNames.contains(name)) {
                if (eq >= 0) {
                    throw new UsageException(name + " takes no value");
                }
                o.flags.add(name);
            } else if (withValue.contains(name)) {
                String value;
                if (eq >= 0) {
                    value = a.substring(eq + 1);
                } else if (i + 1 < args.size()) {
                    value = args.get(++i);
                } else {
                    throw new UsageException(name + " needs a value");
                }
                if (o.values.putIfAbsent(name, value) != null) {
                    throw new UsageException(name + " is given twice");
                }
            } else {
                throw new UsageException("unknown option " + name);
            }
        }
        return o;
    }

    boolean flag(String name) {
        return flags.contains(name);
    }

    Optional<String> value(String name) {
        return Optional.ofNullable(values.get(name));
    }

    boolean has(String name) {
        return values.containsKey(name);
    }

    List<String> positional() {
        return Collections.unmodifiableList(positional);
    }

    int intValue(String name, int defaultValue) throws UsageException {
        return number(name, defaultValue, Integer::parseInt, "a whole number");
    }

    long longValue(String name, long defaultValue) throws UsageException {
        return number(name, defaultValue, Long::decode, "a whole number (decimal or 0x hex)");
    }

    double doubleValue(String name, double defaultValue) throws UsageException {
        return number(name, defaultValue, Options::finiteDouble, "a number");
    }

    /**
     * The option's value read by {@code parse}, which throws NumberFormatException for text that is
     * not {@code expected}; the default when the option is not given.
     */
    private <T> T number(String name, T defaultValue, Function<String, T> parse, String expected) throws UsageException {
        String v = values.get(name);
        if (v == null) {
            return defaultValue;
        }
        try {
            return parse.apply(v.trim());
        } catch (NumberFormatException e) {
            throw new UsageException(name + ": expected " + expected + ", got \"" + v + "\"");
        }
    }

    private static double finiteDouble(String text) {
        double d = Double.parseDouble(text);
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new NumberFormatException("not a finite number: " + text);
        }
        return d;
    }
}
