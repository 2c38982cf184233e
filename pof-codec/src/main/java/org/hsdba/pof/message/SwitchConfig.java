package org.hsdba.pof.message;

import org.hsdba.pof.FieldChecks;

/** {@code pof_switch_config} (8 bytes): {@code u32 dev_id | u16 flags | u16 miss_send_len}. */
public final class SwitchConfig {
    public static final int LENGTH = 8;

    private final long deviceId;
    private final int flags;
    private final int missSendLength;

    public SwitchConfig(long deviceId, int flags, int missSendLength) {
        this.deviceId = FieldChecks.u32(deviceId, "dev_id");
        this.flags = FieldChecks.u16(flags, "flags");
        this.missSendLength = FieldChecks.u16(missSendLength, "miss_send_len");
    }

    public long deviceId() {
        return deviceId;
    }

    public int flags() {
        return flags;
    }

    public int missSendLength() {
        return missSendLength;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SwitchConfig)) {
            return false;
        }
        SwitchConfig c = (SwitchConfig) o;
        return deviceId == c.deviceId && flags == c.flags && missSendLength == c.missSendLength;
    }

    @Override
    public int hashCode() {
        return (Long.hashCode(deviceId) * 31 + flags) * 31 + missSendLength;
    }

    @Override
    public String toString() {
        return "SwitchConfig{deviceId=" + deviceId + ", flags=" + flags + ", missSendLength=" + missSendLength + "}";
    }
}
