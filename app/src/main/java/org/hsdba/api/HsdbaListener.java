package org.hsdba.api;

import org.onosproject.event.EventListener;

/** Receives service events. Called on the service's control thread: return quickly, never block. */
public interface HsdbaListener extends EventListener<HsdbaEvent> {
}
