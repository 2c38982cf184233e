package org.hsdba.lab.hosts;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.hsdba.lab.runtime.LabOptions;
import org.hsdba.pofswitch.control.ControlConfig;
import org.hsdba.pofswitch.control.ReferenceSwitch;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.datapath.PortConfig;
import org.hsdba.pofswitch.ports.RealPorts;

/**
 * The reference switch in this JVM on the hosts' veths (port 1 and the egress port; the ports
 * between them exist without an interface), with the HSDBA extension unless the lab runs stock
 * switches; its own output feeds the egress meter.
 */
final class ReferenceHostSwitch implements HostSwitch {
    private final ReferenceSwitch sw;
    private final RealPorts ports;
    private final ScheduledExecutorService ticker;
    private final boolean stock;

    private ReferenceHostSwitch(ReferenceSwitch sw, RealPorts ports, ScheduledExecutorService ticker, boolean stock) {
        this.sw = sw;
        this.ports = ports;
        this.ticker = ticker;
        this.stock = stock;
    }

    static ReferenceHostSwitch start(LabOptions options, HostNetwork net, int egress, long dpid, int pofPort, EgressMeter meter,
            Consumer<String> log) throws IOException {
        List<PortConfig> pcs = new ArrayList<>();
        for (int id = 1; id <= egress; id++) {
            pcs.add(id == 1 ? RealPorts.portConfig(1, net.switchInInterface())
                    : id == egress ? RealPorts.portConfig(id, net.switchOutInterface()) : PortConfig.standard(id));
        }
        DatapathConfig.Builder db = DatapathConfig.builder().deviceId(dpid).ports(pcs).extensionEnabled(!options.stockSwitches())
                .rngSeed(dpid);
        ControlConfig.Builder cb = ControlConfig.builder().controller("127.0.0.1", pofPort).reconnectIntervalMs(1000);
        if (options.stockSwitches()) {
            options.stockProfile().resources(db);
            options.stockProfile().timing(cb);
        }
        ReferenceSwitch sw = new ReferenceSwitch(db.build(), cb.build());
        sw.onOutput(meter::accept);
        RealPorts ports;
        try {
            ports = RealPorts.attach(sw, Map.of(1, net.switchInInterface(), egress, net.switchOutInterface()), log);
        } catch (IOException | RuntimeException e) {
            sw.close();
            throw e;
        }
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "hosts-lab-ticker");
            t.setDaemon(true);
            return t;
        });
        ticker.scheduleAtFixedRate(sw::advanceClock, 100, 100, TimeUnit.MILLISECONDS);
        sw.start();
        return new ReferenceHostSwitch(sw, ports, ticker, options.stockSwitches());
    }

    @Override
    public String description() {
        return "reference switch in this JVM on real ports, " + (stock ? "stock (no extension)" : "with the HSDBA extension");
    }

    @Override
    public String stats() {
        return ports.stats().toString();
    }

    @Override
    public String failure() {
        return null;
    }

    @Override
    public void close() {
        ticker.shutdownNow();
        ports.close();
        sw.close();
    }
}
