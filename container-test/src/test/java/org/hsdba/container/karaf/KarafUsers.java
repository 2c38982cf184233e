package org.hsdba.container.karaf;

/** Users of the container's realm {@code karaf}. */
public final class KarafUsers {

    /** The shell user of Karaf's own users.properties (bin/client). */
    public static final String SHELL_USER = "karaf";
    public static final String SHELL_PASSWORD = "karaf";

    /** ONOS's default web user, in the admin group (roles admin, viewer, ...). */
    public static final String WEB_USER = "onos";
    public static final String WEB_PASSWORD = "rocks";

    private KarafUsers() {
    }
}
