package org.hsdba.api;

/** The device, port, tree or node a request names does not exist (REST: 404). */
public final class NotFoundException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public NotFoundException(String message) {
        super(message);
    }
}
