package org.hsdba.pofswitch.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.hsdba.pof.codec.PofCodec;
import org.hsdba.pof.codec.PofDecodeException;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.message.PofMessage;

/** A tiny controller for tests: accepts the switch's connection and exchanges whole messages. */
final class ScriptedController implements AutoCloseable {
    private static final PofCodec CODEC = ExtCodec.extendedCodec();
    private final ServerSocket server;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    ScriptedController() throws IOException {
        server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
        server.setSoTimeout(10_000);
    }

    int port() {
        return server.getLocalPort();
    }

    /** Waits for the switch to connect. */
    void accept() throws IOException {
        if (socket != null) {
            socket.close();
        }
        socket = server.accept();
        socket.setSoTimeout(10_000);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    void send(byte[] message) throws IOException {
        out.write(message);
        out.flush();
    }

    void send(PofMessage m) throws IOException {
        send(CODEC.encode(m));
    }

    /** The next whole message's bytes. */
    byte[] readBytes() throws IOException {
        byte[] header = in.readNBytes(8);
        if (header.length < 8) {
            throw new IOException("connection closed by the switch");
        }
        int length = ByteBuffer.wrap(header, 2, 2).getShort() & 0xFFFF;
        byte[] all = Arrays.copyOf(header, length);
        byte[] body = in.readNBytes(length - 8);
        System.arraycopy(body, 0, all, 8, body.length);
        return all;
    }

    PofMessage read() throws IOException, PofDecodeException {
        return CODEC.decode(readBytes());
    }

    /** True if the switch closed the connection (reads EOF within the timeout). */
    boolean closedBySwitch() throws IOException {
        return in.read() < 0;
    }

    @Override
    public void close() throws IOException {
        if (socket != null) {
            socket.close();
        }
        server.close();
    }
}
