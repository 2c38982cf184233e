package org.hsdba.pof.server;

import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.message.MessageType;

/** Which header types a switch may send to a controller (stock POF 1.4.0 plus the HSDBA extension). */
final class SwitchMessageTypes {
    private SwitchMessageTypes() {
    }

    static boolean fromSwitch(int type) {
        switch (type) {
            case MessageType.HELLO:
            case MessageType.ERROR:
            case MessageType.ECHO_REQUEST:
            case MessageType.ECHO_REPLY:
            case MessageType.FEATURES_REPLY:
            case MessageType.GET_CONFIG_REPLY:
            case MessageType.PACKET_IN:
            case MessageType.PORT_STATUS:
            case MessageType.RESOURCE_REPORT:
            // QUERYALL answers: one TABLE_MOD / FLOW_MOD / GROUP_MOD / METER_MOD / COUNTER_REPLY per object
            case MessageType.FLOW_MOD:
            case MessageType.GROUP_MOD:
            case MessageType.TABLE_MOD:
            case MessageType.METER_MOD:
            case MessageType.COUNTER_REPLY:
            case MessageType.QUERYALL_FIN:
            case HxTypes.FEATURES_REPLY:
            case HxTypes.READ_REPLY:
            case HxTypes.ENTRY_STATUS:
                return true;
            default:
                return false;
        }
    }

    /** The name of a stock or extension type, or "type N". */
    static String name(int type) {
        String hx = HxTypes.messageName(type);
        if (hx != null) {
            return hx;
        }
        String stock = MessageType.name(type);
        return "UNKNOWN".equals(stock) ? "type " + type : stock;
    }
}
