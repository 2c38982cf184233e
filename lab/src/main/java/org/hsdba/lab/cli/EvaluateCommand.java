package org.hsdba.lab.cli;

import java.io.PrintStream;
import java.util.List;

import org.hsdba.sim.eval.EvaluateMain;

/**
 * {@code hsdba evaluate [--out DIR] [--quick] [--only IDS] [--threads N]}: runs the evaluation
 * suite (the paper's experiments on the reference switch, with baselines) and writes the report,
 * by default {@code docs/evaluation/}. The work is {@link EvaluateMain}'s.
 */
public final class EvaluateCommand implements Subcommand {

    @Override
    public String name() {
        return "evaluate";
    }

    @Override
    public String summary() {
        return "run the evaluation suite and write docs/evaluation/ (report, tables, PNG/SVG plots)";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        return EvaluateMain.run(args.toArray(new String[0]), out, err);
    }
}
