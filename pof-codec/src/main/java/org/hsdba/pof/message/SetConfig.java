package org.hsdba.pof.message;

import java.util.Objects;

/** SET_CONFIG: the switch ignores dev_id and stores flags/miss_send_len without using them. */
public final class SetConfig extends PofMessage {
    private final SwitchConfig config;

    public SetConfig(long xid, SwitchConfig config) {
        super(xid);
        this.config = Objects.requireNonNull(config, "config");
    }

    @Override
    public int type() {
        return MessageType.SET_CONFIG;
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
