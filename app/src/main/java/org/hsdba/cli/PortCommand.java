package org.hsdba.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Completion;
import org.hsdba.model.PortRef;

/**
 * Base of the commands on one port's tree: its device and port are arguments 0 and 1. Karaf
 * injects (and its help lists) the annotated fields of superclasses too, so a subclass numbers
 * its own arguments from 2.
 */
abstract class PortCommand extends HsdbaCommand {

    @Argument(index = 0, name = "device", required = true, description = "Device id")
    @Completion(DeviceIdCompleter.class)
    String device;

    @Argument(index = 1, name = "port", required = true, description = "Port number")
    @Completion(PortCompleter.class)
    long port;

    PortRef portRef() {
        return port(device, port);
    }
}
