package org.hsdba.impl.program;

/** The trees cannot be compiled for this switch (too many nodes for its tables, mode not supported, ...). */
public final class ProgramException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ProgramException(String message) {
        super(message);
    }

    public ProgramException(String message, Throwable cause) {
        super(message, cause);
    }
}
