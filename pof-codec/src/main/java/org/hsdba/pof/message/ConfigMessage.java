package org.hsdba.pof.message;

import java.util.Objects;

/** The {@code pof_switch_config} body shared by GET_CONFIG_REPLY and SET_CONFIG. */
public abstract class ConfigMessage extends PofMessage {
    private final SwitchConfig config;

    protected ConfigMessage(long xid, SwitchConfig config) {
        super(xid);
        this.config = Objects.requireNonNull(config, "config");
    }

    public final SwitchConfig config() {
        return config;
    }

    @Override
    protected final Object[] components() {
        return new Object[] {config};
    }

    @Override
    protected final String[] componentNames() {
        return new String[] {"config"};
    }
}
