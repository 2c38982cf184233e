package org.hsdba.interop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a command to its end and returns its output, or fails saying which command printed what. */
final class Shell {

    private Shell() {
    }

    static String run(String... command) {
        Result r = tryRun(command);
        if (r.exit != 0) {
            throw new IllegalStateException(String.join(" ", command) + " exited " + r.exit + ": " + r.output.strip());
        }
        return r.output;
    }

    /** Like {@link #run} but returns the exit code instead of failing (for probes and clean-ups). */
    static Result tryRun(String... command) {
        try {
            Process p = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return new Result(-1, "timed out");
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Result(-1, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        }
    }

    static final class Result {
        final int exit;
        final String output;

        Result(int exit, String output) {
            this.exit = exit;
            this.output = output;
        }
    }
}
