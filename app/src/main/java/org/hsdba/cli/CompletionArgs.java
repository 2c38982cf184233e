package org.hsdba.cli;

import org.apache.karaf.shell.api.console.CommandLine;

/** The positional arguments already typed on a command line (options and their values skipped). */
final class CompletionArgs {

    private CompletionArgs() {
    }

    /** The {@code index}-th positional argument before the cursor, or null. */
    static String argument(CommandLine line, int index) {
        if (line == null) {
            return null;
        }
        String[] args = line.getArguments();
        int positional = -1;
        // args[0] is the command name itself.
        for (int i = 1; i < args.length && i < line.getCursorArgumentIndex(); i++) {
            if (args[i].startsWith("-")) {
                continue;
            }
            if (++positional == index) {
                return args[i];
            }
        }
        return null;
    }
}
