package org.hsdba.southbound;

import java.util.Collection;
import java.util.Optional;

/** The switches connected to the adapter. */
public interface PofSwitchService {

    Collection<PofSwitch> switches();

    Optional<PofSwitch> getSwitch(long deviceId);

    void addListener(PofSwitchListener listener);

    void removeListener(PofSwitchListener listener);
}
