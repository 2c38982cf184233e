package org.hsdba.pof.message;

import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.PofVersion;

/**
 * A message whose whole body is bytes the switch does not interpret (HELLO, ECHO_REQUEST,
 * ECHO_REPLY): kept as received so it re-encodes exactly and an echo can be answered in kind.
 */
public abstract class OpaqueMessage extends PofMessage {
    /** The largest body the 2560-byte message limit allows. */
    public static final int MAX_DATA = PofVersion.MAX_MESSAGE_LENGTH - PofVersion.HEADER_LENGTH;

    private final byte[] data;

    /** @param dataField the name a too-long {@code data} is reported under */
    protected OpaqueMessage(long xid, byte[] data, String dataField) {
        super(xid);
        this.data = FieldChecks.maxLength(data, MAX_DATA, dataField).clone();
    }

    /** Body bytes after the header (a copy; usually empty). */
    public final byte[] data() {
        return data.clone();
    }

    @Override
    protected final Object[] components() {
        return new Object[] {data};
    }

    @Override
    protected final String[] componentNames() {
        return new String[] {"data"};
    }
}
