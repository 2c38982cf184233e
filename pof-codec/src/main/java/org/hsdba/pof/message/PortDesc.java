package org.hsdba.pof.message;

import java.util.Objects;
import org.hsdba.pof.Components;
import org.hsdba.pof.FieldChecks;

/**
 * A port description ({@code pof_port}, 120 bytes). PORT_MOD reuses it; the switch reads only
 * slotID, port_id and of_enable from a PORT_MOD.
 */
public final class PortDesc {
    public static final int LENGTH = 120;
    public static final int NAME_BYTES = 64;
    public static final int HW_ADDR_BYTES = 6;
    /** {@code state} bit: no physical link. */
    public static final long STATE_LINK_DOWN = 1;
    /** {@code state} bit: blocked. */
    public static final long STATE_BLOCKED = 2;
    /** {@code state} bit: live (up and running). */
    public static final long STATE_LIVE = 4;

    private final int slotId;
    private final int portId;
    private final long deviceId;
    private final byte[] hwAddr;
    private final CString name;
    private final long config;
    private final long state;
    private final long current;
    private final long advertised;
    private final long supported;
    private final long peer;
    private final long currentSpeed;
    private final long maxSpeed;
    private final int openflowEnable;

    private PortDesc(Builder b) {
        this.slotId = FieldChecks.u16(b.slotId, "slotID");
        this.portId = FieldChecks.u16(b.portId, "port_id");
        this.deviceId = FieldChecks.u32(b.deviceId, "device_id");
        Objects.requireNonNull(b.hwAddr, "hw_addr");
        if (b.hwAddr.length != HW_ADDR_BYTES) {
            throw new IllegalArgumentException("hw_addr must be 6 bytes, got " + b.hwAddr.length);
        }
        this.hwAddr = b.hwAddr.clone();
        Objects.requireNonNull(b.name, "name");
        if (b.name.size() != NAME_BYTES) {
            throw new IllegalArgumentException("name must be " + NAME_BYTES + " bytes, got " + b.name.size());
        }
        this.name = b.name;
        this.config = FieldChecks.u32(b.config, "config");
        this.state = FieldChecks.u32(b.state, "state");
        this.current = FieldChecks.u32(b.current, "curr");
        this.advertised = FieldChecks.u32(b.advertised, "advertised");
        this.supported = FieldChecks.u32(b.supported, "supported");
        this.peer = FieldChecks.u32(b.peer, "peer");
        this.currentSpeed = FieldChecks.u32(b.currentSpeed, "curr_speed");
        this.maxSpeed = FieldChecks.u32(b.maxSpeed, "max_speed");
        this.openflowEnable = FieldChecks.u8(b.openflowEnable, "of_enable");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this description's values, e.g. to enable a reported port. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.slotId = slotId;
        b.portId = portId;
        b.deviceId = deviceId;
        b.hwAddr = hwAddr;
        b.name = name;
        b.config = config;
        b.state = state;
        b.current = current;
        b.advertised = advertised;
        b.supported = supported;
        b.peer = peer;
        b.currentSpeed = currentSpeed;
        b.maxSpeed = maxSpeed;
        b.openflowEnable = openflowEnable;
        return b;
    }

    public int slotId() {
        return slotId;
    }

    public int portId() {
        return portId;
    }

    public long deviceId() {
        return deviceId;
    }

    /** The 6-byte MAC address (a copy). */
    public byte[] hwAddr() {
        return hwAddr.clone();
    }

    public CString name() {
        return name;
    }

    public long config() {
        return config;
    }

    public long state() {
        return state;
    }

    public long current() {
        return current;
    }

    public long advertised() {
        return advertised;
    }

    public long supported() {
        return supported;
    }

    public long peer() {
        return peer;
    }

    public long currentSpeed() {
        return currentSpeed;
    }

    public long maxSpeed() {
        return maxSpeed;
    }

    /** 1 when POF processing is enabled on the port. */
    public int openflowEnable() {
        return openflowEnable;
    }

    private Object[] components() {
        return new Object[] {slotId, portId, deviceId, hwAddr, name, config, state, current, advertised, supported,
            peer, currentSpeed, maxSpeed, openflowEnable};
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PortDesc && Components.equal(this, components(), o, ((PortDesc) o).components());
    }

    @Override
    public int hashCode() {
        return Components.hash(this, components());
    }

    @Override
    public String toString() {
        return Components.describe("PortDesc", "slotId", slotId, "portId", portId, "deviceId", deviceId,
                "hwAddr", hwAddr, "name", name, "config", config, "state", state, "curr", current,
                "advertised", advertised, "supported", supported, "peer", peer, "currSpeed", currentSpeed,
                "maxSpeed", maxSpeed, "ofEnable", openflowEnable);
    }

    /** Builder; name defaults to empty, hw address to zero, everything else to 0. */
    public static final class Builder {
        private int slotId;
        private int portId;
        private long deviceId;
        private byte[] hwAddr = new byte[HW_ADDR_BYTES];
        private CString name = CString.of("", NAME_BYTES);
        private long config;
        private long state;
        private long current;
        private long advertised;
        private long supported;
        private long peer;
        private long currentSpeed;
        private long maxSpeed;
        private int openflowEnable;

        private Builder() {
        }

        public Builder slotId(int v) {
            slotId = v;
            return this;
        }

        public Builder portId(int v) {
            portId = v;
            return this;
        }

        public Builder deviceId(long v) {
            deviceId = v;
            return this;
        }

        public Builder hwAddr(byte[] v) {
            hwAddr = v;
            return this;
        }

        public Builder name(String v) {
            name = CString.of(v, NAME_BYTES);
            return this;
        }

        public Builder name(CString v) {
            name = v;
            return this;
        }

        public Builder config(long v) {
            config = v;
            return this;
        }

        public Builder state(long v) {
            state = v;
            return this;
        }

        public Builder current(long v) {
            current = v;
            return this;
        }

        public Builder advertised(long v) {
            advertised = v;
            return this;
        }

        public Builder supported(long v) {
            supported = v;
            return this;
        }

        public Builder peer(long v) {
            peer = v;
            return this;
        }

        public Builder currentSpeed(long v) {
            currentSpeed = v;
            return this;
        }

        public Builder maxSpeed(long v) {
            maxSpeed = v;
            return this;
        }

        public Builder openflowEnable(int v) {
            openflowEnable = v;
            return this;
        }

        public PortDesc build() {
            return new PortDesc(this);
        }
    }
}
