package org.hsdba.interop;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import org.hsdba.pofswitch.upstream.UpstreamPofSwitch;

/**
 * The real POFSwitch binary, built (once, cached) by {@code scripts/pofswitch.sh} (through
 * {@link UpstreamPofSwitch#binary}), remembered for the run; tests ask
 * {@link #binary} and skip with {@link #whyNot} when there is none.
 */
final class PofSwitchBuild {

    private static final Map<String, Path> BUILT = new HashMap<>();
    private static final Map<String, String> WHY_NOT = new HashMap<>();

    private PofSwitchBuild() {
    }

    /** The repository root: the nearest directory up from the working directory with scripts/pofswitch.sh. */
    static Path repoRoot() {
        return UpstreamPofSwitch.repositoryRoot().orElseThrow(() -> new IllegalStateException(
                "no scripts/pofswitch.sh in " + Paths.get("").toAbsolutePath() + " or above"));
    }

    /** The stock flavour's binary (upstream plus the traversal fix), built on first use. */
    static Optional<Path> binary() {
        return binary("stock");
    }

    /** A flavour's binary ({@code stock}, or {@code hx} with the HSDBA extension), built on first use. */
    static synchronized Optional<Path> binary(String flavour) {
        if (!BUILT.containsKey(flavour) && !WHY_NOT.containsKey(flavour)) {
            UpstreamPofSwitch.Build b = UpstreamPofSwitch.binary(repoRoot(), flavour);
            if (b.binary().isPresent()) {
                BUILT.put(flavour, b.binary().get());
            } else {
                WHY_NOT.put(flavour, b.whyNot());
            }
        }
        return Optional.ofNullable(BUILT.get(flavour));
    }

    static String whyNot() {
        return whyNot("stock");
    }

    static synchronized String whyNot(String flavour) {
        return WHY_NOT.get(flavour);
    }
}
