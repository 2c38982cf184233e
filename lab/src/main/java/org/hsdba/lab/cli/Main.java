package org.hsdba.lab.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/** {@code hsdba <subcommand> [args]}: dispatches to the registered subcommands. */
public final class Main {

    private Main() {
    }

    /** Every subcommand of the command line; add new ones here. */
    public static SubcommandRegistry registry() {
        return new SubcommandRegistry()
                .register(new AllocateCommand())
                .register(new SimulateCommand())
                .register(new EvaluateCommand())
                .register(new LabCommand())
                .register(new SwitchCommand());
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command line in-process; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        SubcommandRegistry registry = registry();
        if (args.length == 0) {
            usage(registry, err);
            return Subcommand.BAD_INPUT;
        }
        if (args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            usage(registry, out);
            return Subcommand.OK;
        }
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        return registry.find(args[0])
                .map(c -> c.run(rest, out, err))
                .orElseGet(() -> {
                    err.println("hsdba: unknown subcommand \"" + args[0] + "\"");
                    usage(registry, err);
                    return Subcommand.BAD_INPUT;
                });
    }

    private static void usage(SubcommandRegistry registry, PrintStream out) {
        out.println("usage: hsdba <subcommand> [arguments]   (hsdba <subcommand> --help for details)");
        out.println();
        out.println("subcommands:");
        int width = registry.all().stream().mapToInt(c -> c.name().length()).max().orElse(0);
        for (Subcommand c : registry.all()) {
            out.println("  " + c.name() + " ".repeat(width - c.name().length() + 2) + c.summary());
        }
    }
}
