package org.hsdba.sim.eval;

import java.io.IOException;

/** One experiment of the evaluation (section 6 of the algorithm document, plus ours). */
public interface Experiment {

    /** Short id, used for file names: {@code [a-z0-9-]+}. */
    String id();

    /** Title of its report section. */
    String title();

    /** Runs it, writes its plots and summaries under the context's directory, returns its section. */
    ExperimentResult run(EvalContext context) throws IOException;
}
