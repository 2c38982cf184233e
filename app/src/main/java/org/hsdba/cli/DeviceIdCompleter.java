package org.hsdba.cli;

import java.util.List;
import java.util.stream.Collectors;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.hsdba.api.DeviceStatus;
import org.hsdba.api.HsdbaService;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.onosproject.cli.AbstractShellCommand;

/** Completes device ids the service knows: connected switches and devices with a tree. */
@Service
public class DeviceIdCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return AbstractShellCommand.get(HsdbaService.class).devices().stream().map(DeviceStatus::id)
                .collect(Collectors.toList());
    }
}
