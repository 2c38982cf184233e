package org.hsdba.cli;

import java.util.OptionalLong;

import org.hsdba.api.HsdbaService;
import org.hsdba.model.PortRef;
import org.onosproject.cli.AbstractShellCommand;

/** Base of the hsdba commands: the service, port references and the optional expected version. */
abstract class HsdbaCommand extends AbstractShellCommand {

    /** Set by tests; otherwise the OSGi service. */
    HsdbaService service;

    HsdbaService service() {
        return service != null ? service : get(HsdbaService.class);
    }

    static PortRef port(String device, long port) {
        return PortRef.of(device, port);
    }

    /** A {@code --version} option: -1 (not given) means "whatever is current". */
    static OptionalLong expected(long version) {
        return version < 0 ? OptionalLong.empty() : OptionalLong.of(version);
    }
}
