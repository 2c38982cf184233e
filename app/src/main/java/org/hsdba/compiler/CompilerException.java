package org.hsdba.compiler;

/** A tree, an option or a switch's limits that the compiler cannot turn into a program; the message says what and where. */
public final class CompilerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CompilerException(String message) {
        super(message);
    }
}
