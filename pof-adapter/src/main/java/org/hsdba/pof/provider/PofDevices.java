package org.hsdba.pof.provider;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hsdba.pof.message.FeaturesReply;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.southbound.PofSwitch;
import org.onlab.packet.ChassisId;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DefaultDeviceDescription;
import org.onosproject.net.device.DefaultPortDescription;
import org.onosproject.net.device.DeviceDescription;
import org.onosproject.net.device.PortDescription;

/** How POF switches and ports appear in ONOS: ids and descriptions, as pure functions. */
public final class PofDevices {
    /** URI scheme of POF devices: {@code pof:%016x} of the POF device id. */
    public static final String SCHEME = "pof";
    /** Annotation: the enforcement mode the capability probe found ({@code SwitchMode} name). */
    public static final String MODE_ANNOTATION = "pofMode";
    /** Annotation: the POF device id in hex as the switch reports it. */
    public static final String POF_ID_ANNOTATION = "pofDeviceId";

    private PofDevices() {
    }

    public static DeviceId deviceId(long pofDeviceId) {
        return DeviceId.deviceId(String.format(Locale.ROOT, "%s:%016x", SCHEME, pofDeviceId));
    }

    /** The POF device id of an ONOS device id of scheme {@code pof}, or -1 if it is not one. */
    public static long pofDeviceId(DeviceId id) {
        URI uri = id.uri();
        if (!SCHEME.equals(uri.getScheme())) {
            return -1;
        }
        try {
            return Long.parseUnsignedLong(uri.getSchemeSpecificPart(), 16);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The port number ONOS uses: POF's u32 port = (slot << 16) + port id, as the OUTPUT action takes it. */
    public static PortNumber portNumber(PortDesc port) {
        return PortNumber.portNumber(((long) port.slotId() << 16) | port.portId());
    }

    /**
     * Manufacturer from FEATURES_REPLY vendor_id, hardware version from dev_lkup_id (the lookup
     * engine), software version from dev_fw_id (the version string), serial and chassis = dev id.
     */
    public static DeviceDescription device(PofSwitch sw) {
        FeaturesReply f = sw.features();
        DefaultAnnotations annotations = DefaultAnnotations.builder()
                .set(AnnotationKeys.PROTOCOL, "POF 1.4.0")
                .set(AnnotationKeys.CHANNEL_ID, String.valueOf(sw.remoteAddress()))
                .set(MODE_ANNOTATION, sw.mode().name())
                .set(POF_ID_ANNOTATION, String.format(Locale.ROOT, "0x%08x", f.deviceId()))
                .build();
        return new DefaultDeviceDescription(deviceId(f.deviceId()).uri(), Device.Type.SWITCH, f.vendor().text(),
                f.lookupEngine().text(), f.forwardingEngine().text(), Long.toString(f.deviceId()),
                new ChassisId(f.deviceId()), annotations);
    }

    /** Enabled when the link is up (state without LINK_DOWN); speed in Mbit/s from curr_speed (kbit/s). */
    public static PortDescription port(PortDesc port) {
        return port(port, false);
    }

    public static PortDescription port(PortDesc port, boolean removed) {
        DefaultAnnotations annotations = DefaultAnnotations.builder()
                .set(AnnotationKeys.PORT_NAME, port.name().text())
                .set(AnnotationKeys.PORT_MAC, mac(port.hwAddr()))
                .build();
        return DefaultPortDescription.builder()
                .withPortNumber(portNumber(port))
                .isEnabled((port.state() & PortDesc.STATE_LINK_DOWN) == 0)
                .isRemoved(removed)
                .type(Port.Type.COPPER)
                .portSpeed(port.currentSpeed() / 1000)
                .annotations(annotations)
                .build();
    }

    public static List<PortDescription> ports(List<PortDesc> ports) {
        List<PortDescription> out = new ArrayList<>(ports.size());
        for (PortDesc p : ports) {
            out.add(port(p));
        }
        return out;
    }

    private static String mac(byte[] b) {
        StringBuilder sb = new StringBuilder(17);
        for (int i = 0; i < b.length; i++) {
            if (i > 0) {
                sb.append(':');
            }
            sb.append(String.format(Locale.ROOT, "%02x", b[i] & 0xFF));
        }
        return sb.toString();
    }
}
