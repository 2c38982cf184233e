package org.hsdba.pof.message;

/** SET_CONFIG: the switch ignores dev_id and stores flags/miss_send_len without using them. */
public final class SetConfig extends ConfigMessage {
    public SetConfig(long xid, SwitchConfig config) {
        super(xid, config);
    }

    @Override
    public int type() {
        return MessageType.SET_CONFIG;
    }
}
