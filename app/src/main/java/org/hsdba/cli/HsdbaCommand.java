package org.hsdba.cli;

import java.util.OptionalLong;

import com.fasterxml.jackson.databind.JsonNode;

import org.apache.karaf.shell.support.CommandException;
import org.hsdba.api.HsdbaService;
import org.hsdba.api.NotFoundException;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.hsdba.model.json.JsonWriter;
import org.hsdba.store.StoreFailure;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.store.service.StorageException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Base of the hsdba commands: the service, port references, the optional expected version and
 * the output of ONOS's inherited {@code -j/--json} option.
 */
abstract class HsdbaCommand extends AbstractShellCommand {

    private static final Logger LOG = LoggerFactory.getLogger(HsdbaCommand.class);

    /** Set by tests; otherwise the OSGi service. */
    HsdbaService service;

    /** Set by tests; otherwise ONOS's {@code -j} option (a private field of the base class). */
    Boolean json;

    /** What the command does; an operator's mistake is an unchecked exception (see {@link #doExecute}). */
    abstract void run();

    /**
     * Runs the command. A refused request (bad argument, admission violations, stale version, no
     * such tree or node) is the operator's mistake, not a server error: it becomes Karaf's
     * {@link CommandException}, which the shell prints ("Error executing command: " and the
     * reasons), ends the command with a failure status, and logs only at DEBUG. A failure of ONOS's
     * distributed store (a timeout) is told the same way, with what to do, and logged at WARN.
     * Anything else propagates and is logged as the error it is.
     */
    @Override
    protected final void doExecute() throws CommandException {
        try {
            run();
        } catch (IllegalArgumentException | VersionConflictException | NotFoundException e) {
            throw refused(e);
        } catch (StorageException e) {
            // Not the operator's mistake, but not a bug of the command either: say what happened
            // once in the log and tell the operator what to do, without a stack trace.
            String message = StoreFailure.describe(e);
            LOG.warn("hsdba command failed: {}", message);
            throw new CommandException(message, e);
        }
    }

    static CommandException refused(RuntimeException e) {
        return new CommandException(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage(), e);
    }

    HsdbaService service() {
        return service != null ? service : get(HsdbaService.class);
    }

    boolean json() {
        return json != null ? json : outputJson();
    }

    /** Readable JSON text (the shell adds the line break). */
    void printJson(JsonNode node) {
        print("%s", JsonWriter.write(node).stripTrailing());
    }

    /** The tree of port {@code p}; NotFoundException (the shell shows its message) if there is none. */
    BandwidthTree tree(PortRef p) {
        return service().tree(p).orElseThrow(() -> new NotFoundException("no tree for " + p));
    }

    static PortRef port(String device, long port) {
        return PortRef.of(device, port);
    }

    /**
     * A {@code --version} option: null (not given) means "whatever is current". A boxed type, so
     * that the help does not show a sentinel default.
     */
    static OptionalLong expected(Long version) {
        if (version == null) {
            return OptionalLong.empty();
        }
        if (version < 0) {
            throw new IllegalArgumentException("--version " + version + ": a tree version is 0 (no tree yet) or more");
        }
        return OptionalLong.of(version);
    }
}
