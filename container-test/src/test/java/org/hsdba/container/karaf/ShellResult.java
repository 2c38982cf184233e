package org.hsdba.container.karaf;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** What a batch of Karaf shell commands printed, ANSI colours removed. */
public final class ShellResult {

    private static final Pattern ANSI = Pattern.compile("\u001B\\[[;\\d]*m");
    private static final String ERROR = "Error executing command";
    private static final String CAUSED_BY = "[caused by: ";

    private final String commands;
    private final String output;

    ShellResult(String commands, String rawOutput) {
        this.commands = commands;
        this.output = ANSI.matcher(rawOutput).replaceAll("");
    }

    public String output() {
        return output;
    }

    /** The lines reporting a failed command (Karaf keeps going after one). */
    public List<String> errors() {
        List<String> out = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (line.contains(ERROR) || line.startsWith("Command not found")) {
                out.add(line.trim());
            }
        }
        return out;
    }

    public boolean failed() {
        return !errors().isEmpty();
    }

    /**
     * The innermost reason of a resolver error ("Unable to resolve X: missing requirement [X]
     * osgi.wiring.package; filter:=..."), which names the bundle and the import that broke; the
     * whole error when there is no nested reason.
     */
    public String rootCause() {
        String text = String.join("\n", errors());
        int at = text.lastIndexOf(CAUSED_BY);
        if (at < 0) {
            return text;
        }
        String inner = text.substring(at + CAUSED_BY.length());
        int eol = inner.indexOf('\n');
        inner = (eol < 0 ? inner : inner.substring(0, eol)).trim();
        // the brackets closing every enclosing "[caused by: ...": the reason itself ends in a quote
        int end = inner.length();
        while (end > 0 && inner.charAt(end - 1) == ']') {
            end--;
        }
        return inner.substring(0, end);
    }

    @Override
    public String toString() {
        return "$ " + commands.replace("\n", "; ") + "\n" + output;
    }
}
