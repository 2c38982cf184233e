package org.hsdba.impl.compiler;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import org.hsdba.compiler.assisted.AssistedProgram;
import org.hsdba.compiler.assisted.AssistedSwitchProgram;
import org.hsdba.compiler.assisted.NodeLoop;
import org.hsdba.model.BandwidthTree;

/**
 * A debug trace of the controller-assisted loop: with the system property
 * {@code hsdba.assisted.trace} set to a file, every poll appends one CSV line per node (offered,
 * dropped and passed rate, allocation, drop probability, threshold). Off (nothing written, nothing
 * allocated) when the property is unset. For explaining a real-traffic run
 * (docs/controller-assisted-mode.md, "Tracing the loop"), not for production.
 */
final class AssistedTrace {

    static final String PROPERTY = "hsdba.assisted.trace";
    private static final String HEADER = "wall_ms,poll,port,node,leaf,offered_bps,dropped_bps,passed_bps,x_bps,p,"
            + "threshold,modifies";
    private static PrintWriter out;
    private static boolean failed;

    private AssistedTrace() {
    }

    /** Appends the state after one poll; {@code modifies} is the number of FLOW_MODs that poll sends. */
    static void poll(AssistedSwitchProgram stepped, int modifies) {
        String file = System.getProperty(PROPERTY);
        if (file == null || file.isEmpty()) {
            return;
        }
        long wall = System.currentTimeMillis();
        List<String> lines = new ArrayList<>();
        for (AssistedProgram p : stepped.programs()) {
            BandwidthTree tree = p.tree();
            long port = tree.port().port();
            stepped.state(port).ifPresent(state -> {
                for (String id : p.nodeIds()) {
                    NodeLoop n = state.nodes().get(id);
                    if (n == null) {
                        continue;
                    }
                    lines.add(String.format(java.util.Locale.ROOT, "%d,%d,%d,%s,%b,%.0f,%.0f,%.0f,%.0f,%.5f,%d,%d",
                            wall, state.polls(), port, id, tree.isLeaf(tree.indexOf(id)), n.offeredBps(),
                            n.droppedBps(), n.passedBps(), n.allocatedBps(), n.dropProbability(), n.threshold(),
                            modifies));
                }
            });
        }
        write(file, lines);
    }

    private static synchronized void write(String file, List<String> lines) {
        if (failed) {
            return;
        }
        try {
            if (out == null) {
                Path path = Path.of(file);
                boolean fresh = !Files.exists(path) || Files.size(path) == 0;
                out = new PrintWriter(Files.newBufferedWriter(path, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND));
                if (fresh) {
                    out.println(HEADER);
                }
            }
            lines.forEach(out::println);
            out.flush();
        } catch (IOException e) {
            failed = true;
            System.err.println("hsdba: cannot write the controller-assisted trace " + file + " (" + PROPERTY + "): " + e);
        }
    }
}
