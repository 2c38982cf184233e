package org.hsdba.lab.cli;

import java.io.PrintStream;
import java.util.List;

import org.hsdba.sim.run.SimulateMain;

/**
 * {@code hsdba simulate <scenario.json> [options]}: runs a scenario in simulated time through the
 * compiled program on the reference switch's datapath (or a baseline) and writes per-bin CSV/JSON,
 * a summary against the exact allocator and rate plots. The work is {@link SimulateMain}'s.
 */
public final class SimulateCommand implements Subcommand {

    @Override
    public String name() {
        return "simulate";
    }

    @Override
    public String summary() {
        return "run a scenario in simulated time (switch program or baseline); CSV, JSON, summary, plots";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        return SimulateMain.run(args.toArray(new String[0]), out, err);
    }
}
