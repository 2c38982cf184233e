package org.hsdba.lab.cli;

import java.io.PrintStream;
import java.util.List;

/** One {@code hsdba <name> ...} subcommand. Implementations print, never call System.exit. */
public interface Subcommand {

    /** Exit code: success. */
    int OK = 0;
    /** Exit code: an unexpected failure. */
    int FAILURE = 1;
    /** Exit code: bad usage or a bad input file (the message says where). */
    int BAD_INPUT = 2;

    /** The word that selects it, e.g. {@code allocate}. */
    String name();

    /** One line for {@code hsdba --help}. */
    String summary();

    /** Runs with the arguments after the subcommand's name; returns the exit code. */
    int run(List<String> args, PrintStream out, PrintStream err);
}
