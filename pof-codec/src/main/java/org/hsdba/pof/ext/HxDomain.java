package org.hsdba.pof.ext;

/** Operand domains (section 4.0): where an HX operand's value lives, and whether it is writable. */
public enum HxDomain {
    IMM(false), META(true), PKT(true), PARAM(false), STATE(true), REG(true), TIME(false), RAND(false), ENTRY(false);

    private static final HxDomain[] BY_CODE = values();
    private final boolean writable;

    HxDomain(boolean writable) {
        this.writable = writable;
    }

    /** The wire code (0..8). */
    public int code() {
        return ordinal();
    }

    /** Whether an instruction may write to this domain. */
    public boolean writable() {
        return writable;
    }

    /** META and PKT address bit fields with a length; the others address 64-bit words. */
    public boolean isBitField() {
        return this == META || this == PKT;
    }

    /** The domain with wire code {@code code}, or null if there is none. */
    public static HxDomain ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
