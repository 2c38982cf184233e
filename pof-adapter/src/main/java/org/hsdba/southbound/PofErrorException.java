package org.hsdba.southbound;

import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.PofMessage;

/** A switch answered a request with ERROR; carries both so callers can surface them. */
public class PofErrorException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient ErrorMessage error;
    private final transient PofMessage request;

    public PofErrorException(String message, ErrorMessage error, PofMessage request) {
        super(message);
        this.error = error;
        this.request = request;
    }

    public ErrorMessage error() {
        return error;
    }

    /** The message the ERROR refers to (by xid), or null if the switch named no known request. */
    public PofMessage request() {
        return request;
    }
}
