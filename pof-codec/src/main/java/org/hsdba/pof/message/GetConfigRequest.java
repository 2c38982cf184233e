package org.hsdba.pof.message;

/** GET_CONFIG_REQUEST (empty body); answered by GET_CONFIG_REPLY, RESOURCE_REPORT and PORT_STATUS per port. */
public final class GetConfigRequest extends EmptyMessage {
    public GetConfigRequest(long xid) {
        super(xid);
    }

    @Override
    public int type() {
        return MessageType.GET_CONFIG_REQUEST;
    }
}
