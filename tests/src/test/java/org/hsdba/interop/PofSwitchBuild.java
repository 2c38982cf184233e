package org.hsdba.interop;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The real POFSwitch binary, built (once, cached) by {@code scripts/pofswitch.sh}; tests ask
 * {@link #binary} and skip with {@link #whyNot} when there is none.
 */
final class PofSwitchBuild {

    private static final Map<String, Path> BUILT = new HashMap<>();
    private static final Map<String, String> WHY_NOT = new HashMap<>();

    private PofSwitchBuild() {
    }

    /** The repository root: the nearest directory up from the working directory with scripts/pofswitch.sh. */
    static Path repoRoot() {
        Path cwd = Paths.get("").toAbsolutePath();
        for (Path p = cwd; p != null; p = p.getParent()) {
            if (Files.exists(p.resolve("scripts/pofswitch.sh"))) {
                return p;
            }
        }
        throw new IllegalStateException("no scripts/pofswitch.sh in " + cwd + " or above");
    }

    /** The stock flavour's binary (upstream plus the traversal fix), built on first use. */
    static Optional<Path> binary() {
        return binary("stock");
    }

    /** A flavour's binary ({@code stock}, or {@code hx} with the HSDBA extension), built on first use. */
    static synchronized Optional<Path> binary(String flavour) {
        if (!BUILT.containsKey(flavour) && !WHY_NOT.containsKey(flavour)) {
            Shell.Result r = Shell.tryRun("bash", repoRoot().resolve("scripts/pofswitch.sh").toString(), "build", flavour);
            String[] lines = r.output.strip().split("\n");
            if (r.exit == 0 && Files.isExecutable(Paths.get(lines[lines.length - 1]))) {
                BUILT.put(flavour, Paths.get(lines[lines.length - 1]));
            } else {
                WHY_NOT.put(flavour, "no " + flavour + " POFSwitch build (scripts/pofswitch.sh exited " + r.exit + "): "
                        + r.output.strip());
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
