package org.hsdba.cli;

import java.util.function.Function;

import org.apache.karaf.shell.api.action.Option;
import org.hsdba.api.EditResult;
import org.hsdba.model.PortRef;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.json.ConfigJson;

/**
 * Base of the commands that edit a port's tree: the {@code --version} guard, and one answer for
 * every edit, the new tree with {@code -j}, a summary line otherwise (and a line per warning).
 */
abstract class NodeEditCommand extends PortCommand {

    @Option(name = "--version", description = "Expected tree version: refuse the edit if the tree changed since")
    Long version;

    /** Applies {@code edit} to the tree of {@code p} (if still at {@code --version}) and prints the answer. */
    void apply(PortRef p, TreeEdit edit, Function<EditResult, String> summary) {
        EditResult r = service().edit(p, edit, expected(version));
        if (json()) {
            printJson(ConfigJson.treeToJson(r.tree()));
        } else {
            print("%s", summary.apply(r));
            // Accepted without a check that could not be made now (e.g. the switch is not connected).
            service().warnings(p).forEach(w -> print("warning: %s", w.message()));
        }
    }
}
