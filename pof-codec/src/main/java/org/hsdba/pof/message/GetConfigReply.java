package org.hsdba.pof.message;

import java.util.Objects;

/** GET_CONFIG_REPLY: the switch's own device id, flags and miss_send_len. */
public final class GetConfigReply extends PofMessage {
    private final SwitchConfig config;

    public GetConfigReply(long xid, SwitchConfig config) {
        super(xid);
        this.config = Objects.requireNonNull(config, "config");
    }

    @Override
    public int type() {
        return MessageType.GET_CONFIG_REPLY;
    }

    public SwitchConfig config() {
        return config;
    }

    @Override
    protected Object[] components() {
        return new Object[] {config};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"config"};
    }
}
