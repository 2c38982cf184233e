package org.hsdba.lab.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.CodeSource;
import java.util.Optional;

/**
 * Finds the repository's {@code examples/} directory: the {@code hsdba.examples} system property,
 * else an {@code examples/} next to one of the directories above this program's jar (the launcher
 * runs {@code lab/target/hsdba-lab.jar} from any working directory), else {@code ./examples}.
 */
final class Examples {

    private Examples() {
    }

    static Optional<Path> find(String name) {
        String property = System.getProperty("hsdba.examples");
        if (property != null) {
            Path p = Paths.get(property, name);
            return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
        }
        try {
            CodeSource source = Examples.class.getProtectionDomain().getCodeSource();
            if (source != null) {
                for (Path dir = Paths.get(source.getLocation().toURI()).toAbsolutePath(); dir != null; dir = dir.getParent()) {
                    Path p = dir.resolve("examples").resolve(name);
                    if (Files.isRegularFile(p)) {
                        return Optional.of(p);
                    }
                }
            }
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            // fall through to the working directory
        }
        Path p = Paths.get("examples", name);
        return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
    }
}
