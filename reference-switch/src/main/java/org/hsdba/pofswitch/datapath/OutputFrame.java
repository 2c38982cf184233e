package org.hsdba.pofswitch.datapath;

import java.util.Arrays;

/** A frame the datapath sent out of a port (metadata prefix, if any, included). */
public final class OutputFrame {
    private final int port;
    private final byte[] data;

    OutputFrame(int port, byte[] data) {
        this.port = port;
        this.data = data;
    }

    /** POF port id. */
    public int port() {
        return port;
    }

    /** The bytes on the wire (a copy). */
    public byte[] data() {
        return data.clone();
    }

    public int length() {
        return data.length;
    }

    @Override
    public String toString() {
        return "OutputFrame{port=" + port + ", " + data.length + " bytes " + Arrays.toString(Arrays.copyOf(data,
                Math.min(8, data.length))) + "...}";
    }
}
