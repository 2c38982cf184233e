package org.hsdba.pof.provider;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * The address the POF server binds, from the component property {@code pofBindAddress}. ONOS keeps
 * component properties cluster-wide, so one value serves every node; {@value #NODE} resolves on each
 * node to that node's own cluster address (its {@code ip} in ONOS's cluster metadata,
 * {@code ClusterService.getLocalNode().ip()}), the address its switches are given for it, as ONOS's
 * OpenFlow controller is reached at the node's address. So several nodes sharing a host (on
 * 127.0.0.1, .2, .3) each listen on their own address, where 0.0.0.0 on all of them would collide.
 */
final class BindAddress {

    /** The value that means "this node's cluster address" (the property's default). */
    static final String NODE = OsgiPropertyConstants.POF_BIND_ADDRESS_DEFAULT;

    private BindAddress() {
    }

    /** The address to bind: {@code localNodeIp} for {@value #NODE}, any other value as given. */
    static String resolve(String configured, Supplier<String> localNodeIp) {
        String v = configured.strip();
        if (!NODE.equals(v.toLowerCase(Locale.ROOT))) {
            return v;
        }
        String ip = localNodeIp.get();
        if (ip == null || ip.isBlank()) {
            throw new IllegalStateException("pofBindAddress = " + NODE
                    + " but ONOS reports no address for the local node (cluster metadata)");
        }
        return ip;
    }
}
