package org.hsdba.pof.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;

/** Last handler of a switch connection's pipeline: hands channel events to its {@link SwitchSession}. */
final class SessionHandler extends ChannelInboundHandlerAdapter {
    private final PofServer server;
    private SwitchSession session;

    SessionHandler(PofServer server) {
        this.server = server;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        session = server.newSession(ctx.channel());
        if (server.isStopping()) {
            // accepted just before stop(): ended as stop() ends every other session (on this
            // loop now, so that nothing the switch sent is handled first)
            session.close("disconnected by the controller: controller shutting down", false);
            return;
        }
        session.start();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        session.receive(msg);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent && ((IdleStateEvent) evt).state() == IdleState.READER_IDLE) {
            session.idle(((IdleStateEvent) evt).isFirst());
        } else {
            ctx.fireUserEventTriggered(evt);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (session != null) {
            session.ioFailure(cause);
        } else {
            ctx.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (session != null) {
            session.channelClosed();
        }
    }
}
