package org.hsdba.impl.compiler;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.hsdba.compiler.CompilerException;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.compiler.SwitchCompiler;
import org.hsdba.compiler.assisted.AssistedSwitchCompiler;
import org.hsdba.model.BandwidthTree;

/**
 * Whether one switch can hold a device's trees: the compiler's own full program of exactly those
 * trees for a wiped switch of these sizes (in-switch if {@code caps} has the extension's limits,
 * else controller-assisted), so placement (dispatch entries, level tables, blocks, register and
 * counter chunks), entries per table, key widths and the extension's limits are judged by the one
 * code that programs the switch. An edited tree's previous version is not in the set, so it
 * never counts against its new version. Pure.
 */
public final class SwitchFit {

    private SwitchFit() {
    }

    /**
     * Why the switch cannot hold {@code trees}, or empty if it can.
     *
     * @param trees one device's admitted trees, at most one per port
     * @throws org.hsdba.model.InvalidTreeException if a tree is not admissible (admit it first)
     */
    public static Optional<String> misfit(List<BandwidthTree> trees, SwitchCapabilities caps, CompilerOptions opts) {
        Objects.requireNonNull(trees, "trees");
        Objects.requireNonNull(caps, "caps");
        Objects.requireNonNull(opts, "opts");
        try {
            if (caps.hx().isPresent()) {
                SwitchCompiler.compile(trees, caps, opts);
            } else {
                AssistedSwitchCompiler.compile(trees, caps, opts);
            }
            return Optional.empty();
        } catch (CompilerException e) {
            return Optional.of(e.getMessage());
        }
    }
}
