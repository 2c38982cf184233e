package org.hsdba.api;

/** Receives service events. Called on the service's control thread: return quickly, never block. */
public interface HsdbaListener {

    void event(HsdbaEvent event);
}
