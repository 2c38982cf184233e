package org.hsdba.pof.message;

/** GET_CONFIG_REPLY: the switch's own device id, flags and miss_send_len. */
public final class GetConfigReply extends ConfigMessage {
    public GetConfigReply(long xid, SwitchConfig config) {
        super(xid, config);
    }

    @Override
    public int type() {
        return MessageType.GET_CONFIG_REPLY;
    }
}
