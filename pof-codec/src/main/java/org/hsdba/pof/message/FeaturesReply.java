package org.hsdba.pof.message;

import java.util.Objects;
import org.hsdba.pof.FieldChecks;

/**
 * FEATURES_REPLY ({@code pof_switch_features}, 208-byte body): device id, slot, port and table
 * counts, capabilities and three 64-byte names (vendor, forwarding engine, lookup engine).
 */
public final class FeaturesReply extends PofMessage {
    public static final int NAME_BYTES = 64;

    private final long deviceId;
    private final int slotId;
    private final int portCount;
    private final int tableCount;
    private final long capabilities;
    private final CString vendor;
    private final CString forwardingEngine;
    private final CString lookupEngine;

    public FeaturesReply(long xid, long deviceId, int slotId, int portCount, int tableCount, long capabilities,
                         CString vendor, CString forwardingEngine, CString lookupEngine) {
        super(xid);
        this.deviceId = FieldChecks.u32(deviceId, "dev_id");
        this.slotId = FieldChecks.u16(slotId, "slotID");
        this.portCount = FieldChecks.u16(portCount, "port_num");
        this.tableCount = FieldChecks.u16(tableCount, "table_num");
        this.capabilities = FieldChecks.u32(capabilities, "capabilities");
        this.vendor = name(vendor, "vendor_id");
        this.forwardingEngine = name(forwardingEngine, "dev_fw_id");
        this.lookupEngine = name(lookupEngine, "dev_lkup_id");
    }

    private static CString name(CString name, String field) {
        Objects.requireNonNull(name, field);
        if (name.size() != NAME_BYTES) {
            throw new IllegalArgumentException(field + " must be " + NAME_BYTES + " bytes, got " + name.size());
        }
        return name;
    }

    @Override
    public int type() {
        return MessageType.FEATURES_REPLY;
    }

    public long deviceId() {
        return deviceId;
    }

    public int slotId() {
        return slotId;
    }

    public int portCount() {
        return portCount;
    }

    /** Sum of the per-type table counts. */
    public int tableCount() {
        return tableCount;
    }

    public long capabilities() {
        return capabilities;
    }

    public CString vendor() {
        return vendor;
    }

    public CString forwardingEngine() {
        return forwardingEngine;
    }

    public CString lookupEngine() {
        return lookupEngine;
    }

    @Override
    protected Object[] components() {
        return new Object[] {deviceId, slotId, portCount, tableCount, capabilities, vendor, forwardingEngine,
            lookupEngine};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"deviceId", "slotId", "portCount", "tableCount", "capabilities", "vendor",
            "forwardingEngine", "lookupEngine"};
    }
}
